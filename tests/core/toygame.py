"""A tiny game with optional out-of-turn actions, to test the generic machinery.

"Shout": the mover must TICK (the count goes up by one, the turn passes left). While the
count is odd, every other seat may SHOUT once per count, out of turn, for a point.
The game ends when the count reaches `target`; most points wins.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

import attrs

from numrules import ConfigError, Game, IllegalActionError, NotationError, Reason, StateError
from numrules.core.events import EMPTY_LOG, Log, SeatLog
from numrules.core.notation import split_seat
from numrules.core.render import Layout, Sheet, item
from numrules.core.seats import check_observer, is_seat, left


class Phase(Enum):
    PLAY = "play"
    OVER = "over"


@attrs.frozen
class Config:
    players: int = 3
    target: int = 6

    def __attrs_post_init__(self) -> None:
        if not 2 <= self.players <= 4:
            raise ConfigError("Shout is for 2 to 4 players")


@attrs.frozen
class State:
    config: Config
    count: int
    mover: int
    shouted: tuple[int, ...]
    points: tuple[int, ...]
    round: int = 0
    log: Log = EMPTY_LOG

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self.count >= self.config.target else Phase.PLAY


@attrs.frozen
class Observation:
    seat: int | None
    config: Config
    count: int
    mover: int
    shouted: tuple[int, ...]
    scores: tuple[int, ...]
    to_act: tuple[int, ...]
    phase: Phase
    log: SeatLog
    round: int = 0


@attrs.frozen
class Tick:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:tick"


@attrs.frozen
class Shout:
    seat: int

    def __str__(self) -> str:
        return f"{self.seat}:shout"


def new_game(config: Config, seed: int, deck: Sequence[object] | None = None) -> State:
    return State(config, 0, 0, (), (0,) * config.players)


def shouters(state: State) -> frozenset[int]:
    if state.count >= state.config.target or state.count % 2 == 0:
        return frozenset()
    n = state.config.players
    return frozenset(s for s in range(n) if s != state.mover and s not in state.shouted)


def to_act(state: State) -> frozenset[int]:
    if state.count >= state.config.target:
        return frozenset()
    return shouters(state) | {state.mover}


def legal_actions(state: State) -> tuple[Tick | Shout, ...]:
    if state.count >= state.config.target:
        return ()
    return (*(Shout(s) for s in sorted(shouters(state))), Tick(state.mover))


def apply(state: State, action: Tick | Shout) -> State:
    if type(action) not in (Tick, Shout) or not is_seat(action.seat, state.config.players):
        raise IllegalActionError(action, Reason.MALFORMED, "not a Shout action")
    if state.count >= state.config.target:
        raise IllegalActionError(action, Reason.GAME_OVER, "the game is over")
    if isinstance(action, Tick):
        if action.seat != state.mover:
            raise IllegalActionError(action, Reason.NOT_YOUR_TURN, "not the mover")
        mover = left(state.mover, state.config.players)
        return attrs.evolve(state, count=state.count + 1, mover=mover, shouted=())
    if action.seat not in shouters(state):
        raise IllegalActionError(action, Reason.NOT_ALLOWED, "cannot shout now")
    points = list(state.points)
    points[action.seat] += 1
    return attrs.evolve(state, shouted=(*state.shouted, action.seat), points=tuple(points))


def observe(state: State, seat: int | None) -> Observation:
    check_observer(seat, state.config.players)
    mine = () if seat is None or seat not in shouters(state) else (seat,)
    return Observation(
        seat,
        state.config,
        state.count,
        state.mover,
        state.shouted,
        state.points,
        tuple(sorted({state.mover, *mine})) if state.phase is Phase.PLAY else (),
        state.phase,
        state.log.view(seat),
    )


def layout(observation: Observation) -> Layout:
    sheet = Sheet()
    sheet.wrap(
        f"count {observation.count}, mover {observation.mover}; points: ",
        [item(str(p)) for p in observation.scores],
    )
    return sheet.layout()


def parse_action(text: str, seat: int | None = None) -> Tick | Shout:
    seat, rest = split_seat(text, seat, example="0:tick")
    if rest not in ("tick", "shout"):
        raise NotationError(f"{text!r} is not a Shout action")
    return (Tick if rest == "tick" else Shout)(seat)


def parse_card(text: str) -> object:
    raise NotationError("Shout has no cards")


def check_state(state: State) -> None:
    if len(state.points) != state.config.players:
        raise StateError("one score per seat")


def winners(state: State) -> frozenset[int]:
    if state.count < state.config.target:
        return frozenset()
    best = max(state.points)
    return frozenset(s for s, p in enumerate(state.points) if p == best)


GAME = Game(
    name="shout",
    title="Shout (test game)",
    min_players=2,
    max_players=4,
    lower_score_wins=False,
    Config=Config,
    State=State,
    Observation=Observation,
    action_types=(Tick, Shout),
    card_types=(),
    new_game=new_game,
    legal_actions=legal_actions,
    to_act=to_act,
    apply=apply,
    is_terminal=lambda s: s.count >= s.config.target,
    scores=lambda s: s.points,
    winners=winners,
    observe=observe,
    parse_action=parse_action,
    example="0:tick",
    parse_card=parse_card,
    parse_cards=lambda text: (),
    all_cards=lambda config: (),
    card_zones=lambda state: {},
    hidden_cards=lambda state, seat: frozenset(),
    check_state=check_state,
    render=layout,
    quick_options={"target": 2},
    optional_seats=shouters,
)
