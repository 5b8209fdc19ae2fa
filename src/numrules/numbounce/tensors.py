"""Num Bounce tensors: what one seat knows, as fixed-length vectors of floats in [0, 1].

The contract is `numrules.core.tensors`; the layouts are listed in docs/reference/numbounce.md
("Tensors"). Both tensors are built from an observation alone and are seat-relative: a
block "per seat" holds one entry (or one group of entries) per seat, the observer's
first, then the next seats in play order. A spectator's observation has no tensors.

A block "per kind" counts cards by kind, 104 of them: the 102 family cards in
`ALL_CARDS` order (RED 0..16, BLUE, GREEN, YELLOW, RAINBOW, SHADOW), then NUMX, then
INFINITY. The four INFINITY copies act alike, so they share one kind, counted in
quarters (two copies: 0.5); every other kind is one card, so its entry is a flag.

The information-state tensor adds what the seat saw happen in the current round, read
from its own account of the game (`Observation.log`, from the round's `Dealt` on): the
cards each seat laid, took back by going down, took from the discard or discarded, how
often each drew and interrupted, and each seat's last action. A card can come back
after a recycling, so these counts are clipped at 1. Earlier rounds are left out: each
round is dealt afresh, and the round wins are in the observation.

The builders are on the hot path of a learning environment (one call per step): the
offsets of every block are worked out once per `Config` and cached, and a call copies a
zero vector and writes only the entries that are not zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Final

from numrules.core.cards import FAMILIES, INFINITY_COPIES, MAX_VALUE, FamilyCard, NumCard
from numrules.core.events import Event
from numrules.core.tensors import Block, Layout, Tensors, per_config, round_events, tensor_seat
from numrules.numbounce.cards import ALL_CARDS, DECK_SIZE, Pile, rainbow, shadow
from numrules.numbounce.config import Config
from numrules.numbounce.event_types import (
    Dealt,
    Declined,
    Discarded,
    Drew,
    Interrupted,
    Kept,
    NumXPlayed,
    Passed,
    Played,
    TookDiscard,
    WentDown,
)
from numrules.numbounce.observation import Observation
from numrules.numbounce.state import Phase

KINDS: Final = 104
"""Card kinds: the 102 family cards, NUMX, INFINITY (its four copies together)."""
NUMX_KIND: Final = 102
"""The kind of NUMX."""
INFINITY_KIND: Final = 103
"""The kind of the four INFINITY copies."""

KIND: Final[dict[NumCard, int]] = {
    card: min(index, INFINITY_KIND) for index, card in enumerate(ALL_CARDS)
}
"""Each card's kind (ALL_CARDS lists the family cards first, then NUMX, INF1..INF4)."""
_STEP: Final[dict[NumCard, tuple[int, float]]] = {
    card: (kind, 1.0 / INFINITY_COPIES if kind == INFINITY_KIND else 1.0)
    for card, kind in KIND.items()
}
# Each card's kind and what it adds to the kind's entry: a quarter for an INFINITY copy.

MAX_REFERENCE: Final = len(FAMILIES) + INFINITY_COPIES
"""The most cards a combination can hold: one of each family and the four INFINITY."""
SMALL_HAND: Final = 8
"""Hand sizes 1..SMALL_HAND also have a one-hot entry per seat (a hand about to empty)."""
INTERRUPT_CARDS: Final = 2 * (MAX_VALUE + 1)
"""The RAINBOW and SHADOW cards: the bound of the interrupt counts (clipped at 1)."""
LAST_ACTIONS: Final = (
    "open",
    "go up",
    "go down",
    "numx",
    "take draw",
    "take discard",
    "keep",
    "discard",
    "pass",
    "interrupt",
    "decline",
)
"""The kinds of action in the `last action` block, in their order."""

_PHASES: Final = (Phase.PLAY, Phase.TAKEN, Phase.SHADOW, Phase.OVER)
_PHASE_INDEX: Final = {phase: i for i, phase in enumerate(_PHASES)}
_PILE_INDEX: Final = {Pile.DRAW: 0, Pile.DISCARD: 1}
_RAINBOW_KIND: Final = tuple(KIND[rainbow(v)] for v in range(MAX_VALUE + 1))
_SHADOW_KIND: Final = tuple(KIND[shadow(v)] for v in range(MAX_VALUE + 1))
_ALL_INFINITY: Final = MAX_VALUE + 1  # the `reference value` entry of an all-INFINITY one
_FIRST_LOOK: Final = 16  # events looked at before the round's turns, to find its Dealt


