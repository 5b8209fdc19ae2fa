"""Num Stop rules: a new game, the legal actions, and `apply`.

One seat acts at a time: the seat whose turn it is, or, after a round, the seat that is
validating. A turn is a LOCK, or a draw phase (DRAW, ACTIVATE, STOP) whose draws may raise
decisions of the same seat (a Shadow, an action card, a QUANTUM choice). The round ends
inside the action that empties both stocks; validation follows, seat by seat from the
round's first player: each open objective the collection can fill is decided once, in
`DECISION_ORDER` (the rarest first; PICK a combination's cards in canonical order, or
PASS), then END;
then the next round is dealt, or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from numrules.core.cards import FamilyCard, NumCard, SpecialCard, interned, num_card_key
from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.events import EMPTY_LOG
from numrules.core.game import action_handler
from numrules.core.interning import Interned, per_seat
from numrules.core.rng import arrange_deck, check_seed, derive_seed
from numrules.numstop.actions import (
    EXAMPLE,
    Action,
    Activate,
    Discard,
    Draw,
    EndTurn,
    EndValidation,
    Keep,
    Lock,
    Pass,
    Pick,
    Reserve,
    Stop,
)
from numrules.numstop.cards import JOKER, SKIPPED_TURN_CARDS, Stock
from numrules.numstop.config import Config
from numrules.numstop.objectives import OBJECTIVES
from numrules.numstop.rounds import deal, end_validation, pass_objective, pick
from numrules.numstop.selection import completing_cards
from numrules.numstop.state import Phase, State
from numrules.numstop.turns import (
    action_card_choices,
    activate,
    activations,
    discard_shadow,
    draw,
    end_skipped_turn,
    keep,
    lock,
    reserve,
    stop,
)


def new_game(config: Config, seed: int, deck: Sequence[NumCard] | None = None) -> State:
    """Deal the first round of a new game.

    Args:
        config: the rules.
        seed: every shuffle of the game derives from it.
        deck: optional stacked order for round 1, top card first: its first half (54
            cards in CLASSIC, 51 in DISCOVERY) is stock A, top first, the rest stock B.
            Cards it does not list follow, shuffled from the seed.

    Raises:
        ConfigError: bad config type, seed, or stacked deck.

    """
    if not isinstance(config, Config):
        raise ConfigError(f"expected a numstop.Config, got {config!r}")
    check_seed(seed)
    if deck is not None and not all(type(c) is FamilyCard or type(c) is SpecialCard for c in deck):
        raise ConfigError("a stacked Num Stop deck is a sequence of cards (use parse_cards)")
    order = arrange_deck(config.all_cards(), derive_seed(seed, "round", 0), deck)
    if deck is not None:  # cards made by hand are equal to the interned ones
        order = tuple(map(interned, order))
    scorecards = ((None,) * len(OBJECTIVES),) * config.players
    return deal(config, seed, 0, scorecards, order, EMPTY_LOG, [])


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.OVER


def to_act(state: State) -> frozenset[int]:
    """The seat that may act now (empty once the game is over)."""
    if state.phase is Phase.OVER:
        return frozenset()
    return frozenset((state.player,))


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every action the seat to act may take now, in a fixed order.

    The order: LOCK, STOP, DRAW A, DRAW B, activations (by card, then target seat or
    stock), then RESERVE; for a drawn Shadow the JOKER, KEEP, DISCARD; after a QUANTUM
    the cards to keep, then KEEP none; END TURN last; in validation, for the objective
    under decision, PICK each card that can begin one of its combinations (canonical
    order), then PASS; while picking a combination, PICK each card that can come next
    (canonical order); END once every objective is decided. (So always taking the first
    action plays a cautious game: draw once, stop, lock, then validate a combination for
    every objective it can, in `DECISION_ORDER`.)

    No decision offers more than the seat's collection size + 1 actions.
    """
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    return tuple(_LEGAL[phase](state))


_DRAWS: Interned[int, tuple[Draw, Draw]] = Interned(
    lambda seat: (Draw(seat, Stock.A), Draw(seat, Stock.B))
)
_STOP: Interned[int, Stop] = Interned(Stop)
_LOCK: Interned[int, Lock] = Interned(Lock)
_END_TURN: Interned[int, EndTurn] = Interned(EndTurn)
_END_VALIDATION: Interned[int, EndValidation] = Interned(EndValidation)
_PASS: Interned[int, Pass] = Interned(Pass)
_PICK: Interned[int, Interned[NumCard, Pick]] = per_seat(Pick)
# The actions that name a seat and at most one card or objective, built once each.


