"""A turn of play: LOCK, DRAW, STOP, the action cards and the decisions a draw may raise.

Every handler receives an action whose seat is the seat to move (checked by
`rules.apply`), checks the rest in O(1) or O(pile), and returns the next state built
with one constructor call. The round ends inside the action that empties both stocks.
"""

from __future__ import annotations

from typing import cast

from numrules.core.cards import (
    Family,
    FamilyCard,
    NumCard,
    SpecialCard,
    family_card,
    interned,
    is_num_card,
    num_card_key,
)
from numrules.core.errors import IllegalActionError, Reason
from numrules.core.events import Event
from numrules.core.seats import left, right
from numrules.numstop.actions import Activate, Discard, Draw, EndTurn, Keep, Lock, Reserve, Stop
from numrules.numstop.cards import (
    DOUBLE,
    FLIP,
    JOKER,
    QUANTUM,
    SKIP,
    SKIPPED_TURN_CARDS,
    SWIPE,
    Stock,
    is_action_card,
)
from numrules.numstop.event_types import (
    ActionCardLost,
    Busted,
    DoubleActivated,
    DoubleTurn,
    Drew,
    Flipped,
    JokerPlayed,
    Locked,
    QuantumKept,
    QuantumTook,
    Reserved,
    ShadowDiscarded,
    ShadowKept,
    SkipActivated,
    SkippedTurnEnded,
    Stopped,
    Swiped,
    TurnSkipped,
)
from numrules.numstop.rounds import end_round
from numrules.numstop.state import Cards, Phase, State, pile_breaks, successor, with_seat

DRAW_PHASES = frozenset({Phase.START, Phase.DRAW, Phase.REDRAW, Phase.FLIPPED})
"""The phases in which the seat to move may DRAW."""
ACTIVATION_PHASES = frozenset({Phase.START, Phase.DRAW, Phase.SKIPPED})
"""The phases in which the seat to move may activate a card of its reserve."""


def _refuse(action: object, reason: Reason, detail: str) -> IllegalActionError:
    return IllegalActionError(action, reason, detail)


# --- the end of a turn ----------------------------------------------------------------


def end_turn(
    state: State,
    ev: list[Event],
    *,
    stocks: tuple[Cards, Cards] | None = None,
    piles: tuple[Cards, ...] | None = None,
    collections: tuple[Cards, ...] | None = None,
    discard: Cards | None = None,
    peeks: tuple[int | None, int | None] | None = None,
) -> State:
    """The turn is over: the next seat begins its turn, skipped or played (DOUBLE applies).

    `ev` holds the events of the action so far; the start of a skipped or doubled turn
    is added to them.
    """
    nxt = (state.player + 1) % state.players
    skipped, doubled = state.skipped, state.doubled
    if nxt in skipped:
        phase, double, skipped = Phase.SKIPPED, False, skipped - {nxt}
        ev.append(TurnSkipped(nxt))
    else:
        phase, double = Phase.START, nxt in doubled
        if double:
            doubled = doubled - {nxt}
            ev.append(DoubleTurn(nxt, state.config.double_draws))
    return successor(
        state,
        phase,
        ev,
        player=nxt,
        stocks=stocks,
        piles=piles,
        collections=collections,
        discard=discard,
        drawn=0,
        double=double,
        doubled=doubled,
        skipped=skipped,
        peeks=peeks,
    )


# --- turn actions ---------------------------------------------------------------------


def lock(state: State, action: Lock) -> State:
    """Lock the pile: it joins the collection and the turn ends."""
    if state.phase is not Phase.START:
        raise _refuse(action, Reason.WRONG_PHASE, "LOCK is only allowed as the first action")
    seat = state.player
    pile = state.piles[seat]
    if not pile:
        raise _refuse(action, Reason.NOT_ALLOWED, "the pile is empty")
    if state.double:
        raise _refuse(action, Reason.NOT_ALLOWED, "a turn hit by DOUBLE cannot LOCK")
    return end_turn(
        state,
        [Locked(seat, pile)],
        piles=with_seat(state.piles, seat, ()),
        collections=with_seat(state.collections, seat, state.collections[seat] + pile),
    )


