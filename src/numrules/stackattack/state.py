"""The Stack Attack game state (immutable) and its consistency check."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Sequence

import attrs

from numrules.core.errors import StateError
from numrules.core.events import EMPTY_LOG, Event, Log
from numrules.stackattack.cards import Card, Power
from numrules.stackattack.config import Config


class Phase(enum.Enum):
    """What the game is waiting for."""

    CHOOSE = "choose"
    """Every seat that has not chosen yet picks a card (simultaneous, secret)."""
    SWITCH = "switch"
    """The holder of the SWITCH at the head of the queue picks the seat to swap with."""
    BLOCK = "block"
    """The holder of the BLOCK at the head of the queue picks a row to close."""
    TAKE = "take"
    """The card at the head of the queue is below every open row: its holder picks one to take."""
    SHIELD = "shield"
    """The SHIELD at the head of the queue is below every open row: its holder picks a row."""
    OVER = "over"
    """The game has ended."""


DECISIONS = frozenset({Phase.SWITCH, Phase.BLOCK, Phase.TAKE, Phase.SHIELD})
"""The phases in which one seat owes a decision inside the resolution of a turn."""


@attrs.frozen(slots=True)
class State:
    """A complete Stack Attack position, hidden parts included (never show it to a player).

    Build it with `new_game`; change it only with `apply`.
    """

    config: Config
    seed: int
    """The game seed; round r is dealt from a shuffle derived from (seed, r)."""
    round: int
    """The current round, from 0."""
    turn: int
    """The current turn of the round, from 0 (`config.hand_size` once the game is over)."""
    phase: Phase
    banked: tuple[int, ...]
    """Each seat's penalty total from the finished rounds."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, ascending."""
    rows: tuple[tuple[Card, ...], ...]
    """The rows, first card first; the last card is the row's end."""
    taken: tuple[tuple[Card, ...], ...]
    """The cards each seat has taken as penalty this round."""
    unused: tuple[Card, ...]
    """The cards not dealt this round (unseen)."""
    played: tuple[Card | None, ...]
    """While choosing: each seat's secret choice (None: not yet). While resolving: the card
    each seat holds in the reveal, after swaps, until it is placed (then None)."""
    queue: tuple[Card, ...]
    """While resolving: the cards still to resolve in this stage, head first."""
    placing: bool
    """While resolving: False in the action stage, True in the placement stage."""
    blocked: tuple[int, ...]
    """Rows closed by BLOCK this turn."""
    decreasing: bool
    """Whether a DECREASING was revealed this turn."""
    log: Log = EMPTY_LOG
    """Every event of the game so far, with each seat's view (read it with `events`)."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players


def holder(state: State, card: Card) -> int:
    """The seat holding `card` in the current reveal."""
    return state.played.index(card)


def card_zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Every card of the round by place (`hand:0`, `played:0`, `row:0`, `taken:0`, `unused`)."""
    zones: dict[str, tuple[Card, ...]] = {}
    for seat in range(state.players):
        zones[f"hand:{seat}"] = state.hands[seat]
        card = state.played[seat]
        zones[f"played:{seat}"] = () if card is None else (card,)
        zones[f"taken:{seat}"] = state.taken[seat]
    for r, row in enumerate(state.rows):
        zones[f"row:{r}"] = row
    zones["unused"] = state.unused
    return zones