def _observation_blocks(config: Config) -> list[Block]:
    n = config.players
    return [
        Block("phase", len(_PHASES), "one-hot: play, taken, shadow, over"),
        Block("mover", n, "per seat, one-hot: the seat that must act"),
        Block("may interrupt", 1, "the observer may play a RAINBOW or SHADOW interrupt now"),
        Block("round", 1, "the round (from 0) / the last round the match can reach"),
        Block("turn", 1, "turns of this round / `max_turns_per_round` (0 without a limit)"),
        Block("wins", n, "per seat: round wins / `rounds` (or `target_wins`)"),
        Block("hand", KINDS, "the observer's hand, per kind"),
        Block("hand sizes", n, f"per seat: cards in hand / {DECK_SIZE}"),
        Block(
            "small hands",
            n * SMALL_HAND,
            f"per seat, one-hot: a hand of 1..{SMALL_HAND} cards (none if bigger)",
        ),
        Block("known", n * KINDS, "per seat: the cards of its hand everyone knows, per kind"),
        Block("draw size", 1, f"cards in the draw pile / {DECK_SIZE}"),
        Block("recycled", 1, "the discard was shuffled into a new draw pile this round"),
        Block("discard size", 1, f"cards in the discard / {DECK_SIZE}"),
        Block("discard top", KINDS, "one-hot: the kind of the discard's top card"),
        Block("discard", KINDS, "the discard pile, per kind"),
        Block("trick", KINDS, "every card of the trick, per kind"),
        Block("reference", KINDS, "the reference, per kind"),
        Block("reference size", MAX_REFERENCE, f"one-hot: 1..{MAX_REFERENCE} cards"),
        Block("reference value", _ALL_INFINITY + 1, f"one-hot: 0..{MAX_VALUE}, then all INFINITY"),
        Block("author", n, "per seat, one-hot: who laid the reference"),
        Block("interrupted", 1, "this trick was interrupted"),
        Block(
            "source", len(_PILE_INDEX), "one-hot: where a pending take came from (draw, discard)"
        ),
        Block("taken", KINDS, "one-hot: the kind of a pending taken card the observer may see"),
    ]


def _history_blocks(config: Config) -> list[Block]:
    n = config.players
    return [
        Block(
            "played",
            n * KINDS,
            "per seat: the cards it laid this round (plays, going down, NUMX, interrupts), "
            "per kind",
        ),
        Block("taken back", n * KINDS, "per seat: the cards it took back by going down, per kind"),
        Block("took discard", n * KINDS, "per seat: the cards it took from the discard, per kind"),
        Block("discarded", n * KINDS, "per seat: the cards it drew and discarded, per kind"),
        Block("draws", n, f"per seat: cards it took from the draw pile / {DECK_SIZE}"),
        Block("interrupts", n, f"per seat: interrupts it played / {INTERRUPT_CARDS}"),
        Block(
            "last action",
            n * len(LAST_ACTIONS),
            f"per seat, one-hot: its last action ({', '.join(LAST_ACTIONS)})",
        ),
    ]


@lru_cache(maxsize=64)
def observation_layout(config: Config) -> Layout:
    """The layout of the observation tensor of a game of `config`."""
    return Layout(tuple(_observation_blocks(config)))


@lru_cache(maxsize=64)
def information_state_layout(config: Config) -> Layout:
    """The layout of the information-state tensor: the observation's blocks, then history."""
    return Layout(tuple(_observation_blocks(config) + _history_blocks(config)))


