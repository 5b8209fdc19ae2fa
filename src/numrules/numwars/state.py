"""The Num Wars game state (immutable) and the records of finished rounds.

The state check, which needs the trick and scoring rules, is in `numwars.checks`.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs

from numrules.core.cards import NumCard
from numrules.core.events import EMPTY_LOG, Event, Log
from numrules.numwars.cards import Role, role_of
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


PerSeat = tuple[tuple[NumCard, ...], ...]


def successor(
    state: State,
    ev: Sequence[Event],
    *,
    hands: PerSeat | None = None,
    leader: int | None = None,
    trick: tuple[NumCard | None, ...] | None = None,
    won: PerSeat | None = None,
    pairs: PerSeat | None = None,
    tricks: tuple[int, ...] | None = None,
    bomb: Fate | None = None,
    capturer: int | None = None,
    protector: int | None = None,
) -> State:
    """The next state of the same round: the given fields, the rest unchanged.

    The Bomb's record (`bomb`, `capturer`, `protector`) is only ever set during a round
    (each round is dealt afresh), so None leaves it as it is. One positional constructor
    call (keywords cost more there, and a chain of `attrs.evolve` far more); the events
    `ev` (what the action did, in order) are added to the log.
    """
    return State(
        state.config,
        state.seed,
        state.round,
        state.phase,
        state.history,
        state.lots,
        state.hands if hands is None else hands,
        state.aside,
        state.leader if leader is None else leader,
        state.trick if trick is None else trick,
        state.won if won is None else won,
        state.pairs if pairs is None else pairs,
        state.tricks if tricks is None else tricks,
        state.bomb if bomb is None else bomb,
        state.capturer if capturer is None else capturer,
        state.protector if protector is None else protector,
        state.log.record(ev, state.config.players),
    )