def draw(state: State, action: Draw) -> State:
    """Draw the top card of a stock and resolve it."""
    if state.phase not in DRAW_PHASES:
        raise _refuse(action, Reason.WRONG_PHASE, "no draw is possible now")
    stock = action.stock
    if type(stock) is not Stock:
        raise _refuse(action, Reason.MALFORMED, "the stock must be Stock.A or Stock.B")
    i = stock.index
    source = state.stocks[i]
    if not source:
        raise _refuse(action, Reason.NOT_ALLOWED, f"stock {stock.value} is empty")
    rest = source[1:]
    stocks = (rest, state.stocks[1]) if i == 0 else (state.stocks[0], rest)
    peeks = state.peeks
    if peeks[i] is not None:  # the card seen with FLIP leaves the stock
        peeks = (None, peeks[1]) if i == 0 else (peeks[0], None)
    card = source[0]
    return _drawn(state, card, stocks, peeks, [Drew(state.player, stock, card)])


def _drawn(
    state: State,
    card: NumCard,
    stocks: tuple[Cards, Cards],
    peeks: tuple[int | None, int | None],
    ev: list[Event],
) -> State:
    # Resolves a card just drawn: the round end, an action card, a Shadow, the stop checks.
    if not (stocks[0] or stocks[1]):
        return end_round(state, ev, state.piles, state.reserves, state.discard, (card,))
    drawn = state.drawn + 1
    seat = state.player
    if type(card) is not FamilyCard:
        nxt = successor(
            state, Phase.ACTION, ev, stocks=stocks, pending=(card,), drawn=drawn, peeks=peeks
        )
        if action_card_choices(nxt):
            return nxt
        # No slot and nothing can be activated: the drawn card is discarded.
        ev.append(ActionCardLost(seat, card))
        discard = (*state.discard, card)
        return successor(
            state, Phase.DRAW, ev, stocks=stocks, discard=discard, drawn=drawn, peeks=peeks
        )
    if card.family is Family.SHADOW:
        return successor(
            state, Phase.SHADOW, ev, stocks=stocks, pending=(card,), drawn=drawn, peeks=peeks
        )
    pile = (*state.piles[seat], card)
    if pile_breaks(pile, state.config):
        ev.append(Busted(seat, pile))
        return end_turn(
            state,
            ev,
            stocks=stocks,
            piles=with_seat(state.piles, seat, ()),
            discard=state.discard + pile,
            peeks=peeks,
        )
    phase = Phase.REDRAW if card.family is Family.RAINBOW else Phase.DRAW
    piles = with_seat(state.piles, seat, pile)
    return successor(state, phase, ev, stocks=stocks, piles=piles, drawn=drawn, peeks=peeks)


def stop(state: State, action: Stop) -> State:
    """Stop drawing: the pile stays unlocked and the turn ends."""
    phase = state.phase
    if phase is not Phase.DRAW and phase is not Phase.FLIPPED:
        raise _refuse(action, Reason.WRONG_PHASE, "STOP is only allowed in the draw phase")
    if phase is Phase.DRAW and not state.drawn:
        raise _refuse(action, Reason.NOT_ALLOWED, "STOP needs a draw first (or a FLIP)")
    if state.compulsory:
        raise _refuse(action, Reason.NOT_ALLOWED, "DOUBLE: the compulsory draws come first")
    return end_turn(state, [Stopped(state.player, state.piles[state.player])])


def end_skipped_turn(state: State, action: EndTurn) -> State:
    """End a skipped turn."""
    if state.phase is not Phase.SKIPPED:
        raise _refuse(action, Reason.WRONG_PHASE, "only a skipped turn is ended this way")
    return end_turn(state, [SkippedTurnEnded(state.player)])


def reserve(state: State, action: Reserve) -> State:
    """Put the action card just drawn into the reserve."""
    if state.phase is not Phase.ACTION:
        raise _refuse(action, Reason.WRONG_PHASE, "only an action card just drawn is reserved")
    card, seat = action.card, state.player
    if not is_num_card(card):
        raise _refuse(action, Reason.MALFORMED, "the card must be a card")
    if card != state.pending[0]:
        raise _refuse(action, Reason.CARD_NOT_HELD, f"the card just drawn is {state.pending[0]}")
    held = state.reserves[seat]
    if len(held) >= state.config.reserve_size:
        raise _refuse(action, Reason.NOT_ALLOWED, "the reserve is full")
    drawn = state.pending[0]
    reserves = with_seat(state.reserves, seat, (*held, drawn))
    return successor(state, Phase.DRAW, [Reserved(seat, drawn)], reserves=reserves)