def check_state(state: State) -> None:
    """Raise `StateError` unless `state` is a position the rules can reach.

    Checks every card is in exactly one place, the sizes agree with the turn, and the
    phase agrees with the resolution queue. Used when a state is loaded from JSON.
    """
    config = state.config
    n = config.players

    def fail(message: str) -> None:
        raise StateError(f"inconsistent Stack Attack state: {message}")

    if state.round < 0 or not 0 <= state.turn <= config.hand_size:
        fail(f"round {state.round} / turn {state.turn} out of range")
    for name in ("banked", "hands", "taken", "played"):
        if len(getattr(state, name)) != n:
            fail(f"{name} must have one entry per seat")
    if any(total < 0 for total in state.banked):
        fail("negative banked total")
    if len(state.rows) != config.rows or not all(state.rows):
        fail(f"there must be {config.rows} non-empty rows")
    counts = Counter(c for zone in card_zones(state).values() for c in zone)
    if sorted(counts) != list(config.all_cards()) or max(counts.values()) != 1:
        fail("the cards are not exactly the deck, each once")
    if len(set(state.blocked)) != len(state.blocked) or not all(
        0 <= r < config.rows for r in state.blocked
    ):
        fail(f"bad blocked rows {state.blocked}")
    if len(state.blocked) >= config.rows:
        fail("every row is blocked")
    _check_rows(state, fail)
    _check_totals(state, fail)
    revealed = [c for c in state.played if c is not None]
    left = config.hand_size - state.turn
    # Every card placed this round is in a row or was taken: the rows started with one
    # card each, and each finished turn placed one card per seat.
    placed = state.turn * n + (n - len(revealed) if state.phase in DECISIONS else 0)
    on_table = sum(map(len, state.rows)) + sum(map(len, state.taken))
    if state.phase is not Phase.OVER and on_table != config.rows + placed:
        fail(f"{on_table} cards in rows and taken piles; turn {state.turn} makes that impossible")
    if state.phase is Phase.OVER:
        if state.turn != config.hand_size or any(state.hands) or revealed or state.queue:
            fail("a finished game has played every card of its last round")
        return
    if state.turn >= config.hand_size:
        fail("turn out of range")
    if state.phase is Phase.CHOOSE:
        if state.queue or state.placing or state.blocked or state.decreasing:
            fail("no resolution may be pending while choosing")
        for hand, choice in zip(state.hands, state.played, strict=True):
            if len(hand) != left - (choice is not None):
                fail("hand sizes do not match the turn")
        if all(c is not None for c in state.played):
            fail("every seat has chosen but the turn was not revealed")
        return
    if any(len(hand) != left - 1 for hand in state.hands):
        fail("hand sizes do not match the turn")
    if not state.queue or len(set(state.queue)) != len(state.queue):
        fail("a resolution needs a queue of distinct cards")
    if not set(state.queue) <= set(revealed):
        fail("the queue holds a card that is not in the reveal")
    head = config.power(state.queue[0])
    if not state.placing:
        if len(revealed) != n or any(config.power(c) is None for c in state.queue):
            fail("the action stage resolves revealed action cards only")
        expected = Power.SWITCH if state.phase is Phase.SWITCH else Power.BLOCK
        if state.phase not in (Phase.SWITCH, Phase.BLOCK) or head is not expected:
            fail(f"phase {state.phase.value} does not match the card {state.queue[0]}")
        return
    if sorted(state.queue) != sorted(revealed):
        fail("during placement the queue is the unplaced revealed cards")
    ordered = sorted(state.queue, reverse=state.decreasing)
    if list(state.queue) != ordered:
        fail("the placement queue is not in placement order")
    expected_phase = Phase.SHIELD if head is Power.SHIELD else Phase.TAKE
    if state.phase is not expected_phase:
        fail(f"phase {state.phase.value} does not match the card {state.queue[0]}")
    ends = [row[-1] for i, row in enumerate(state.rows) if i not in state.blocked]
    if min(ends) < state.queue[0]:
        fail(f"card {state.queue[0]} is not below every open row")


def _check_rows(state: State, fail: Callable[[str], None]) -> None:
    # A row grows upwards; only a SHIELD may join a row below its end, or past its limit.
    config = state.config
    shields = config.shield
    for r, row in enumerate(state.rows):
        for i in range(1, len(row)):
            card = row[i]
            if card in shields:
                continue
            if card < row[i - 1]:
                fail(f"row {r} has {card} after {row[i - 1]}")
            if i >= config.row_limit:
                fail(f"row {r} holds {len(row)} cards; past {config.row_limit} only SHIELDs join")


def _check_totals(state: State, fail: Callable[[str], None]) -> None:
    # The banked totals come from finished rounds, each worth at most the whole deck.
    config = state.config
    most = state.round * sum(config.penalties)
    if any(total > most for total in state.banked):
        fail(f"a banked total above {most}, the most {state.round} finished rounds can give")
    if state.phase is not Phase.OVER and state.round > 0 and max(state.banked) >= config.end_score:
        fail(f"a banked total reached {config.end_score}, so the game should be over")
    last = config.max_rounds is not None and state.round + 1 >= config.max_rounds
    if state.phase is Phase.OVER and not last:
        totals = [
            b + sum(config.penalties[c - 1] for c in t)
            for b, t in zip(state.banked, state.taken, strict=True)
        ]
        if max(totals) < config.end_score:
            fail(f"the game is over but no total has reached {config.end_score}")


Cards = tuple[Card, ...]
PerSeat = tuple[Cards, ...]


def successor(
    state: State,
    phase: Phase,
    ev: Sequence[Event],
    *,
    turn: int | None = None,
    hands: PerSeat | None = None,
    rows: PerSeat | None = None,
    taken: PerSeat | None = None,
    played: tuple[Card | None, ...] | None = None,
    queue: Cards = (),
    placing: bool = False,
    blocked: tuple[int, ...] = (),
    decreasing: bool = False,
) -> State:
    """The next state of the same round: `phase` and the given fields, the rest unchanged.

    The fields of a reveal being resolved (`queue`, `placing`, `blocked`, `decreasing`)
    default to none being resolved. One positional constructor call (keywords cost more
    there, and a chain of `attrs.evolve` far more); the events `ev` (what the action
    did, in order) are added to the log.
    """
    return State(
        state.config,
        state.seed,
        state.round,
        state.turn if turn is None else turn,
        phase,
        state.banked,
        state.hands if hands is None else hands,
        state.rows if rows is None else rows,
        state.taken if taken is None else taken,
        state.unused,
        state.played if played is None else played,
        queue,
        placing,
        blocked,
        decreasing,
        state.log.record(ev, state.config.players),
    )
