"""Stack Attack rules: dealing, the legal actions, and `apply`.

A turn: every seat CHOOSEs a card secretly; once all have chosen, the cards are revealed
and resolved inside `apply`. The action cards act first, lowest number first (a SWITCH
or a BLOCK stops the resolution until its holder decides); then every revealed card is
placed, ascending (descending if a DECREASING was revealed), each by the seat holding it
after the swaps. A card below every open row stops the resolution until its holder
picks a row. When the last card is placed the next turn starts, or the round ends and
the next round is dealt, or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.events import EMPTY_LOG, Event, Log
from numrules.core.game import action_handler
from numrules.core.interning import Interned, per_seat
from numrules.core.rng import arrange_deck, check_seed, derive_seed, shuffled
from numrules.core.seats import is_seat
from numrules.stackattack.actions import (
    EXAMPLE,
    Action,
    Block,
    Choose,
    PlaceShield,
    Switch,
    TakeRow,
)
from numrules.stackattack.cards import Card, Power
from numrules.stackattack.config import Config
from numrules.stackattack.event_types import (
    Blocked,
    Chose,
    Dealt,
    Descending,
    GameEnded,
    Placed,
    Revealed,
    RoundEnded,
    RowTaken,
    Switched,
)
from numrules.stackattack.scoring import penalty_points, round_points, scores, winners
from numrules.stackattack.state import Cards, PerSeat, Phase, State, holder, successor


def new_game(config: Config, seed: int, deck: Sequence[Card] | None = None) -> State:
    """Deal the first round of a new game.

    Args:
        config: the rules.
        seed: every shuffle of the game derives from it.
        deck: optional stacked order for round 1, top card first: `hand_size` cards to
            each seat in turn, then one card to start each row, the rest unused. Cards it
            does not list follow, shuffled from the seed.

    Raises:
        ConfigError: bad config type, seed, or stacked deck.

    """
    if not isinstance(config, Config):
        raise ConfigError(f"expected a stackattack.Config, got {config!r}")
    check_seed(seed)
    if deck is not None and not all(type(card) is int for card in deck):
        raise ConfigError("a stacked Stack Attack deck is a sequence of card numbers (ints)")
    order = arrange_deck(config.all_cards(), derive_seed(seed, "round", 0), deck)
    return _deal(config, seed, 0, (0,) * config.players, order, EMPTY_LOG, [])


def _deal(
    config: Config,
    seed: int,
    round_: int,
    banked: tuple[int, ...],
    order: Sequence[Card],
    log: Log,
    ev: list[Event],
) -> State:
    n, size = config.players, config.hand_size
    hands = tuple(tuple(sorted(order[i * size : (i + 1) * size])) for i in range(n))
    start = n * size
    rows = tuple((card,) for card in order[start : start + config.rows])
    ev.append(Dealt(round_, tuple(row[0] for row in rows), hands))
    return State(
        config=config,
        seed=seed,
        round=round_,
        turn=0,
        phase=Phase.CHOOSE,
        banked=banked,
        hands=hands,
        rows=rows,
        taken=((),) * n,
        unused=tuple(order[start + config.rows :]),
        played=(None,) * n,
        queue=(),
        placing=False,
        blocked=(),
        decreasing=False,
        log=log.record(ev, n),
    )


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.OVER


def to_act(state: State) -> frozenset[int]:
    """The seats that may act now: every seat yet to choose, or the one deciding."""
    if state.phase is Phase.CHOOSE:
        return frozenset(s for s, card in enumerate(state.played) if card is None)
    if state.phase is Phase.OVER:
        return frozenset()
    return frozenset((holder(state, state.queue[0]),))


def open_rows(state: State) -> tuple[int, ...]:
    """The rows not closed by a BLOCK this turn."""
    return tuple(r for r in range(state.config.rows) if r not in state.blocked)


_CHOOSE: Interned[int, Interned[Card, Choose]] = per_seat(Choose)
# `_CHOOSE[seat][card]`: every Choose action, built once.


def _decisions(key: tuple[Phase, int, int, int, tuple[int, ...]]) -> tuple[Action, ...]:
    # The actions of the seat owing a decision, by (phase, seat, players, rows, blocked).
    phase, seat, players, rows, blocked = key
    if phase is Phase.SWITCH:
        return tuple(Switch(seat, t) for t in range(players) if t != seat)
    kind: type[Block | TakeRow | PlaceShield] = PlaceShield
    if phase is Phase.BLOCK:
        kind = Block
    elif phase is Phase.TAKE:
        kind = TakeRow
    return tuple(kind(seat, r) for r in range(rows) if r not in blocked)


_DECISIONS: Interned[tuple[Phase, int, int, int, tuple[int, ...]], tuple[Action, ...]] = Interned(
    _decisions
)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action any seat may take now: seats ascending, then cards, seats or rows."""
    phase = state.phase
    if phase is Phase.CHOOSE:
        hands = state.hands
        actions: list[Action] = []
        for seat, choice in enumerate(state.played):
            if choice is None:
                actions.extend(map(_CHOOSE[seat].__getitem__, hands[seat]))
        return tuple(actions)
    if phase is Phase.OVER:
        return ()
    config = state.config
    seat = state.played.index(state.queue[0])
    return _DECISIONS[phase, seat, config.players, config.rows, state.blocked]


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; `state` itself is never changed.

    Raises:
        IllegalActionError: the action is not legal now (its `reason` says why).

    """
    handler = action_handler(
        _HANDLERS,
        action,
        title="Stack Attack",
        example=EXAMPLE,
        over=state.phase is Phase.OVER,
        players=state.config.players,
    )
    return handler(state, action)


def _choose(state: State, action: Choose) -> State:
    seat, card = action.seat, action.card
    if state.phase is not Phase.CHOOSE:
        raise IllegalActionError(action, Reason.WRONG_PHASE, "cards are chosen before the reveal")
    if state.played[seat] is not None:
        raise IllegalActionError(action, Reason.ALREADY_ACTED, "this seat has already chosen")
    if type(card) is not int:
        raise IllegalActionError(action, Reason.MALFORMED, "the card must be a card number")
    hands = state.hands
    hand = hands[seat]
    if card not in hand:
        raise IllegalActionError(action, Reason.CARD_NOT_HELD, f"card {card} is not in the hand")
    at = hand.index(card)  # a hand holds each card once
    hands = (*hands[:seat], hand[:at] + hand[at + 1 :], *hands[seat + 1 :])
    played = (*state.played[:seat], card, *state.played[seat + 1 :])
    ev: list[Event] = [Chose(seat, card)]
    if None in played:
        return successor(state, Phase.CHOOSE, ev, hands=hands, played=played)
    ev.append(Revealed(state.turn, played))  # type: ignore[arg-type]  # no None left
    power = state.config.power
    actions = tuple(sorted(c for c in played if c is not None and power(c) is not None))
    return _resolve(state, ev, queue=actions, hands=hands, played=list(played))


def _decider(state: State, action: Switch | Block | TakeRow | PlaceShield, phase: Phase) -> int:
    # Checks that `action` answers the pending decision; returns the row or seat it names.
    if state.phase is not phase:
        expected = "a card choice" if state.phase is Phase.CHOOSE else state.phase.value
        raise IllegalActionError(action, Reason.WRONG_PHASE, f"the game expects {expected}")
    if action.seat != holder(state, state.queue[0]):
        raise IllegalActionError(
            action, Reason.NOT_YOUR_TURN, f"card {state.queue[0]} is not held by this seat"
        )
    value = action.target if isinstance(action, Switch) else action.row
    if type(value) is not int:
        raise IllegalActionError(action, Reason.MALFORMED, "seats and rows are numbered by ints")
    if isinstance(action, Switch):
        if not is_seat(value, state.config.players) or value == action.seat:
            raise IllegalActionError(action, Reason.BAD_TARGET, "swap with another existing seat")
    elif not 0 <= value < state.config.rows or value in state.blocked:
        raise IllegalActionError(action, Reason.BAD_TARGET, f"row {value} is not an open row")
    return value


def _switch(state: State, action: Switch) -> State:
    target = _decider(state, action, Phase.SWITCH)
    played = list(state.played)
    gave, got = played[action.seat], played[target]
    # Every seat holds a card in the action stage.
    assert gave is not None
    assert got is not None
    played[action.seat], played[target] = got, gave
    ev: list[Event] = [Switched(action.seat, target, gave, got)]
    return _resolve(state, ev, queue=state.queue[1:], played=played)


def _block(state: State, action: Block) -> State:
    row = _decider(state, action, Phase.BLOCK)
    ev: list[Event] = [Blocked(action.seat, state.queue[0], row)]
    return _resolve(state, ev, queue=state.queue[1:], blocked=(*state.blocked, row))


def _take(state: State, action: TakeRow | PlaceShield) -> State:
    phase = Phase.TAKE if isinstance(action, TakeRow) else Phase.SHIELD
    row = _decider(state, action, phase)
    card = state.queue[0]
    rows, taken, played = list(state.rows), list(state.taken), list(state.played)
    ev: list[Event] = []
    if phase is Phase.TAKE:
        ev.append(_taken(state.config, action.seat, row, rows[row]))
        taken[action.seat] += rows[row]
        rows[row] = (card,)
    else:
        rows[row] += (card,)
    ev.append(Placed(action.seat, card, row))
    played[action.seat] = None
    return _resolve(
        state, ev, queue=state.queue[1:], rows=rows, taken=taken, played=played, placing=True
    )


def _taken(config: Config, seat: int, row: int, cards: tuple[Card, ...]) -> RowTaken:
    return RowTaken(seat, row, cards, penalty_points(config, cards))


def _resolve(
    state: State,
    ev: list[Event],
    *,
    queue: Cards,
    hands: PerSeat | None = None,
    rows: list[Cards] | None = None,
    taken: list[Cards] | None = None,
    played: list[Card | None] | None = None,
    placing: bool | None = None,
    blocked: tuple[int, ...] | None = None,
) -> State:
    # Runs the reveal forward from `state` with the given changes (None: as in `state`)
    # until a seat owes a decision or the turn is over, `queue` being the cards still to
    # resolve in this stage. `rows`, `taken`, `played` and the events `ev` are fresh
    # lists this function may change.
    config = state.config
    hands = state.hands if hands is None else hands
    rows = list(state.rows) if rows is None else rows
    taken = list(state.taken) if taken is None else taken
    played = list(state.played) if played is None else played
    placing = state.placing if placing is None else placing
    blocked = state.blocked if blocked is None else blocked
    decreasing = state.decreasing
    if not placing:
        for i, card in enumerate(queue):
            power = config.power(card)
            if power is Power.SWITCH or power is Power.BLOCK:
                return successor(
                    state,
                    Phase.SWITCH if power is Power.SWITCH else Phase.BLOCK,
                    ev,
                    hands=hands,
                    rows=tuple(rows),
                    taken=tuple(taken),
                    played=tuple(played),
                    queue=queue[i:],
                    blocked=blocked,
                    decreasing=decreasing,
                )
            if power is Power.DECREASING:
                decreasing = True
                ev.append(Descending(played.index(card), card))
        queue = tuple(sorted((c for c in played if c is not None), reverse=decreasing))
    limit, shields = config.row_limit, config.shield
    for i, card in enumerate(queue):
        best, best_end = -1, 0
        for r, row in enumerate(rows):
            end = row[-1]
            if best_end < end < card and r not in blocked:
                best, best_end = r, end
        if best < 0:
            return successor(
                state,
                Phase.SHIELD if card in shields else Phase.TAKE,
                ev,
                hands=hands,
                rows=tuple(rows),
                taken=tuple(taken),
                played=tuple(played),
                queue=queue[i:],
                placing=True,
                blocked=blocked,
                decreasing=decreasing,
            )
        seat = played.index(card)
        row = rows[best]
        if len(row) >= limit and card not in shields:
            ev.append(_taken(config, seat, best, row))
            taken[seat] += row
            rows[best] = (card,)
        else:
            rows[best] = (*row, card)
        ev.append(Placed(seat, card, best))
        played[seat] = None
    return _end_turn(state, ev, hands=hands, rows=tuple(rows), taken=tuple(taken))


def _end_turn(
    state: State, ev: list[Event], *, hands: PerSeat, rows: PerSeat, taken: PerSeat
) -> State:
    # Every card of the turn is placed: the next turn, the next round, or the end.
    config = state.config
    turn = state.turn + 1
    idle: tuple[Card | None, ...] = (None,) * config.players
    if turn < config.hand_size:
        return successor(
            state, Phase.CHOOSE, ev, turn=turn, hands=hands, rows=rows, taken=taken, played=idle
        )
    finished = successor(
        state, Phase.OVER, [], turn=turn, hands=hands, rows=rows, taken=taken, played=idle
    )
    totals = scores(finished)
    ev.append(RoundEnded(state.round, round_points(finished), totals))
    last_round = config.max_rounds is not None and state.round + 1 >= config.max_rounds
    if max(totals) >= config.end_score or last_round:
        ev.append(GameEnded(totals, tuple(sorted(winners(finished)))))
        return attrs.evolve(finished, log=state.log.record(ev, config.players))
    order = shuffled(config.all_cards(), derive_seed(state.seed, "round", state.round + 1))
    return _deal(config, state.seed, state.round + 1, totals, order, state.log, ev)


# Dispatch on the exact class: anything else (a subclass, junk) is malformed.
_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Choose: _choose,
    Switch: _switch,
    Block: _block,
    TakeRow: _take,
    PlaceShield: _take,
}