def keep(state: State, action: Keep) -> State:
    """Keep the drawn Shadow (the pile is lost), or one of the QUANTUM cards (or none)."""
    card, phase = action.card, state.phase
    if card is not None and not is_num_card(card):
        raise _refuse(action, Reason.MALFORMED, "the card must be a card or None")
    if phase is Phase.SHADOW:
        if card is None:
            raise _refuse(action, Reason.NOT_ALLOWED, "keep the Shadow, or discard it")
        if card != state.pending[0]:
            raise _refuse(action, Reason.CARD_NOT_HELD, f"the Shadow drawn is {state.pending[0]}")
        seat = state.player
        return end_turn(
            state,
            [ShadowKept(seat, state.pending[0], state.piles[seat])],
            piles=with_seat(state.piles, seat, state.pending),
            discard=state.discard + state.piles[seat],
        )
    if phase is not Phase.QUANTUM:
        raise _refuse(action, Reason.WRONG_PHASE, "there is nothing to keep")
    if card is None:
        ev: list[Event] = [QuantumKept(state.player, None, state.pending)]
        return end_turn(state, ev, discard=state.discard + state.pending)
    if card not in state.pending:
        raise _refuse(action, Reason.CARD_NOT_HELD, "keep one of the QUANTUM cards")
    if type(card) is not FamilyCard:
        raise _refuse(action, Reason.NOT_ALLOWED, "only a family card can be kept")
    card = family_card(card.family, card.value)  # the interned card (one made by hand is equal)
    rest = tuple(c for c in state.pending if c != card)
    seat, pile = state.player, state.piles[state.player]
    ev = [QuantumKept(seat, card, rest)]
    if card.family is Family.SHADOW:  # a kept Shadow starts a new pile
        ev.append(ShadowKept(seat, card, pile))
        discard, pile = (*state.discard, *rest, *pile), (card,)
    elif pile_breaks((*pile, card), state.config):
        ev.append(Busted(seat, (*pile, card)))
        discard, pile = (*state.discard, *rest, *pile, card), ()
    else:  # a kept Rainbow draws nothing more
        discard, pile = (*state.discard, *rest), (*pile, card)
    return end_turn(state, ev, piles=with_seat(state.piles, seat, pile), discard=discard)


def discard_shadow(state: State, action: Discard) -> State:
    """Discard the drawn Shadow and keep the pile; the turn ends."""
    if state.phase is not Phase.SHADOW:
        raise _refuse(action, Reason.WRONG_PHASE, "only a drawn Shadow is discarded this way")
    card = action.card
    if not is_num_card(card):
        raise _refuse(action, Reason.MALFORMED, "the card must be a card")
    if card != state.pending[0]:
        raise _refuse(action, Reason.CARD_NOT_HELD, f"the Shadow drawn is {state.pending[0]}")
    ev: list[Event] = [ShadowDiscarded(state.player, state.pending[0])]
    return end_turn(state, ev, discard=state.discard + state.pending)


# --- action cards ---------------------------------------------------------------------


