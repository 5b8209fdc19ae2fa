"""Num Wars tensors: one seat's view as fixed-length float vectors (docs/reference/numwars.md).

The contract is `numrules.core.tensors`. With D the size of the format's deck, P =
`players`, H = `hand_size` (the tricks of a round) and N = `rounds`, a card's place in a
block over the deck is its index in `config.all_cards()` (its action id), and a block
per seat holds seat k (k seats after the observer; 0 is the observer) at k * D. The
layouts, block by block, are the tables of the reference page ("Tensors").

Points can be negative (the Num-X player's penalty, custom bonuses), so a score x is
written 0.5 + x / 2B, with B the most a seat can score in a round (its cards grouped by
value, every stolen pair and every bonus line) for a round's points, and N * B for a
total: 0.5 is zero, and every score lies in [0, 1].

The information state adds the history of the current round, read from the seat's
events: who played each card in which trick, the voids those plays showed, and each
finished round's scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from numrules.core.cards import FamilyCard, NumCard
from numrules.core.events import Event
from numrules.core.tensors import Block, Layout, Tensors, per_config, round_events, tensor_seat
from numrules.numwars.cards import SHADOW, Role, Suit, suit_of
from numrules.numwars.config import Config
from numrules.numwars.event_types import Dealt, Played, Stole, TrickWon
from numrules.numwars.observation import Observation
from numrules.numwars.scoring import is_classic, value_points
from numrules.numwars.state import Fate, Phase, RoundResult

_ROLES = (Role.BOMBER, Role.DEMINER, Role.NUM_X, Role.ACCOMPLICE, Role.CIVILIAN)
_SUITS = (Suit.RED, Suit.BLUE, Suit.GREEN, Suit.YELLOW, Suit.TRUMP)
_FATES = (Fate.KEPT, Fate.PROTECTED, Fate.CAPTURED)
_TRUMPS = _SUITS.index(Suit.TRUMP)
_SPECIALS = len(_SUITS)
"""The columns of the trumps and of the specials in the block of voids (after the colours)."""
_BONUSES = (
    "bomb_kept",
    "bomb_protected",
    "joker_protects",
    "deminer_captures",
    "civilian_captures",
    "num_x_captures",
    "deminer_consolation",
    "num_x_spared",
)


def _observation_blocks(config: Config) -> tuple[Block, ...]:
    deck, players = len(config.all_cards()), config.players
    return (
        Block("hand", deck, "the cards of the own hand (at their action ids)"),
        Block(
            "role", len(_ROLES), "one-hot own role: Bomber, Deminer, Num-X, Accomplice, Civilian"
        ),
        Block("round", config.rounds, "one-hot round"),
        Block("over", 1, "1 once the game is over"),
        Block("to act", players, "the seat to play (seat k: k seats after the observer)"),
        Block("leader", players, "the seat that leads the current trick"),
        Block("trick", players * deck, "the card seat k played to the current trick"),
        Block("stolen", players, "seat k's card in the current trick was stolen away"),
        Block("suit", len(_SUITS), "one-hot suit to follow: red, blue, green, yellow, trumps"),
        Block("hand sizes", players, "seat k's hand size / H"),
        Block("tricks", players, "the tricks seat k has won this round / H"),
        Block("won", players * deck, "the cards seat k has won this round"),
        Block("pairs", players * deck, "the trump pairs seat k has stolen this round"),
        Block("bomb", len(_FATES), "one-hot fate of this round's Bomb: kept, protected, captured"),
        Block("capturer", players, "the seat that captured the Bomb this round"),
        Block("protector", players, "the seat whose Joker protected the Bomb this round"),
        Block(
            "round points",
            players,
            f"seat k's card and pair points this round: 0.5 + x / {2 * _round_high(config)}",
        ),
        Block(
            "totals",
            players,
            f"seat k's total: 0.5 + x / {2 * config.rounds * _round_high(config)}",
        ),
    )


def _history_blocks(config: Config) -> tuple[Block, ...]:
    deck, players = len(config.all_cards()), config.players
    return (
        Block("played by", players * deck, "this round: the cards seat k played (a steal too)"),
        Block("trick number", deck, "this round: (t + 1) / H for each card played in trick t"),
        Block(
            "voids",
            players * (len(_SUITS) + 1),
            "this round: seat k showed it holds no red, blue, green, yellow, trump, special"
            " card, at k * 6 + 0..5",
        ),
        Block(
            "round scores",
            config.rounds * players,
            f"seat k's score in the finished round r, at r * P + k: 0.5 + x /"
            f" {2 * _round_high(config)}",
        ),
    )


def _round_high(config: Config) -> int:
    """B: the most a seat can score, or lose, in one round."""
    top = config.format.max_value
    cards = sum(
        max(abs(value_points(config, value, count)) for count in range(5))
        for value in range(top + 1)
    )
    pairs = sum(range(top + 1))  # one pair of each trump value
    bonuses = sum(abs(int(getattr(config, line))) for line in _BONUSES)
    return max(1, cards + pairs + bonuses)


class _Plan:
    """Everything a Config fixes: the layouts, the offsets of the blocks, the scales."""

    __slots__ = (
        "at",
        "card_slot",
        "config",
        "deck",
        "fate_index",
        "hand_size",
        "history",
        "index",
        "information_state",
        "information_state_size",
        "observation",
        "observation_size",
        "pair_value",
        "piles",
        "players",
        "points",
        "relative",
        "role_index",
        "round_scale",
        "suit",
        "suit_index",
        "total_scale",
    )

    def __init__(self, config: Config) -> None:
        self.config = config
        self.observation = Layout(_observation_blocks(config))
        self.information_state = Layout(self.observation.blocks + _history_blocks(config))
        self.observation_size = self.observation.size
        self.information_state_size = self.information_state.size
        self.at = {name: where.start for name, where in self.information_state.offsets().items()}
        """Where each block starts, by name (the observation's blocks start at the same place
        in both tensors)."""
        deck = config.all_cards()
        self.deck = len(deck)
        self.players = players = config.players
        self.hand_size = config.hand_size
        self.index = {card: i for i, card in enumerate(deck)}
        # suit[card]: the column of the card's suit in the block of voids (specials: 5).
        self.suit = {card: _suit_column(card) for card in deck}
        self.suit_index = {suit: i for i, suit in enumerate(_SUITS)}
        self.role_index = {role: i for i, role in enumerate(_ROLES)}
        self.fate_index = {fate: i for i, fate in enumerate(_FATES)}
        # The scoring, read off once: each card's index and the value it counts under
        # (top + 1 for the cards that do not score), the points of each trump pair card
        # (its SHADOW half), the points of n classic cards of a value.
        top = config.format.max_value
        self.card_slot = {
            card: (i, card.value if is_classic(card) else top + 1) for i, card in enumerate(deck)
        }
        self.pair_value = {
            card: card.value if type(card) is FamilyCard and card.family is SHADOW else 0
            for card in deck
        }
        self.points = tuple(
            tuple(value_points(config, value, count) for count in range(5))
            for value in range(top + 1)
        )
        high = _round_high(config)
        self.round_scale = 1.0 / (2 * high)
        self.total_scale = 1.0 / (2 * high * config.rounds)
        self.relative = tuple(
            tuple((seat - observer) % players for seat in range(players))
            for observer in range(players)
        )
        self.history: tuple[tuple[RoundResult, ...], tuple[tuple[int, ...], ...]] = (
            (),
            ((0,) * players,),
        )
        """The history last read and its `_history_totals`."""
        self.piles: list[tuple[tuple[NumCard, ...], list[float], int]] = [
            ((), [0.0] * self.deck, 0) for _ in range(players)
        ]
        """Each seat's won pile last read, with its `_won_pile` block and points."""


