"""The Num Wars game state (immutable), the records of finished rounds, and the state check."""

from __future__ import annotations

import enum
import functools
from collections import Counter
from typing import NoReturn

import attrs

from numrules.core.cards import FamilyCard, NumCard
from numrules.core.errors import StateError
from numrules.core.events import EMPTY_LOG, Log
from numrules.numwars.cards import BOMB, JOKER, RAINBOW, SHADOW, Role, is_trump, role_of
from numrules.numwars.config import Config


class Phase(enum.Enum):
    """What the game is waiting for."""

    PLAY = "play"
    """The seat to act plays a card to the current trick."""
    OVER = "over"
    """The game has ended."""


class Fate(enum.Enum):
    """What became of the Bomb in the trick it was played in (public as soon as it happens)."""

    KEPT = "kept"
    """No threat: the Bomb went with the trick."""
    PROTECTED = "protected"
    """The Joker neutralised the only threat: the Bomb went with the trick."""
    CAPTURED = "captured"
    """A threat captured the Bomb for its player."""


class BombOutcome(enum.Enum):
    """How a round's Bomb ended, by the role of whoever captured it (known once roles are shown)."""

    KEPT = "kept"
    PROTECTED = "protected"
    BY_DEMINER = "by_deminer"
    BY_CIVILIAN = "by_civilian"
    BY_NUM_X = "by_num_x"
    BY_ACCOMPLICE = "by_accomplice"


OUTCOME_OF_CAPTURER: dict[Role, BombOutcome] = {
    Role.DEMINER: BombOutcome.BY_DEMINER,
    Role.CIVILIAN: BombOutcome.BY_CIVILIAN,
    Role.NUM_X: BombOutcome.BY_NUM_X,
    Role.ACCOMPLICE: BombOutcome.BY_ACCOMPLICE,
}
"""The outcome of a capture by each role (the Bomber never captures its own Bomb)."""


@attrs.frozen(slots=True)
class RoundScore:
    """Why one seat scored what it scored in one round: every line of the score table."""

    base: int = 0
    """Classic cards won, grouped by value (1 card: value, 2: 0, 3: value+30, 4: value+50)."""
    pairs: int = 0
    """Stolen trump pairs, each worth its value."""
    bomb_kept: int = 0
    """Bomber: the Bomb was kept without the Joker's help."""
    bomb_protected: int = 0
    """Bomber: the Bomb was kept because the Joker neutralised a threat."""
    joker_protects: int = 0
    """Whoever played the Joker that protected the Bomb."""
    deminer_captures: int = 0
    """Deminer: captured the Bomb."""
    civilian_captures: int = 0
    """Every Civilian, when a Civilian captured the Bomb."""
    num_x_captures: int = 0
    """Num-X player: captured the Bomb (a penalty)."""
    deminer_consolation: int = 0
    """Deminer: did not capture the Bomb but won the trick holding the JOKER."""
    num_x_spared: int = 0
    """Num-X player: neither a Civilian nor the Num-X player captured the Bomb."""

    @property
    def bonus(self) -> int:
        """The sum of the role bonus lines."""
        return (
            self.bomb_kept
            + self.bomb_protected
            + self.joker_protects
            + self.deminer_captures
            + self.civilian_captures
            + self.num_x_captures
            + self.deminer_consolation
            + self.num_x_spared
        )

    @property
    def total(self) -> int:
        """The seat's score for the round: base + pairs + bonuses."""
        return self.base + self.pairs + self.bonus


@attrs.frozen(slots=True)
class RoundResult:
    """A finished round, public to everyone: the revealed roles and each seat's score lines."""

    roles: tuple[Role, ...]
    """The role of each seat in that round."""
    outcome: BombOutcome
    capturer: int | None
    """The seat that captured the Bomb (None if it was kept)."""
    protector: int | None
    """The seat whose Joker protected the Bomb (None unless PROTECTED)."""
    scores: tuple[RoundScore, ...]
    """Each seat's score breakdown."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's score for the round."""
        return tuple(score.total for score in self.scores)