def effect_problem(
    state: State, card: SpecialCard, target: object, stock: object
) -> tuple[Reason, str] | None:
    """Why activating `card` with these arguments is impossible now (None: it is possible).

    Checks the arguments and the situation only, not where the card is held.
    """
    seat, n = state.player, state.players
    if card is DOUBLE or card is SKIP or card is SWIPE:
        if stock is not None or type(target) is not int:
            return Reason.MALFORMED, f"{card} takes a target seat"
        if not 0 <= target < n:
            return Reason.BAD_TARGET, f"there is no seat {target}"
        if card is SKIP and target == seat:
            return Reason.BAD_TARGET, "SKIP targets an opponent"
        if card is SWIPE:
            if target == seat or target not in (left(seat, n), right(seat, n)):
                return Reason.BAD_TARGET, "SWIPE exchanges piles with a neighbour"
            if not state.piles[seat] and not state.piles[target]:
                return Reason.NOT_ALLOWED, "SWIPE needs a pile that is not empty"
        return None
    if target is not None:
        return Reason.MALFORMED, f"{card} takes no target seat"
    if card is QUANTUM:
        if type(stock) is not Stock:
            return Reason.MALFORMED, "QUANTUM takes a stock"
        if not state.stocks[stock.index]:
            return Reason.NOT_ALLOWED, f"stock {stock.value} is empty"
        if state.compulsory:
            return Reason.NOT_ALLOWED, "DOUBLE: no QUANTUM before the compulsory draws"
        return None
    if stock is not None:
        return Reason.MALFORMED, f"{card} takes no stock"
    if card is JOKER and state.phase is not Phase.SHADOW:
        return Reason.NOT_ALLOWED, "the JOKER only answers a drawn Shadow"
    return None


def activations(state: State, card: SpecialCard) -> list[Activate]:
    """Every way to activate `card` now (where it is held is not checked), in order."""
    seat, n = state.player, state.players
    if card is DOUBLE or card is SKIP:
        candidates = [Activate(seat, card, target=t) for t in range(n)]
    elif card is SWIPE:
        candidates = [
            Activate(seat, card, target=t) for t in sorted({left(seat, n), right(seat, n)})
        ]
    elif card is QUANTUM:
        candidates = [Activate(seat, card, stock=s) for s in (Stock.A, Stock.B)]
    else:
        candidates = [Activate(seat, card)]
    return [a for a in candidates if effect_problem(state, card, a.target, a.stock) is None]


def action_card_choices(state: State) -> list[Activate | Reserve]:
    """The answers to an action card just drawn (phase ACTION), in order."""
    seat, drawn = state.player, state.pending[0]
    assert type(drawn) is SpecialCard
    held = state.reserves[seat]
    if len(held) < state.config.reserve_size:
        return [*activations(state, drawn), Reserve(seat, drawn)]
    cards = cast(list[SpecialCard], sorted((*held, drawn), key=num_card_key))
    return [a for c in cards for a in activations(state, c)]


def activate(state: State, action: Activate) -> State:
    """Activate an action card of the reserve, or the one just drawn."""
    card, phase, seat = action.card, state.phase, state.player
    if not is_num_card(card):
        raise _refuse(action, Reason.MALFORMED, "the card must be a card")
    if not is_action_card(card):
        raise _refuse(action, Reason.NOT_ALLOWED, f"{card} is not an action card")
    card = interned(card)  # the effects below compare cards by identity
    assert type(card) is SpecialCard
    held = state.reserves[seat]
    refill: NumCard | None = None  # a drawn card that takes the place of a reserved one
    if phase is Phase.SHADOW:
        if card is not JOKER:
            raise _refuse(action, Reason.NOT_ALLOWED, "only the JOKER answers a drawn Shadow")
        if card not in held:
            raise _refuse(action, Reason.CARD_NOT_HELD, "the JOKER is not in the reserve")
        held_after = tuple(c for c in held if c is not card)
    elif phase is Phase.ACTION:
        drawn = state.pending[0]
        if card is drawn:
            held_after = held
        elif card in held:
            if len(held) < state.config.reserve_size:
                raise _refuse(
                    action, Reason.NOT_ALLOWED, f"first activate or reserve {drawn}, just drawn"
                )
            held_after = (
                *(c for c in held if c is not card),
                drawn,
            )  # the drawn card takes the slot
            refill = drawn
        else:
            raise _refuse(action, Reason.CARD_NOT_HELD, f"{card} is neither drawn nor reserved")
    elif phase in ACTIVATION_PHASES:
        if card not in held:
            raise _refuse(action, Reason.CARD_NOT_HELD, f"{card} is not in the reserve")
        if phase is Phase.SKIPPED and card not in SKIPPED_TURN_CARDS:
            raise _refuse(action, Reason.NOT_ALLOWED, "a skipped turn allows DOUBLE, SKIP, SWIPE")
        held_after = tuple(c for c in held if c is not card)
    else:
        raise _refuse(action, Reason.WRONG_PHASE, "no action card can be activated now")
    problem = effect_problem(state, card, action.target, action.stock)
    if problem is not None:
        raise _refuse(action, *problem)
    from_reserve = phase is not Phase.ACTION or card is not state.pending[0]
    reserves = with_seat(state.reserves, seat, held_after)
    return _effect(state, card, action, reserves, from_reserve, refill)