def _suit_column(card: NumCard) -> int:
    suit = suit_of(card)
    return _SPECIALS if suit is None else _SUITS.index(suit)


_plan = per_config(_Plan)


def observation_layout(config: Config) -> Layout:
    """The layout of the observation tensor of a game of `config`."""
    return _plan(config).observation


def information_state_layout(config: Config) -> Layout:
    """The layout of the information-state tensor: the observation's blocks, then history."""
    return _plan(config).information_state


def observation_tensor(obs: Observation) -> list[float]:
    """The observing seat's view of the table now, as `observation_layout(config).size` floats.

    Raises:
        SeatError: `obs` is a spectator's (seat None): the tensors are a seat's view.

    """
    plan = _plan(obs.config)
    values = [0.0] * plan.observation_size
    _write_observation(values, obs, tensor_seat(obs.seat), plan)
    return values


def information_state_tensor(obs: Observation) -> list[float]:
    """The observation tensor followed by the history of the round the seat remembers.

    Raises:
        SeatError: `obs` is a spectator's (seat None): the tensors are a seat's view.

    """
    plan = _plan(obs.config)
    seat = tensor_seat(obs.seat)
    values = [0.0] * plan.information_state_size
    _write_observation(values, obs, seat, plan)
    # A trick records a play per seat and its winner (and at most one Bomb).
    guess = (sum(obs.tricks) + 1) * (plan.players + 2) + 4
    _write_history(values, round_events(obs.log, Dealt, guess), seat, plan)
    start = plan.at["round scores"]
    rel, players, scale = plan.relative[seat], plan.players, plan.round_scale
    for r, scores in enumerate(_history_totals(obs.history, plan)[:-1]):
        for s, score in enumerate(scores):
            values[start + r * players + rel[s]] = _scaled(score, scale)
    return values