def _draws(state: State) -> list[Action]:
    draw_a, draw_b = _DRAWS[state.player]
    stock_a, stock_b = state.stocks
    if stock_a:
        return [draw_a, draw_b] if stock_b else [draw_a]
    return [draw_b] if stock_b else []


def _from_reserve(state: State, allowed: frozenset[SpecialCard] | None = None) -> list[Action]:
    held = cast(list[SpecialCard], sorted(state.reserves[state.player], key=num_card_key))
    return [a for c in held if allowed is None or c in allowed for a in activations(state, c)]


def _start(state: State) -> list[Action]:
    seat = state.player
    out: list[Action] = []
    if state.piles[seat] and not state.double:
        out.append(_LOCK[seat])
    return out + _draws(state) + _from_reserve(state)


def _draw_phase(state: State) -> list[Action]:
    out: list[Action] = [_STOP[state.player]] if state.drawn and not state.compulsory else []
    return out + _draws(state) + _from_reserve(state)


def _flipped(state: State) -> list[Action]:
    out: list[Action] = [] if state.compulsory else [_STOP[state.player]]
    return out + _draws(state)


def _shadow(state: State) -> list[Action]:
    seat, shadow = state.player, state.pending[0]
    out: list[Action] = [Activate(seat, JOKER)] if JOKER in state.reserves[seat] else []
    return [*out, Keep(seat, shadow), Discard(seat, shadow)]


def _action(state: State) -> list[Action]:
    return list(action_card_choices(state))


def _quantum(state: State) -> list[Action]:
    seat = state.player
    kept = sorted((c for c in state.pending if type(c) is FamilyCard), key=num_card_key)
    return [*(Keep(seat, c) for c in kept), Keep(seat, None)]


def _skipped(state: State) -> list[Action]:
    return [*_from_reserve(state, SKIPPED_TURN_CARDS), _END_TURN[state.player]]


def _unused(state: State) -> list[FamilyCard]:
    return [c for c in state.collections[state.player] if type(c) is FamilyCard]


def _validation(state: State) -> list[Action]:
    # The objective under decision: the first cards of its combinations, or pass; with
    # every objective decided, end.
    seat, objective = state.player, state.objective
    if objective is None:
        return [_END_VALIDATION[seat]]
    cards = completing_cards(objective, (), _unused(state), state.config.max_value)
    out: list[Action] = list(map(_PICK[seat].__getitem__, cards))
    out.append(_PASS[seat])
    return out


def _selection(state: State) -> list[Action]:
    seat, objective = state.player, state.objective
    assert objective is not None  # phase SELECTION (check_state)
    picked = [c for c in state.selection if type(c) is FamilyCard]
    cards = completing_cards(objective, picked, _unused(state), state.config.max_value)
    return list(map(_PICK[seat].__getitem__, cards))


_LEGAL: dict[Phase, Callable[[State], list[Action]]] = {
    Phase.START: _start,
    Phase.DRAW: _draw_phase,
    Phase.REDRAW: _draws,
    Phase.FLIPPED: _flipped,
    Phase.SHADOW: _shadow,
    Phase.ACTION: _action,
    Phase.QUANTUM: _quantum,
    Phase.SKIPPED: _skipped,
    Phase.VALIDATION: _validation,
    Phase.SELECTION: _selection,
}


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; `state` itself is never changed.

    Raises:
        IllegalActionError: the action is not legal now (its `reason` says why).

    """
    handler = action_handler(
        _HANDLERS,
        action,
        title="Num Stop",
        example=EXAMPLE,
        over=state.phase is Phase.OVER,
        players=state.config.players,
    )
    if action.seat != state.player:
        raise IllegalActionError(action, Reason.NOT_YOUR_TURN, f"seat {state.player} is to act")
    return handler(state, action)


# Dispatch on the exact class: anything else (a subclass, junk) is malformed.
_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    Lock: lock,
    Draw: draw,
    Stop: stop,
    Activate: activate,
    Reserve: reserve,
    Keep: keep,
    Discard: discard_shadow,
    EndTurn: end_skipped_turn,
    Pick: pick,
    Pass: pass_objective,
    EndValidation: end_validation,
}