class _Plan:
    """Where each block starts, the bounds of the scaled entries and zero vectors, per Config."""

    __slots__ = (
        "author",
        "discard",
        "discard_size",
        "discard_top",
        "discarded",
        "draw_size",
        "draws",
        "hand",
        "interrupted",
        "interrupts",
        "known",
        "last_action",
        "may_interrupt",
        "mover",
        "observation_zeros",
        "played",
        "players",
        "recycled",
        "reference",
        "reference_size",
        "reference_value",
        "relative",
        "round",
        "round_last",
        "sizes",
        "small",
        "source",
        "state_zeros",
        "taken",
        "taken_back",
        "took_discard",
        "trick",
        "turn",
        "turn_limit",
        "wins",
        "wins_bound",
    )

    def __init__(self, config: Config) -> None:
        n = self.players = config.players
        layout = information_state_layout(config)
        at = {name: place.start for name, place in layout.offsets().items()}
        self.mover, self.may_interrupt = at["mover"], at["may interrupt"]
        self.round, self.turn, self.wins = at["round"], at["turn"], at["wins"]
        self.hand, self.sizes, self.small, self.known = (
            at["hand"],
            at["hand sizes"],
            at["small hands"],
            at["known"],
        )
        self.draw_size, self.recycled = at["draw size"], at["recycled"]
        self.discard_size, self.discard_top, self.discard = (
            at["discard size"],
            at["discard top"],
            at["discard"],
        )
        self.trick, self.reference = at["trick"], at["reference"]
        self.reference_size, self.reference_value = at["reference size"], at["reference value"]
        self.author, self.interrupted = at["author"], at["interrupted"]
        self.source, self.taken = at["source"], at["taken"]
        self.played, self.taken_back = at["played"], at["taken back"]
        self.took_discard, self.discarded = at["took discard"], at["discarded"]
        self.draws, self.interrupts = at["draws"], at["interrupts"]
        self.last_action = at["last action"]
        # round / its last possible index: a first-to-K match lasts at most n(K-1)+1 rounds.
        if config.rounds is not None:
            last_round, decisive = config.rounds - 1, config.rounds
        else:
            assert config.target_wins is not None  # a Config sets exactly one format
            last_round, decisive = n * (config.target_wins - 1), config.target_wins
        self.round_last, self.wins_bound = last_round, decisive
        self.turn_limit = config.max_turns_per_round or 0
        # relative[observer][seat]: `seat` counted from the observer.
        self.relative = tuple(
            tuple((seat - observer) % n for seat in range(n)) for observer in range(n)
        )
        self.observation_zeros = [0.0] * observation_layout(config).size
        self.state_zeros = [0.0] * layout.size


_plan = per_config(_Plan)


def observation_tensor(observation: Observation) -> list[float]:
    """The observation tensor of a seat's observation (`observation_layout` floats in [0, 1]).

    Raises:
        SeatError: the observation is a spectator's (seat None).

    """
    seat = tensor_seat(observation.seat)
    plan = _plan(observation.config)
    values = plan.observation_zeros.copy()
    _fill_observation(values, plan, observation, seat)
    return values


def information_state_tensor(observation: Observation) -> list[float]:
    """The information-state tensor: the observation tensor, then this round's history.

    Raises:
        SeatError: the observation is a spectator's (seat None).

    """
    seat = tensor_seat(observation.seat)
    plan = _plan(observation.config)
    values = plan.state_zeros.copy()
    _fill_observation(values, plan, observation, seat)
    # A turn records a few events: look that far back for the round's deal first.
    events = round_events(observation.log, Dealt, 3 * observation.turn + _FIRST_LOOK)
    _fill_history(values, plan, reversed(events), plan.relative[seat])
    return values


def _fill_observation(values: list[float], plan: _Plan, obs: Observation, seat: int) -> None:
    # Writes the non-zero entries of the observation blocks into a zero vector.
    kind, step = KIND, _STEP
    relative = plan.relative[seat]
    values[_PHASE_INDEX[obs.phase]] = 1.0  # "phase" is the first block
    values[plan.mover + relative[obs.mover]] = 1.0
    if plan.round_last:
        values[plan.round] = min(1.0, obs.round / plan.round_last)
    if plan.turn_limit:
        values[plan.turn] = min(1.0, obs.turn / plan.turn_limit)
    wins, bound = plan.wins, plan.wins_bound
    for other, won in enumerate(obs.wins):
        values[wins + relative[other]] = min(1.0, won / bound)
    hand = plan.hand
    for card in obs.hand:
        k, w = step[card]
        values[hand + k] += w
    sizes, small = plan.sizes, plan.small
    for other, size in enumerate(obs.hand_sizes):
        place = relative[other]
        values[sizes + place] = size / DECK_SIZE
        if 0 < size <= SMALL_HAND:
            values[small + place * SMALL_HAND + size - 1] = 1.0
    known = plan.known
    for other, cards in enumerate(obs.known):
        base = known + relative[other] * KINDS
        for card in cards:
            k, w = step[card]
            values[base + k] += w
    values[plan.draw_size] = obs.draw_size / DECK_SIZE
    if obs.recycles:
        values[plan.recycled] = 1.0
    discard = obs.discard
    if discard:
        values[plan.discard_size] = len(discard) / DECK_SIZE
        values[plan.discard_top + kind[discard[-1]]] = 1.0
        base = plan.discard
        for card in discard:
            k, w = step[card]
            values[base + k] += w
    trick = obs.trick
    if trick:
        base = plan.trick
        for card in trick:
            k, w = step[card]
            values[base + k] += w
    ref_size = obs.ref_size
    if ref_size:
        base = plan.reference
        value = _ALL_INFINITY
        for card in trick[len(trick) - ref_size :]:
            k, w = step[card]
            values[base + k] += w
            if type(card) is FamilyCard:
                value = card.value
        values[plan.reference_size + min(ref_size, MAX_REFERENCE) - 1] = 1.0
        values[plan.reference_value + value] = 1.0
        author = obs.author
        if author is not None:
            values[plan.author + relative[author]] = 1.0
        # The interrupt rule, read from the own hand: the RAINBOW of the reference value,
        # or its SHADOW on a reference of two or more cards, by any seat but the author.
        if (
            value != _ALL_INFINITY
            and not obs.interrupted
            and author != seat
            and (obs.phase is Phase.PLAY or obs.phase is Phase.TAKEN)
            and (
                values[hand + _RAINBOW_KIND[value]]
                or (ref_size > 1 and values[hand + _SHADOW_KIND[value]])
            )
        ):
            values[plan.may_interrupt] = 1.0
    if obs.interrupted:
        values[plan.interrupted] = 1.0
    source = obs.source
    if source is not None:
        values[plan.source + _PILE_INDEX[source]] = 1.0
    taken = obs.taken
    if taken is not None:
        values[plan.taken + kind[taken]] = 1.0