def _scaled(points: int, scale: float) -> float:
    # 0.5 + points / 2B, kept in [0, 1] (B bounds the points; the clip is a safeguard).
    return min(1.0, max(0.0, 0.5 + points * scale))


def _history_totals(history: tuple[RoundResult, ...], plan: _Plan) -> tuple[tuple[int, ...], ...]:
    """Each finished round's scores by seat, then the sums: kept while the history lasts.

    A round's score is a sum of its lines, worth computing once: every observation of a
    round shares its history.
    """
    seen, totals = plan.history
    if seen is not history:
        rounds = [result.totals for result in history]
        sums = tuple(map(sum, zip(*rounds, strict=True))) if rounds else (0,) * plan.players
        totals = (*rounds, sums)
        plan.history = (history, totals)
    return totals


def _won_pile(won: tuple[NumCard, ...], seat: int, plan: _Plan) -> tuple[list[float], int]:
    """A won pile's block over the deck and its card points: kept while the pile lasts.

    A seat's pile changes only when it wins a trick, so most observations in a row share
    it (the same tuple): the block is then copied in one step.
    """
    kept = plan.piles[seat]
    if kept[0] is won:
        return kept[1], kept[2]
    card_slot = plan.card_slot
    block = [0.0] * plan.deck
    counts = [0] * (len(plan.points) + 1)  # per value, and one for the cards that never score
    for card in won:
        i, slot = card_slot[card]
        block[i] = 1.0
        counts[slot] += 1
    # `points` has no row for the last slot, which `map` therefore leaves out.
    points = sum(map(tuple.__getitem__, plan.points, counts))
    plan.piles[seat] = (won, block, points)
    return block, points