@attrs.frozen(slots=True)
class State:
    """A complete Num Wars position, hidden parts included (never show it to a player).

    Build it with `new_game`; change it only with `apply`. Cards in hands, the trick and
    the won piles are core `NumCard`s.
    """

    config: Config
    seed: int
    """The game seed; round r is dealt from a shuffle derived from (seed, r)."""
    round: int
    """The current round, from 0 (the last round once the game is over)."""
    phase: Phase
    history: tuple[RoundResult, ...]
    """The finished rounds, first round first."""
    lots: tuple[NumCard, ...]
    """The lot card each seat drew this round (it decides the seat's secret role)."""
    hands: tuple[tuple[NumCard, ...], ...]
    """Each seat's hand, in canonical card order."""
    aside: tuple[NumCard, ...]
    """The cards set aside this round, never seen."""
    leader: int
    """The seat that leads the current trick."""
    trick: tuple[NumCard | None, ...]
    """The current trick in play order from the leader: `trick[k]` was played by seat
    `(leader + k) % players`; None where a card left the trick in a steal."""
    won: tuple[tuple[NumCard, ...], ...]
    """The cards each seat has won this round, in the order they were won."""
    pairs: tuple[tuple[NumCard, ...], ...]
    """The trump pairs each seat has stolen this round, as RAINBOW X, SHADOW X, ..."""
    tricks: tuple[int, ...]
    """How many tricks each seat has won this round."""
    bomb: Fate | None
    """What became of this round's Bomb (None until its trick is over)."""
    capturer: int | None
    """The seat that captured the Bomb this round (only with `Fate.CAPTURED`)."""
    protector: int | None
    """The seat whose Joker protected the Bomb this round (only with `Fate.PROTECTED`)."""
    log: Log = EMPTY_LOG
    """Every event of the game so far, with each seat's view (read it with `events`)."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players

    @property
    def turn(self) -> int:
        """The seat expected to play now (meaningless once the game is over)."""
        return (self.leader + len(self.trick)) % self.config.players


def roles(state: State) -> tuple[Role, ...]:
    """The secret role of each seat this round (hidden information: never show it to players)."""
    return tuple(role_of(card) for card in state.lots)


def card_zones(state: State) -> dict[str, tuple[NumCard, ...]]:
    """Every card of the round by place (`hand:0`, `trick`, `won:0`, `pairs:0`, `aside`)."""
    zones: dict[str, tuple[NumCard, ...]] = {}
    for seat in range(state.players):
        zones[f"hand:{seat}"] = state.hands[seat]
        zones[f"won:{seat}"] = state.won[seat]
        zones[f"pairs:{seat}"] = state.pairs[seat]
    zones["trick"] = tuple(card for card in state.trick if card is not None)
    zones["aside"] = state.aside
    return zones


def check_state(state: State) -> None:
    """Raise `StateError` unless `state` is a position the rules can reach.

    Checks the cards (each exactly once, in the right quantities), the role lot, the hand
    sizes against the tricks played, the trick and its steals, the Bomb's record and the
    history of finished rounds. Used when a state is loaded from JSON.
    """
    config = state.config
    if not isinstance(config, Config):
        _fail("config is not a numwars.Config")
    n = config.players
    for name in ("hands", "won", "pairs", "tricks", "lots"):
        if len(getattr(state, name)) != n:
            _fail(f"{name} must have one entry per seat")
    over = state.phase is Phase.OVER
    if not 0 <= state.round < config.rounds:
        _fail(f"round {state.round} out of range")
    if len(state.history) != state.round + over:
        _fail("the history must hold every finished round")
    for result in state.history:
        _check_result(config, result)
    if sorted(map(str, state.lots)) != sorted(map(str, config.lot())):
        _fail("the lot cards are not the role lot of this player count")
    counts = Counter(card for zone in card_zones(state).values() for card in zone)
    if counts.keys() != set(config.all_cards()) or max(counts.values()) != 1:
        _fail("the cards are not exactly the deck, each once")
    if len(state.aside) != config.aside:
        _fail(f"{config.aside} cards must be set aside")
    if not 0 <= state.leader < n or len(state.trick) >= n:
        _fail("bad leader or trick length")
    if any(t < 0 for t in state.tricks):
        _fail("negative trick count")
    played_tricks = sum(state.tricks)
    for k in range(n):
        seat = (state.leader + k) % n
        expected = config.hand_size - played_tricks - (k < len(state.trick))
        if len(state.hands[seat]) != expected:
            _fail(f"seat {seat} holds {len(state.hands[seat])} cards, expected {expected}")
    for seat, lot in enumerate(state.lots):
        for other, hand in enumerate(state.hands):
            if other != seat and lot in hand:
                _fail(f"the lot card {lot} of seat {seat} is in the hand of seat {other}")
    for k, card in enumerate(state.trick):
        if (
            card is not None
            and card in state.lots
            and state.lots.index(card) != (k + state.leader) % n
        ):
            _fail(f"the lot card {card} was played by a seat that did not draw it")
    _check_steals(state)
    _check_bomb(state)
    if over and (any(state.hands) or state.trick):
        _fail("a finished game has played every card of its last round")
    if not over and played_tricks >= config.hand_size:
        _fail("every trick of the round is played but the round did not end")
    if over and state.round != config.rounds - 1:
        _fail(f"the game ended in round {state.round}, not in its last round")
    _check_tricks(state)
    _check_trick_plays(state)
    if over:
        _check_last_result(state)


def _check_steals(state: State) -> None:
    present = [card for card in state.trick if card is not None]
    if state.trick.count(None) % 2:
        _fail("cards leave a trick two at a time (a stolen pair)")
    stolen = sum(map(len, state.pairs))
    if stolen < state.trick.count(None):
        _fail(f"{state.trick.count(None)} cards left the trick but only {stolen} were stolen")
    if None in state.trick:
        # The last card gone from the trick is always a stealer's (it steals an earlier one).
        k = len(state.trick) - 1 - state.trick[::-1].index(None)
        stealer = (state.leader + k) % state.players
        if not state.pairs[stealer]:
            _fail(f"seat {stealer} stole in this trick but holds no stolen pair")
    for seat, pairs in enumerate(state.pairs):
        # A seat steals with one of its plays: at most one pair per card it has played.
        played = state.config.hand_size - len(state.hands[seat])
        if len(pairs) // 2 > played:
            _fail(f"seat {seat} holds {len(pairs) // 2} stolen pairs after {played} plays")
    values = [card.value for card in present if is_trump(card) and type(card) is FamilyCard]
    if len(values) != len(set(values)):
        _fail("a trick holds both cards of a trump pair")
    for pairs in state.pairs:
        if len(pairs) % 2:
            _fail("stolen pairs come two cards at a time")
        for rainbow, shadow in zip(pairs[::2], pairs[1::2], strict=True):
            if not (
                type(rainbow) is FamilyCard
                and type(shadow) is FamilyCard
                and rainbow.family is RAINBOW
                and shadow.family is SHADOW
                and rainbow.value == shadow.value
            ):
                _fail(f"{rainbow} {shadow} is not a stolen trump pair")


def _check_bomb(state: State) -> None:
    n = state.players
    bomber = state.lots.index(BOMB)
    holders = [s for s in range(n) if BOMB in state.won[s]]
    fate, capturer, protector = state.bomb, state.capturer, state.protector
    if fate is None:
        if holders or capturer is not None or protector is not None:
            _fail("the Bomb has no fate yet but its trick is over")
        in_trick = BOMB in state.trick
        if not in_trick and BOMB not in state.hands[bomber]:
            _fail("the Bomb must be in the Bomber's hand or in the current trick")
        return
    if len(holders) != 1:
        _fail("a Bomb whose trick is over lies in a won pile")
    if fate is Fate.CAPTURED:
        if capturer is None or protector is not None or holders != [capturer]:
            _fail("a captured Bomb lies in its capturer's won cards")
    elif capturer is not None:
        _fail("only a captured Bomb has a capturer")
    if fate is Fate.PROTECTED:
        if protector is None or not 0 <= protector < n or protector == bomber:
            _fail("a protected Bomb needs the seat that played the Joker")
        if not any(JOKER in won for won in state.won):
            _fail("a protected Bomb needs a played Joker")
    elif protector is not None:
        _fail("only a protected Bomb has a protector")


def _check_tricks(state: State) -> None:
    # The trick counts, the leader and the won piles agree: a finished trick is `players`
    # cards; its winner takes those not stolen away in pairs (the Bomb may go to its
    # capturer instead) and leads the next trick.
    n = state.players
    done = sum(state.tricks)
    if done == 0 and state.leader != (state.round + 1) % n:
        _fail(f"seat {(state.round + 1) % n} leads the first trick of round {state.round}")
    if done and not state.tricks[state.leader]:
        _fail(f"seat {state.leader} leads but never won a trick this round")
    if done == 0 and state.bomb is not None:
        _fail("the Bomb has a fate but no trick is over")
    # The cards stolen in finished tricks (the rest of the pairs come from this trick).
    stolen = sum(map(len, state.pairs)) - state.trick.count(None)
    captured = state.bomb is Fate.CAPTURED
    for seat, won in enumerate(state.won):
        gets_bomb = captured and state.capturer == seat
        most = n * state.tricks[seat] + gets_bomb
        least = n * state.tricks[seat] - stolen - (captured and not gets_bomb)
        if not least <= len(won) <= most:
            _fail(
                f"seat {seat} has won {state.tricks[seat]} tricks but holds {len(won)} won "
                f"cards ({max(least, 0)}..{most} possible)"
            )


def _check_trick_plays(state: State) -> None:
    # Each card still in the trick was a legal play (not a steal) from a hand that held
    # at least the player's present hand; what it refuses now it refused then.
    from numrules.numwars.tricks import refusal_unless_steal  # noqa: PLC0415 (tricks imports us)

    n = state.players
    for k, card in enumerate(state.trick):
        if card is None:
            continue
        seat = (state.leader + k) % n
        before = state.trick[:k]
        # A stolen trump hides its value: skip the duty to go over the highest trump.
        if None in before and is_trump(card):
            continue
        why = refusal_unless_steal((*state.hands[seat], card), before, card)
        if why is not None:
            _fail(f"seat {seat} could not have played {card} to this trick: {why}")


def _check_last_result(state: State) -> None:
    # A finished game keeps the won cards of its last round: its result follows from them.
    from numrules.numwars.scoring import round_result  # noqa: PLC0415 (scoring imports us)

    if state.bomb is None:
        _fail("a finished round has played its Bomb")
    if state.history[-1] != round_result(state):
        _fail("the last round's result does not match the cards won and the roles")


def _fail(message: str) -> NoReturn:
    raise StateError(f"inconsistent Num Wars state: {message}")


def _check_result(config: Config, result: RoundResult) -> None:
    n = config.players
    if sorted(r.value for r in result.roles) != sorted(role_of(c).value for c in config.lot()):
        _fail("a finished round's roles are not the roles of the lot")
    if len(result.scores) != n:
        _fail("a finished round needs a score for every seat")
    outcome, capturer, protector = result.outcome, result.capturer, result.protector
    captured = outcome not in (BombOutcome.KEPT, BombOutcome.PROTECTED)
    if captured != (capturer is not None) or (outcome is BombOutcome.PROTECTED) != (
        protector is not None
    ):
        _fail("a finished round's Bomb record does not match its outcome")
    if capturer is not None and (
        not 0 <= capturer < n or OUTCOME_OF_CAPTURER.get(result.roles[capturer]) is not outcome
    ):
        _fail("a finished round's capturer does not have the role of its outcome")
    if protector is not None and (not 0 <= protector < n or result.roles[protector] is Role.BOMBER):
        _fail("a finished round's protector is not a seat that could play the Joker")
    seat_low, seat_high, total_low, total_high = _base_bounds(config)
    for seat, score in enumerate(result.scores):
        if not seat_low <= score.base <= seat_high:
            _fail(f"seat {seat}'s base of {score.base} is not {seat_low}..{seat_high} points")
        if score.pairs < 0:
            _fail("negative pair points")
    bases = sum(score.base for score in result.scores)
    if not total_low <= bases <= total_high:
        _fail(f"a round's bases add up to {bases}, not {total_low}..{total_high} points")
    # Each trump value makes at most one stolen pair, worth its value.
    most_pairs = sum(range(config.format.max_value + 1))
    if sum(score.pairs for score in result.scores) > most_pairs:
        _fail(f"a round's stolen pairs are worth more than {most_pairs} points")
    for seat, score in enumerate(result.scores):
        for line, due in bonus_lines(result.roles[seat], seat, outcome, protector):
            value, full = getattr(score, line), getattr(config, line) if due else 0
            # The consolation also depends on who won the JOKER's trick: it may be 0.
            if value != full and not (line == "deminer_consolation" and value == 0):
                _fail(f"seat {seat}'s {line} line does not follow from the roles and the Bomb")


# The ways the four classic cards of one value can lie in the won piles of a round: the
# counts per pile that holds any (at most four piles; the others lie aside).
_SPLITS = ((), (1,), (2,), (1, 1), (3,), (2, 1), (1, 1, 1), (4,), (3, 1), (2, 2), (2, 1, 1))
_SPLITS_OF_FOUR = (*_SPLITS, (1, 1, 1, 1))


@functools.cache
def _base_bounds(config: Config) -> tuple[int, int, int, int]:
    # The fewest and most base points of one seat, then of all seats together, in a round.
    def points(value: int, count: int) -> int:
        bonus = (0, 0, config.triple_bonus, config.quadruple_bonus)[count - 1]
        return config.pair_points if count == 2 else value + bonus

    splits = _SPLITS_OF_FOUR if config.players >= 4 else _SPLITS
    seat_low = seat_high = total_low = total_high = 0
    for value in range(config.format.max_value + 1):
        one = [0] + [points(value, count) for count in range(1, 5)]
        seat_low += min(one)
        seat_high += max(one)
        sums = [sum(one[count] for count in split) for split in splits]
        total_low += min(sums)
        total_high += max(sums)
    return seat_low, seat_high, total_low, total_high


def bonus_lines(
    role: Role, seat: int, outcome: BombOutcome, protector: int | None
) -> tuple[tuple[str, bool], ...]:
    """Each role bonus line (a `RoundScore` and `Config` field name) and whether it is due.

    The lines due to a seat of `role` after `outcome`. The Deminer's consolation is paid
    only if the Deminer also won the trick holding the JOKER, which this cannot tell.
    """
    bomber, deminer, num_x = role is Role.BOMBER, role is Role.DEMINER, role is Role.NUM_X
    return (
        ("bomb_kept", bomber and outcome is BombOutcome.KEPT),
        ("bomb_protected", bomber and outcome is BombOutcome.PROTECTED),
        ("joker_protects", seat == protector),
        ("deminer_captures", deminer and outcome is BombOutcome.BY_DEMINER),
        ("civilian_captures", role is Role.CIVILIAN and outcome is BombOutcome.BY_CIVILIAN),
        ("num_x_captures", num_x and outcome is BombOutcome.BY_NUM_X),
        ("deminer_consolation", deminer and outcome is not BombOutcome.BY_DEMINER),
        ("num_x_spared", num_x and outcome not in _NUM_X_NOT_SPARED),
    )


_NUM_X_NOT_SPARED = frozenset({BombOutcome.BY_CIVILIAN, BombOutcome.BY_NUM_X})