def _fill_history(
    values: list[float], plan: _Plan, backwards: Iterable[Event], relative: Sequence[int]
) -> None:
    # Writes the history blocks from the round's events as the observer was told them,
    # read from the last one back: the counts add up in any order, and a seat's last
    # action is the first one met.
    # A card count grows by its step and is clipped at 1 (a card laid again after a
    # recycling), written out in place: this loop runs over every event of the round.
    step = _STEP
    played, taken_back = plan.played, plan.taken_back
    took_discard, discarded = plan.took_discard, plan.discarded
    draws = [0] * plan.players
    interrupts = [0] * plan.players
    last = [-1] * plan.players  # the index in LAST_ACTIONS; -1: none met yet
    for event in backwards:
        if type(event) is Played:
            place = relative[event.seat]
            base = played + place * KINDS
            for card in event.cards:
                k, w = step[card]
                x = values[base + k] + w
                values[base + k] = x if x < 1.0 else 1.0
            action = 0 if event.opens else 1
        elif type(event) is Kept:
            if event.cut:
                continue  # an interrupt ended the take: not an action of the taker
            place, action = relative[event.seat], 6
        elif type(event) is Drew:
            place = relative[event.seat]
            draws[place] += 1
            action = 4
        elif type(event) is WentDown:
            place = relative[event.seat]
            base = played + place * KINDS
            for card in event.cards:
                k, w = step[card]
                x = values[base + k] + w
                values[base + k] = x if x < 1.0 else 1.0
            base = taken_back + place * KINDS
            for card in event.beaten:
                k, w = step[card]
                x = values[base + k] + w
                values[base + k] = x if x < 1.0 else 1.0
            action = 2
        elif type(event) is TookDiscard:
            place = relative[event.seat]
            k, w = step[event.card]
            i = took_discard + place * KINDS + k
            x = values[i] + w
            values[i] = x if x < 1.0 else 1.0
            action = 5
        elif type(event) is Discarded:
            place = relative[event.seat]
            k, w = step[event.card]
            i = discarded + place * KINDS + k
            x = values[i] + w
            values[i] = x if x < 1.0 else 1.0
            action = 7
        elif type(event) is Interrupted:
            place = relative[event.seat]
            values[played + place * KINDS + step[event.card][0]] = 1.0  # one of a kind
            interrupts[place] += 1
            action = 9
        elif type(event) is NumXPlayed:
            place = relative[event.seat]
            values[played + place * KINDS + NUMX_KIND] = 1.0
            action = 3
        elif type(event) is Passed:
            place, action = relative[event.seat], 8
        elif type(event) is Declined:
            place, action = relative[event.seat], 10
        else:
            continue  # an event of no seat: a trick closed, a recycling, a round's end
        if last[place] < 0:
            last[place] = action
    actions = len(LAST_ACTIONS)
    for place in range(plan.players):
        if draws[place]:
            values[plan.draws + place] = min(1.0, draws[place] / DECK_SIZE)
        if interrupts[place]:
            values[plan.interrupts + place] = min(1.0, interrupts[place] / INTERRUPT_CARDS)
        if last[place] >= 0:
            values[plan.last_action + place * actions + last[place]] = 1.0


TENSORS: Final[Tensors[Config, Observation]] = Tensors(
    observation_layout=observation_layout,
    observation=observation_tensor,
    information_state_layout=information_state_layout,
    information_state=information_state_tensor,
)
"""Num Bounce's tensors (`GAME.tensors`)."""
