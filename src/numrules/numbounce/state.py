"""The Num Bounce game state (immutable) and its consistency check."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import Final, NoReturn

import attrs

from numrules.core.cards import Family, FamilyCard, NumCard, num_card_key
from numrules.core.errors import StateError
from numrules.core.events import EMPTY_LOG, Event, Log
from numrules.numbounce.cards import ALL_CARDS, DECK_SIZE, NUM_X, Pile
from numrules.numbounce.combinations import MIXED, value_of
from numrules.numbounce.config import Config


class Phase(enum.Enum):
    """What the game is waiting for."""

    PLAY = "play"
    """The player to move opens, plays, takes a card, plays NUM_X or passes."""
    TAKEN = "taken"
    """The player to move has taken a card: play a combination with it, keep or discard it."""
    SHADOW = "shadow"
    """A SHADOW interrupt was played: its player may go up on it with one card, or decline."""
    OVER = "over"
    """The match has ended."""


@attrs.frozen(slots=True)
class State:
    """A complete Num Bounce position, hidden parts included (never show it to a player).

    Build it with `new_game`; change it only with `apply`. Interrupts are out-of-turn
    actions, so besides `mover` other seats may act (see `rules.to_act`).
    """

    config: Config
    seed: int
    """The match seed; round r is dealt from a shuffle derived from (seed, r)."""
    round: int
    """The current round, from 0."""
    wins: tuple[int, ...]
    """Rounds each seat has won."""
    phase: Phase
    mover: int
    """The seat that must act: the player to move (phase SHADOW: the Shadow's player)."""
    turn: int
    """Turns completed in this round (a turn ends when play comes back to phase PLAY)."""
    hands: tuple[frozenset[NumCard], ...]
    """Each seat's hand (a pending taken card is in `taken`, not here)."""
    known: tuple[frozenset[NumCard], ...]
    """The cards of each hand that every seat knows (taken from the discard, or taken
    back by going down)."""
    draw: tuple[NumCard, ...]
    """The draw pile, top card first (face down)."""
    discard: tuple[NumCard, ...]
    """The discard pile, bottom card first: the top card is the last one (face up)."""
    trick: tuple[NumCard, ...]
    """The cards of the current trick in the order they were laid."""
    ref_size: int
    """The reference is the last `ref_size` cards of the trick (0: no reference yet)."""
    author: int | None
    """The seat that laid the reference (None while there is none)."""
    interrupted: bool
    """Whether a RAINBOW or SHADOW interrupt already happened in this trick."""
    taken: NumCard | None
    """Phase TAKEN: the card the player to move has just taken."""
    source: Pile | None
    """Phase TAKEN: the pile `taken` came from."""
    recycles: int
    """How many times the discard has been shuffled into a new draw pile this round."""
    log: Log = EMPTY_LOG
    """Every event of the match so far, with what each seat was told of it (see
    `numrules.core.events`; read it with `events(state, seat)`)."""

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.config.players

    @property
    def reference(self) -> tuple[NumCard, ...]:
        """The combination to beat: the last `ref_size` cards of the trick."""
        return self.trick[len(self.trick) - self.ref_size :]


def _fail(message: str) -> NoReturn:
    raise StateError(f"inconsistent Num Bounce state: {message}")


def card_zones(state: State) -> dict[str, tuple[NumCard, ...]]:
    """Every card of the round by place (`hand:0`, `taken`, `draw`, `discard`, `trick`).

    Hands are sets: their cards come in canonical order (`num_card_key`), so equal
    states give equal zones (a set's own order may differ between equal copies).
    """
    zones: dict[str, tuple[NumCard, ...]] = {
        f"hand:{seat}": tuple(sorted(hand, key=num_card_key))
        for seat, hand in enumerate(state.hands)
    }
    zones["taken"] = () if state.taken is None else (state.taken,)
    zones["draw"] = state.draw
    zones["discard"] = state.discard
    zones["trick"] = state.trick
    return zones


def check_state(state: State) -> None:
    """Raise `StateError` unless `state` is a position the rules can reach.

    Checks the match counters, that every card is in exactly one place, that the
    publicly known cards are in their hands, that the reference is a combination, and
    that the phase agrees with the rest. Used when a state is loaded from JSON.
    """
    config = state.config
    if not isinstance(config, Config):
        _fail("config is not a numbounce.Config")
    n = config.players
    for name in ("wins", "hands", "known"):
        if len(getattr(state, name)) != n:
            _fail(f"{name} must have one entry per seat")
    over = state.phase is Phase.OVER
    if state.round < 0 or state.turn < 0 or state.recycles < 0:
        _fail("negative round, turn or recycle count")
    if any(w < 0 or w > state.round + over for w in state.wins):
        _fail(f"round wins {state.wins} are impossible in round {state.round}")
    if sum(state.wins) < state.round + over:
        _fail("every finished round has at least one winner")
    if config.rounds is not None and state.round >= config.rounds:
        _fail(f"round {state.round} is past the last round")
    if config.target_wins is not None and (max(state.wins) >= config.target_wins) != over:
        _fail("the match ends exactly when a seat reaches the target")
    if config.rounds is not None and over and state.round != config.rounds - 1:
        _fail("a fixed-length match ends after its last round")
    limit = config.max_turns_per_round
    if limit is not None and state.turn > limit - (not over):
        _fail(f"turn {state.turn} is past the limit of {limit}")
    if not 0 <= state.mover < n:
        _fail(f"no seat {state.mover}")
    counts = Counter(c for zone in card_zones(state).values() for c in zone)
    if set(counts) != set(ALL_CARDS) or max(counts.values()) != 1:
        _fail("the cards are not exactly the deck, each once")
    for hand, known in zip(state.hands, state.known, strict=True):
        if not known <= hand:
            _fail("a publicly known card is not in its hand")
    _check_trick(state)
    _check_phase(state)
    _check_match(state)
    _check_turns(state)


def _check_trick(state: State) -> None:
    size = state.ref_size
    if not 0 <= size <= len(state.trick):
        _fail(f"reference size {size} does not fit the trick")
    if (size == 0) != (not state.trick) or (size == 0) != (state.author is None):
        _fail("a trick, its reference and its author exist together")
    if state.author is not None and not 0 <= state.author < state.players:
        _fail(f"no seat {state.author}")
    if state.interrupted and not state.trick:
        _fail("an interrupt needs a trick")
    if NUM_X in state.trick:
        _fail("NUM_X never stays in a trick")
    if size and value_of(state.reference) == MIXED:
        _fail("the reference is not a combination")


def _check_phase(state: State) -> None:
    phase = state.phase
    if (phase is Phase.TAKEN) != (state.taken is not None) or (state.taken is None) != (
        state.source is None
    ):
        _fail("a taken card (and its pile) exists exactly in phase TAKEN")
    if phase is Phase.OVER:
        return
    if not all(state.hands):
        _fail("a round with an empty hand is over")
    if phase is Phase.SHADOW:
        last = state.trick[-1] if state.trick else None
        if (
            not state.interrupted
            or state.ref_size != 1
            or type(last) is not FamilyCard
            or last.family is not Family.SHADOW
            or state.author != state.mover
        ):
            _fail("phase SHADOW follows a SHADOW interrupt by the seat to act")
        return
    if state.author == state.mover:
        _fail("the author of the reference is never the player to move")
    if phase is Phase.TAKEN and not state.ref_size:
        _fail("a card is taken only when there is a reference")


def _check_match(state: State) -> None:
    # The round wins against the rounds played and the match format; how the match ended.
    config = state.config
    over = state.phase is Phase.OVER
    finished = state.round + over
    if config.max_turns_per_round is None and sum(state.wins) != finished:
        # Only a round stopped by the turn limit can have several winners.
        _fail(f"{sum(state.wins)} round wins in {finished} finished rounds, one winner each")
    if config.target_wins is not None and over and max(state.wins) != config.target_wins:
        _fail(f"round wins {state.wins}: the match ends when a seat reaches {config.target_wins}")
    if not over:
        return
    # The last round ended when a hand emptied or at the turn limit; its first winner,
    # the first seat with the fewest cards, is `mover`.
    fewest = min(map(len, state.hands))
    if fewest and state.turn != config.max_turns_per_round:
        _fail("the match ended but no hand is empty and the turn limit was not reached")
    if len(state.hands[state.mover]) != fewest or any(
        len(hand) == fewest for hand in state.hands[: state.mover]
    ):
        _fail(f"seat {state.mover} is not the first seat with the fewest cards, the last winner")
    if not state.wins[state.mover]:
        _fail(f"seat {state.mover} won the last round but has no round win")


def _check_turns(state: State) -> None:
    # The turn counter bounds what can have happened in the round: each turn takes at most
    # one card (from the draw, or the discard: only then may a recycle happen) and grows
    # at most one hand by one card. A turn still going on (TAKEN, SHADOW) counts too.
    config = state.config
    n, size = config.players, config.hand_size
    started = state.turn + (state.phase in (Phase.TAKEN, Phase.SHADOW))
    if state.turn == 0 and state.phase is not Phase.OVER:
        # Nothing has happened yet: the position is the deal.
        if (
            state.phase is not Phase.PLAY
            or state.trick
            or len(state.discard) != 1
            or any(state.known)
            or any(len(hand) != size for hand in state.hands)
        ):
            _fail("at turn 0 the round is as dealt: full hands, one discard, no trick")
        if state.round == 0 and state.mover != 0:
            _fail("seat 0 opens the first round")
    if state.recycles > started:
        _fail(f"{state.recycles} recycles of the discard in {started} turns")
    grown = sum(max(len(hand) - size, 0) for hand in state.hands)
    if grown > started:
        _fail(f"the hands hold {grown} cards more than dealt after {started} turns")
    if state.recycles == 0:
        dealt = DECK_SIZE - n * size - 1
        if not dealt - started <= len(state.draw) <= dealt:
            _fail(
                f"a draw pile of {len(state.draw)} cards after {started} turns "
                f"without a recycle ({dealt} were left after the deal)"
            )


Cards = tuple[NumCard, ...]
Hands = tuple[frozenset[NumCard], ...]


class Unchanged(enum.Enum):
    """`successor`'s default for a field where None is a value: keep the state's."""

    UNCHANGED = "unchanged"


UNCHANGED: Final = Unchanged.UNCHANGED
"""Leave the field as it is (for `author`, which None sets to "no reference")."""


def successor(
    state: State,
    phase: Phase,
    ev: Sequence[Event],
    *,
    wins: tuple[int, ...] | None = None,
    mover: int | None = None,
    turn: int | None = None,
    hands: Hands | None = None,
    known: Hands | None = None,
    draw: Cards | None = None,
    discard: Cards | None = None,
    trick: Cards | None = None,
    ref_size: int | None = None,
    author: int | Unchanged | None = UNCHANGED,
    interrupted: bool | None = None,
    taken: NumCard | None = None,
    source: Pile | None = None,
    recycles: int | None = None,
) -> State:
    """The next state of the same round: `phase` and the given fields, the rest unchanged.

    `taken` and `source` default to None (only phase TAKEN has them); `author` is kept
    unless given (None: no reference). One positional constructor call (keywords cost
    more there, and a chain of `attrs.evolve` far more); the events `ev` (what the
    action did, in order) are added to the log.
    """
    return State(
        state.config,
        state.seed,
        state.round,
        state.wins if wins is None else wins,
        phase,
        state.mover if mover is None else mover,
        state.turn if turn is None else turn,
        state.hands if hands is None else hands,
        state.known if known is None else known,
        state.draw if draw is None else draw,
        state.discard if discard is None else discard,
        state.trick if trick is None else trick,
        state.ref_size if ref_size is None else ref_size,
        state.author if author is UNCHANGED else author,
        state.interrupted if interrupted is None else interrupted,
        taken,
        source,
        state.recycles if recycles is None else recycles,
        state.log.record(ev, state.config.players),
    )
