"""The Num Stop game state (immutable) and its consistency check."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import NoReturn

import attrs

from numrules.core.cards import Family, FamilyCard, NumCard, num_card_key
from numrules.core.errors import StateError
from numrules.core.events import EMPTY_LOG, Event, Log
from numrules.numstop.cards import DOUBLE, FLIP, QUANTUM, SKIP, is_action_card, is_shadow
from numrules.numstop.config import Config
from numrules.numstop.objectives import OBJECTIVES, SIZES, Objective
from numrules.numstop.selection import can_complete


class Phase(enum.Enum):
    """What the game is waiting for."""

    # Members are singletons compared by identity: hash them by identity too, in C,
    # rather than by name in Python (they are dict keys on hot paths).
    __hash__ = object.__hash__

    START = "start"
    """A turn begins: LOCK, DRAW or ACTIVATE."""
    DRAW = "draw"
    """The draw phase of a turn: DRAW, ACTIVATE or STOP."""
    REDRAW = "redraw"
    """A Rainbow was drawn: the player must DRAW again at once."""
    FLIPPED = "flipped"
    """A FLIP was activated: the next action must be DRAW or STOP."""
    SHADOW = "shadow"
    """A Shadow was drawn (it is `pending`): keep it, discard it, or answer with the JOKER."""
    ACTION = "action"
    """An action card was drawn (it is `pending`): activate it or reserve it."""
    QUANTUM = "quantum"
    """A QUANTUM took cards (they are `pending`): keep one family card or none."""
    SKIPPED = "skipped"
    """A SKIP hit this turn: activate DOUBLE, SKIP or SWIPE, then END the turn."""
    VALIDATION = "validation"
    """End of round: `player` decides `objective` (PICKs a combination's first card, or
    PASSes), or ENDs once every objective is decided (`objective` is None)."""
    SELECTION = "selection"
    """`player` PICKs the next card of a combination for `objective`, in canonical order."""
    OVER = "over"
    """The game has ended."""


TURN_PHASES = frozenset(
    {Phase.START, Phase.DRAW, Phase.REDRAW, Phase.FLIPPED, Phase.SHADOW, Phase.ACTION}
    | {Phase.QUANTUM, Phase.SKIPPED}
)
"""The phases of a turn in play (the stocks are not both empty)."""


@attrs.frozen(slots=True)
class State:
    """A complete Num Stop position, hidden parts included (never show it to a player).

    Build it with `new_game`; change it only with `apply`.
    """

    config: Config
    seed: int
    """The game seed; round r is shuffled from a seed derived from (seed, r)."""
    round: int
    """The current round, from 0. Round r starts with seat r mod players."""
    phase: Phase
    player: int
    """The seat whose turn it is, or that is validating."""
    stocks: tuple[tuple[NumCard, ...], tuple[NumCard, ...]]
    """Stock A and stock B, top card first (hidden; their sizes are public)."""
    piles: tuple[tuple[NumCard, ...], ...]
    """Each seat's unlocked pile, in draw order."""
    collections: tuple[tuple[NumCard, ...], ...]
    """The cards each seat locked this round, in locking order."""
    reserves: tuple[tuple[NumCard, ...], ...]
    """Each seat's reserved action cards, in the order they were reserved."""
    scored: tuple[tuple[NumCard, ...], ...]
    """Collection cards each seat has used in this round's validations."""
    discard: tuple[NumCard, ...]
    """Cards out of the round (public), in the order they left."""
    pending: tuple[NumCard, ...]
    """Cards taken by the player and awaiting a decision (SHADOW, ACTION, QUANTUM)."""
    drawn: int
    """Draws made in this turn (every card taken from a stock counts, those of a QUANTUM too)."""
    double: bool
    """Whether this turn is hit by a DOUBLE (no LOCK; no STOP or QUANTUM before its draws)."""
    doubled: frozenset[int]
    """Seats whose next played turn is hit by a DOUBLE."""
    skipped: frozenset[int]
    """Seats whose next turn is skipped."""
    peeks: tuple[int | None, int | None]
    """For each stock, the seat that saw its top card with a FLIP (until the card leaves)."""
    scorecards: tuple[tuple[int | None, ...], ...]
    """Each seat's scorecard: the points of each validated objective (table order), or None."""
    objective: Objective | None
    """The objective the validating seat decides (phase VALIDATION; None once every
    objective is decided) or is picking a combination for (phase SELECTION); else None."""
    selection: tuple[NumCard, ...]
    """The cards picked for it so far, in canonical order (phase SELECTION). They stay in
    the collection (and in its zone of `card_zones`) until the combination is validated."""
    log: Log = EMPTY_LOG
    """Every event of the game so far, with each seat's view (never show it to a player:
    `observe` gives a seat its own `log.view(seat)`). Not checked by `check_state`."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players

    @property
    def first_player(self) -> int:
        """The seat that starts the current round (and validates first)."""
        return self.round % self.config.players

    @property
    def compulsory(self) -> int:
        """Draws still compulsory in this turn (DOUBLE)."""
        return max(0, self.config.double_draws - self.drawn) if self.double else 0


def has_complete_scorecard(state: State) -> bool:
    """Whether some seat has validated all ten objectives (the game ends after this round)."""
    return any(None not in scorecard for scorecard in state.scorecards)


def card_zones(state: State) -> dict[str, tuple[NumCard, ...]]:
    """Every card of the round by place (`stock:A`, `pile:0`, `collection:0`, ...).

    The cards picked for a combination in progress (`selection`) are still in their
    collection: a selection is not a zone.
    """
    zones: dict[str, tuple[NumCard, ...]] = {
        "stock:A": state.stocks[0],
        "stock:B": state.stocks[1],
    }
    for seat in range(state.players):
        zones[f"pile:{seat}"] = state.piles[seat]
        zones[f"collection:{seat}"] = state.collections[seat]
        zones[f"reserve:{seat}"] = state.reserves[seat]
        zones[f"scored:{seat}"] = state.scored[seat]
    zones["pending"] = state.pending
    zones["discard"] = state.discard
    return zones


def pile_breaks(pile: Sequence[NumCard], config: Config) -> bool:
    """Whether the end of `pile` triggers a stop: a run of one family or of one value."""
    n = len(pile)
    runs = ((config.family_run, _family), (config.value_run, _value))
    for length, key in runs:
        if n >= length:
            last = key(pile[-1])
            if all(key(card) == last for card in pile[n - length : n - 1]):
                return True
    return False


def _family(card: NumCard) -> Family | None:
    return card.family if type(card) is FamilyCard else None


def _value(card: NumCard) -> int:
    return card.value if type(card) is FamilyCard else -1


def _fail(message: str) -> NoReturn:
    raise StateError(f"inconsistent Num Stop state: {message}")


def check_state(state: State) -> None:
    """Raise `StateError` unless `state` is a position the rules can reach.

    Checks that every card is in exactly one place, that each zone holds the right kind
    of cards (no stop pattern inside a pile, a Shadow only as a pile's first card), and
    that the phase agrees with the turn fields. Used when a state is loaded from JSON.
    """
    config = state.config
    n = config.players
    if state.round < 0 or (config.max_rounds is not None and state.round >= config.max_rounds):
        _fail(f"round {state.round} out of range")
    if not 0 <= state.player < n:
        _fail(f"no seat {state.player}")
    for name in ("piles", "collections", "reserves", "scored", "scorecards"):
        if len(getattr(state, name)) != n:
            _fail(f"{name} must have one entry per seat")
    counts = Counter(c for zone in card_zones(state).values() for c in zone)
    if set(counts) != set(config.all_cards()) or max(counts.values()) != 1:
        _fail("the cards are not exactly the cards of the round, each once")
    for card in (c for zone in (*state.piles, *state.collections, *state.scored) for c in zone):
        if type(card) is not FamilyCard:
            _fail(f"{card} cannot be in a pile or a collection")
    for pile in state.piles:
        if any(is_shadow(c) for c in pile[1:]) or any(
            pile_breaks(pile[: i + 1], config) for i in range(len(pile))
        ):
            _fail(f"the pile {' '.join(map(str, pile))} could not have been built")
    for reserve in state.reserves:
        if len(reserve) > config.reserve_size or not all(map(is_action_card, reserve)):
            _fail("a reserve holds action cards only, at most reserve_size of them")
    for scorecard in state.scorecards:
        if len(scorecard) != len(OBJECTIVES):
            _fail("a scorecard has one entry per objective")
        for objective, points in zip(OBJECTIVES, scorecard, strict=True):
            low, high = points_range(config, objective)
            if points is not None and not low <= points <= high:
                _fail(f"{objective.value} scored {points}; a combination scores {low}..{high}")
    if (
        state.round == 0
        and state.phase in TURN_PHASES
        and any(p is not None for card in state.scorecards for p in card)
    ):
        _fail("a scorecard entry before the first validation")
    unstocked = len(config.all_cards()) - len(state.stocks[0]) - len(state.stocks[1])
    if not 0 <= state.drawn <= unstocked:
        _fail(f"{state.drawn} draws this turn, but only {unstocked} cards left the stocks")
    for seats in (state.doubled, state.skipped):
        if not all(0 <= s < n for s in seats):
            _fail("a pending effect names no seat")
    for stock, seer in zip(state.stocks, state.peeks, strict=True):
        if seer is not None and (not 0 <= seer < n or not stock):
            _fail("a FLIP peek needs a seat and a non-empty stock")
    _check_effects(state)
    _check_phase(state)


def points_range(config: Config, objective: Objective) -> tuple[int, int]:
    """The fewest and most points one combination of `objective` can score under `config`.

    A Shadow straight scores its flat bonus; any other combination scores its bonus plus
    its cards, each worth at most the highest value (or `wild_points`, as a wild).
    """
    bonus = config.bonus(objective)
    if objective is Objective.SHADOW_STRAIGHT:
        return bonus, bonus
    return bonus, bonus + SIZES[objective] * max(config.max_value, config.wild_points)


def _check_effects(state: State) -> None:
    # Each action card exists once: an effect in play means its card was activated.
    phase, discarded = state.phase, frozenset(state.discard)
    doubles = len(state.doubled) + state.double
    if doubles > (DOUBLE in discarded):
        _fail("a DOUBLE effect needs the one DOUBLE card activated")
    skips = len(state.skipped) + (phase is Phase.SKIPPED)
    if skips > (SKIP in discarded):
        _fail("a SKIP effect needs the one SKIP card activated")
    seers = {seer for seer in state.peeks if seer is not None}
    if (seers or phase is Phase.FLIPPED) and (FLIP not in discarded or len(seers) > 1):
        _fail("FLIP knowledge needs the one FLIP card activated, by one seat")
    if phase is Phase.FLIPPED and state.peeks != tuple(
        state.player if stock else None for stock in state.stocks
    ):
        _fail("right after a FLIP, its seat sees the top of every stock that is not empty")
    if phase is Phase.QUANTUM and QUANTUM not in discarded:
        _fail("a QUANTUM choice needs the QUANTUM card activated")


def _check_phase(state: State) -> None:
    # The phase-specific fields: what is pending, what may be set in this phase.
    phase = state.phase
    complete = has_complete_scorecard(state)
    if phase is Phase.OVER:
        limit = state.config.max_rounds
        if not complete and (limit is None or state.round + 1 < limit):
            _fail("the game ends with a complete scorecard or after max_rounds")
    elif complete and phase not in (Phase.VALIDATION, Phase.SELECTION):
        _fail("the game ends after the validation that completes a scorecard")
    if phase in TURN_PHASES:
        if not (state.stocks[0] or state.stocks[1]):
            _fail("a turn is in play but both stocks are empty")
        if any(state.scored):
            _fail("cards are scored only after the round")
        if state.player in state.skipped:
            _fail("the seat to move cannot have a skipped turn pending")
    elif (
        state.stocks[0]
        or state.stocks[1]
        or any(state.piles)
        or any(state.reserves)
        or state.drawn
        or state.double
        or state.doubled
        or state.skipped
        or state.peeks != (None, None)
    ):
        _fail(f"phase {phase.value}: the round is over, nothing may be in play")
    pending = state.pending
    if phase is Phase.QUANTUM:
        if not 1 <= len(pending) <= state.config.quantum_cards:
            _fail("a QUANTUM choice is about 1 to quantum_cards cards")
    elif phase is Phase.SHADOW:
        if len(pending) != 1 or not is_shadow(pending[0]):
            _fail("a Shadow choice is about one pending Shadow")
    elif phase is Phase.ACTION:
        if len(pending) != 1 or not is_action_card(pending[0]):
            _fail("an action card choice is about one pending action card")
    elif pending:
        _fail(f"nothing is pending in phase {phase.value}")
    if phase in (Phase.START, Phase.SKIPPED) and state.drawn:
        _fail(f"phase {phase.value} comes before any draw")
    if phase is Phase.SKIPPED and state.double:
        _fail("a skipped turn is not a played turn")
    if phase in (Phase.SHADOW, Phase.ACTION, Phase.REDRAW) and not state.drawn:
        _fail(f"phase {phase.value} follows a draw")
    if phase is Phase.REDRAW:
        pile = state.piles[state.player]
        if not pile or _family(pile[-1]) is not Family.RAINBOW:
            _fail("a forced redraw follows a Rainbow at the end of the pile")
    _check_selection(state)


def _check_selection(state: State) -> None:
    # The objective under decision: open and fillable by the unused collection; in
    # SELECTION, distinct unused cards picked in canonical order, not yet a complete
    # combination, that still begin one completed by later cards.
    objective, selection, phase = state.objective, state.selection, state.phase
    if phase not in (Phase.VALIDATION, Phase.SELECTION):
        if objective is not None or selection:
            _fail("an objective is decided only in the validation")
        return
    if phase is Phase.VALIDATION:
        if selection:
            _fail("cards are picked for a combination only in phase selection")
        if objective is None:
            return
    if type(objective) is not Objective:
        _fail(f"phase {phase.value} needs the objective under decision")
    if state.scorecards[state.player][objective.index] is not None:
        _fail(f"{objective.value} is already validated")
    collection = state.collections[state.player]
    if len(set(selection)) != len(selection) or not set(selection) <= set(collection):
        _fail("the picked cards are distinct cards of the collection")
    if phase is Phase.SELECTION and not selection:
        _fail("phase selection follows the first pick of a combination")
    if len(selection) >= SIZES[objective]:
        _fail("a complete combination is validated at once")
    family = [c for c in collection if type(c) is FamilyCard]
    picked = [c for c in selection if type(c) is FamilyCard]
    if sorted(picked, key=num_card_key) != picked:
        _fail("the cards of a combination are picked in canonical order")
    if not can_complete(objective, picked, family, state.config.max_value):
        if not picked:
            _fail(f"the unused collection holds no {objective.value} to decide")
        _fail(f"the picked cards can no longer begin a {objective.value} with later cards")


Cards = tuple[NumCard, ...]
PerSeat = tuple[Cards, ...]


def successor(
    state: State,
    phase: Phase,
    ev: Sequence[Event],
    *,
    player: int | None = None,
    stocks: tuple[Cards, Cards] | None = None,
    piles: PerSeat | None = None,
    collections: PerSeat | None = None,
    reserves: PerSeat | None = None,
    scored: PerSeat | None = None,
    discard: Cards | None = None,
    pending: Cards = (),
    drawn: int | None = None,
    double: bool | None = None,
    doubled: frozenset[int] | None = None,
    skipped: frozenset[int] | None = None,
    peeks: tuple[int | None, int | None] | None = None,
    scorecards: tuple[tuple[int | None, ...], ...] | None = None,
    objective: Objective | None = None,
    selection: Cards = (),
) -> State:
    """The next state in the same round: `phase` and the given fields, the rest unchanged.

    One constructor call (no chain of `attrs.evolve`); `pending`, `objective` and
    `selection` default to empty. The events `ev` (what the action did, in order) are
    added to the log.
    """
    return State(
        state.config,
        state.seed,
        state.round,
        phase,
        state.player if player is None else player,
        state.stocks if stocks is None else stocks,
        state.piles if piles is None else piles,
        state.collections if collections is None else collections,
        state.reserves if reserves is None else reserves,
        state.scored if scored is None else scored,
        state.discard if discard is None else discard,
        pending,
        state.drawn if drawn is None else drawn,
        state.double if double is None else double,
        state.doubled if doubled is None else doubled,
        state.skipped if skipped is None else skipped,
        state.peeks if peeks is None else peeks,
        state.scorecards if scorecards is None else scorecards,
        objective,
        selection,
        state.log.record(ev, state.config.players),
    )


def with_seat(values: tuple[Cards, ...], seat: int, value: Cards) -> tuple[Cards, ...]:
    """`values` with the entry of `seat` replaced by `value`."""
    return (*values[:seat], value, *values[seat + 1 :])