def _effect(
    state: State,
    card: SpecialCard,
    action: Activate,
    reserves: tuple[Cards, ...],
    from_reserve: bool,
    refill: NumCard | None,
) -> State:
    # The card's effect; it then leaves the round.
    seat = state.player
    phase = Phase.SKIPPED if state.phase is Phase.SKIPPED else Phase.DRAW
    if card is JOKER:  # the drawn Shadow is discarded, the pile kept, the turn goes on
        discard = (*state.discard, *state.pending, card)
        ev: list[Event] = [JokerPlayed(seat, state.pending[0])]
        return successor(state, Phase.DRAW, ev, reserves=reserves, discard=discard)
    discard = (*state.discard, card)
    target = action.target
    if card is QUANTUM:
        assert action.stock is not None
        return _quantum(state, action.stock, reserves, discard, from_reserve, refill)
    if card is FLIP:
        stocks = state.stocks
        looked = (bool(stocks[0]), bool(stocks[1]))
        tops = (stocks[0][0] if stocks[0] else None, stocks[1][0] if stocks[1] else None)
        ev = [Flipped(seat, from_reserve, looked, tops), *_refilled(seat, refill)]
        peeks = (seat if looked[0] else None, seat if looked[1] else None)
        return successor(state, Phase.FLIPPED, ev, reserves=reserves, discard=discard, peeks=peeks)
    assert target is not None
    if card is DOUBLE:
        ev = [DoubleActivated(seat, target, from_reserve), *_refilled(seat, refill)]
        return successor(
            state, phase, ev, reserves=reserves, discard=discard, doubled=state.doubled | {target}
        )
    if card is SKIP:
        ev = [SkipActivated(seat, target, from_reserve), *_refilled(seat, refill)]
        return successor(
            state, phase, ev, reserves=reserves, discard=discard, skipped=state.skipped | {target}
        )
    assert card is SWIPE
    piles = list(state.piles)
    ev = [Swiped(seat, target, from_reserve, piles[seat], piles[target]), *_refilled(seat, refill)]
    piles[seat], piles[target] = piles[target], piles[seat]
    return successor(state, phase, ev, reserves=reserves, discard=discard, piles=tuple(piles))


def _refilled(seat: int, refill: NumCard | None) -> tuple[Event, ...]:
    # With a full reserve, the card just drawn takes the place of the activated one.
    return () if refill is None else (Reserved(seat, refill),)


def _quantum(
    state: State,
    stock: Stock,
    reserves: tuple[Cards, ...],
    discard: Cards,
    from_reserve: bool,
    refill: NumCard | None,
) -> State:
    # Takes the top cards of `stock`, then of the other stock when it runs out.
    count = state.config.quantum_cards
    first, second = state.stocks[stock.index], state.stocks[stock.other.index]
    more = max(0, count - len(first))
    taken = first[:count] + second[:more]
    first, second = first[count:], second[more:]
    stocks = (first, second) if stock is Stock.A else (second, first)
    touched = (len(state.stocks[0]) != len(stocks[0]), len(state.stocks[1]) != len(stocks[1]))
    peeks = (
        None if touched[0] else state.peeks[0],
        None if touched[1] else state.peeks[1],
    )
    ev: list[Event] = [
        QuantumTook(state.player, stock, from_reserve, taken),
        *_refilled(state.player, refill),
    ]
    if not (first or second):
        return end_round(state, ev, state.piles, reserves, discard, taken)
    return successor(
        state,
        Phase.QUANTUM,
        ev,
        stocks=stocks,
        reserves=reserves,
        discard=discard,
        pending=taken,
        drawn=state.drawn + len(taken),
        peeks=peeks,
    )