def _write_observation(values: list[float], obs: Observation, seat: int, plan: _Plan) -> None:
    at = plan.at
    deck, players = plan.deck, plan.players
    rel = plan.relative[seat]
    index = plan.index
    start = at["hand"]
    for card in obs.hand:
        values[start + index[card]] = 1.0
    if obs.role is not None:
        values[at["role"] + plan.role_index[obs.role]] = 1.0
    values[at["round"] + obs.round] = 1.0
    over = obs.phase is Phase.OVER
    if over:
        values[at["over"]] = 1.0
    start = at["to act"]
    for s in obs.to_act:
        values[start + rel[s]] = 1.0
    if not over:
        leader = rel[obs.leader]
        values[at["leader"] + leader] = 1.0
        trick_at, stolen_at = at["trick"], at["stolen"]
        for position, played in enumerate(obs.trick):
            k = (leader + position) % players
            if played is None:
                values[stolen_at + k] = 1.0
            else:
                values[trick_at + k * deck + index[played]] = 1.0
        if obs.suit is not None:
            values[at["suit"] + plan.suit_index[obs.suit]] = 1.0
    inverse_hand = 1.0 / plan.hand_size
    sizes_at, tricks_at = at["hand sizes"], at["tricks"]
    for s in range(players):
        k = rel[s]
        values[sizes_at + k] = min(1.0, obs.hand_sizes[s] * inverse_hand)
        values[tricks_at + k] = min(1.0, obs.tricks[s] * inverse_hand)
    won_at, pairs_at = at["won"], at["pairs"]
    round_at, totals_at = at["round points"], at["totals"]
    pair_value = plan.pair_value
    totals = _history_totals(obs.history, plan)[-1]
    for s in range(players):
        k = rel[s]
        base = won_at + k * deck
        block, gained = _won_pile(obs.won[s], s, plan)
        values[base : base + deck] = block
        base = pairs_at + k * deck
        for card in obs.pairs[s]:
            values[base + index[card]] = 1.0
            gained += pair_value[card]
        if over:  # the round is scored: its points are in the totals
            gained = 0
        values[round_at + k] = _scaled(gained, plan.round_scale)
        values[totals_at + k] = _scaled(totals[s] + gained, plan.total_scale)
    if obs.bomb is not None:
        values[at["bomb"] + plan.fate_index[obs.bomb]] = 1.0
    if obs.capturer is not None:
        values[at["capturer"] + rel[obs.capturer]] = 1.0
    if obs.protector is not None:
        values[at["protector"] + rel[obs.protector]] = 1.0


def _write_history(values: list[float], events: Sequence[Event], seat: int, plan: _Plan) -> None:
    at = plan.at
    deck = plan.deck
    rel = plan.relative[seat]
    index, suit = plan.index, plan.suit
    played_at, number_at, voids_at = at["played by"], at["trick number"], at["voids"]
    columns = len(_SUITS) + 1
    tricks = plan.hand_size
    number = 0  # the trick being played, from 0
    when = 1.0 / tricks  # (number + 1) / H
    plays = 0  # the cards played to the trick so far
    led = _SPECIALS  # the column of the suit to follow (_SPECIALS: none yet)
    for event in events:
        if isinstance(event, Played):
            card, k = event.card, rel[event.seat]
            i = index[card]
            values[played_at + k * deck + i] = 1.0
            values[number_at + i] = when
            column = suit[card]
            voids = voids_at + k * columns
            if not plays:
                if column == _SPECIALS:  # a special led: the hand holds nothing else
                    for other in range(_SPECIALS):
                        values[voids + other] = 1.0
            elif column != led != _SPECIALS:  # the suit to follow was not followed
                values[voids + led] = 1.0
                if column < _TRUMPS:  # nor cut: no trump, no special either
                    values[voids + _TRUMPS] = 1.0
                    values[voids + _SPECIALS] = 1.0
            if led == _SPECIALS:  # the first classic or trump card sets the suit
                led = column
            plays += 1
        elif isinstance(event, Stole):  # always allowed: it shows no void
            # The stolen trump had set the suit, or come after the card that did: the
            # suit to follow stays.
            i = index[event.card]
            values[played_at + rel[event.seat] * deck + i] = 1.0
            values[number_at + i] = when
            plays += 1
        elif isinstance(event, TrickWon):
            number += 1
            when = min(1.0, (number + 1) / tricks)
            plays, led = 0, _SPECIALS


TENSORS: Tensors[Config, Observation] = Tensors(
    observation_layout=observation_layout,
    observation=observation_tensor,
    information_state_layout=information_state_layout,
    information_state=information_state_tensor,
)
"""Num Wars' tensors (`GAME.tensors`)."""
