"""Num Wars rules: dealing and the roles, the legal actions, and `apply`.

A round: the role lot is shuffled into the deck and dealt, one lot card per seat, with
the hands; then the seats play tricks, one card each in turn from the leader. When the
last seat has played, the trick is resolved inside `apply` (winner, Bomb) and its
winner leads the next one. After the last trick the round is scored, the roles are
revealed (`State.history`), and the next round is dealt, or the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs

from numrules.core.cards import (
    FamilyCard,
    NumCard,
    Special,
    SpecialCard,
    is_num_card,
    num_card_key,
)
from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.events import EMPTY_LOG, Event, Log
from numrules.core.game import action_handler
from numrules.core.rng import arrange_deck, check_seed, derive_seed, shuffled
from numrules.core.seats import best_seats
from numrules.numwars.actions import EXAMPLE, Action, Play
from numrules.numwars.cards import RAINBOW, Format, partner, role_of
from numrules.numwars.config import MAX_PLAYERS, Config
from numrules.numwars.event_types import (
    BombResolved,
    Dealt,
    GameEnded,
    Played,
    RoundScored,
    Stole,
    TrickWon,
)
from numrules.numwars.scoring import points_gain, round_result, running_totals
from numrules.numwars.state import PerSeat, Phase, RoundResult, State, successor
from numrules.numwars.tricks import bomb_fate, is_steal, legal_plays, refusal_unless_steal, winner

_CARDS: tuple[NumCard, ...] = Format.FULL.cards()
# Interned cards live as long as the interpreter: their ids index the canonical order.
_RANK_BY_ID: dict[int, int] = {id(card): rank for rank, card in enumerate(_CARDS)}
_CANONICAL: dict[NumCard, NumCard] = {card: card for card in _CARDS}
# Play objects are immutable: one per seat and card, shared by every legal_actions call.
_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(seat, card) for card in _CARDS) for seat in range(MAX_PLAYERS)
)
# Events are immutable too: one Played per seat and card, shared by every apply.
_PLAYED: tuple[tuple[Played, ...], ...] = tuple(
    tuple(Played(seat, card) for card in _CARDS) for seat in range(MAX_PLAYERS)
)
_TO_ACT: tuple[frozenset[int], ...] = tuple(frozenset({seat}) for seat in range(MAX_PLAYERS))


def new_game(config: Config, seed: int, deck: Sequence[NumCard] | None = None) -> State:
    """Deal the first round of a new game.

    Args:
        config: the rules.
        seed: every shuffle of the game derives from it.
        deck: optional stacked order for round 1, top card first. The lot cards are
            given to the seats in the order they appear in it (the first lot card to
            seat 0, ...); the other cards are dealt in order, `hand_size - 1` to seat 0,
            then to seat 1, and so on; the rest is set aside. Cards it does not list
            follow, shuffled from the seed.

    Raises:
        ConfigError: bad config type, seed, or stacked deck.

    """
    if not isinstance(config, Config):
        raise ConfigError(f"expected a numwars.Config, got {config!r}")
    check_seed(seed)
    if deck is not None:
        if isinstance(deck, str | bytes):
            raise ConfigError("a stacked deck is a sequence of cards, not a string (parse_cards)")
        if not all(type(card) is FamilyCard or type(card) is SpecialCard for card in deck):
            raise ConfigError("a stacked Num Wars deck is a sequence of cards (parse_cards)")
        deck = [_CANONICAL.get(card, card) for card in deck]
    order = arrange_deck(config.all_cards(), derive_seed(seed, "round", 0), deck)
    return _deal(config, seed, 0, (), order, EMPTY_LOG, [])


def _deal(
    config: Config,
    seed: int,
    round_: int,
    history: tuple[RoundResult, ...],
    order: Sequence[NumCard],
    log: Log,
    ev: list[Event],
) -> State:
    # The events `ev` of this `apply` so far are recorded with the deal.
    n, per = config.players, config.hand_size - 1
    lot = set(config.lot())
    lots = tuple(card for card in order if card in lot)
    others = [card for card in order if card not in lot]
    hands = tuple(
        tuple(sorted((lots[seat], *others[seat * per : (seat + 1) * per]), key=num_card_key))
        for seat in range(n)
    )
    leader = (round_ + 1) % n
    ev.append(Dealt(round_, leader, hands, tuple(role_of(card) for card in lots)))
    return State(
        config=config,
        seed=seed,
        round=round_,
        phase=Phase.PLAY,
        history=history,
        lots=lots,
        hands=hands,
        aside=tuple(sorted(others[n * per :], key=num_card_key)),
        leader=leader,
        trick=(),
        won=((),) * n,
        pairs=((),) * n,
        tricks=(0,) * n,
        bomb=None,
        capturer=None,
        protector=None,
        log=log.record(ev, n),
    )


def dealer(state: State) -> int:
    """The dealer of the current round (seat r in round r); the seat to its left leads first."""
    return state.round % state.config.players


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.OVER


def to_act(state: State) -> frozenset[int]:
    """The seat expected to play (empty once the game is over)."""
    if state.phase is Phase.OVER:
        return frozenset()
    return _TO_ACT[state.turn]


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every card the seat to act may play now, in canonical card order."""
    if state.phase is Phase.OVER:
        return ()
    seat = state.turn
    plays = legal_plays(state.hands[seat], state.trick)
    try:
        ranks = sorted(map(_RANK_BY_ID.__getitem__, map(id, plays)))
    except KeyError:  # a card built by hand rather than interned: the slow path
        return tuple(Play(seat, card) for card in sorted(plays, key=num_card_key))
    return tuple(map(_PLAYS[seat].__getitem__, ranks))


def apply(state: State, action: Action) -> State:
    """Return the state after `action`; `state` itself is never changed.

    Raises:
        IllegalActionError: the action is not legal now (its `reason` says why).

    """
    handler = action_handler(
        _HANDLERS,
        action,
        title="Num Wars",
        example=EXAMPLE,
        over=state.phase is Phase.OVER,
        players=state.config.players,
    )
    return handler(state, action)


def _play(state: State, action: Play) -> State:
    seat, card = action.seat, action.card
    config = state.config
    n = config.players
    trick = state.trick
    if seat != (state.leader + len(trick)) % n:
        raise IllegalActionError(action, Reason.NOT_YOUR_TURN, "another seat plays now")
    rank = _RANK_BY_ID.get(id(card))
    if rank is None:  # not an interned card: a well-formed one of the game, built by hand?
        canonical = _CANONICAL.get(card) if is_num_card(card) else None
        if canonical is None:
            raise IllegalActionError(action, Reason.MALFORMED, "the card must be a Num Wars card")
        card, rank = canonical, _RANK_BY_ID[id(canonical)]
    hand = state.hands[seat]
    i = _position(hand, card)
    if i < 0:
        raise IllegalActionError(action, Reason.CARD_NOT_HELD, f"{card} is not in the hand")
    card = hand[i]
    steal = is_steal(trick, card)
    if not steal:
        why = refusal_unless_steal(hand, trick, card)
        if why is not None:
            raise IllegalActionError(action, Reason.NOT_ALLOWED, why)
    hands = (*state.hands[:seat], hand[:i] + hand[i + 1 :], *state.hands[seat + 1 :])
    pairs = state.pairs
    ev: list[Event]
    if steal:
        assert type(card) is FamilyCard
        other = partner(card)
        k = trick.index(other)
        trick = (*trick[:k], None, *trick[k + 1 :], None)
        pair = (card, other) if card.family is RAINBOW else (other, card)
        pairs = (*pairs[:seat], pairs[seat] + pair, *pairs[seat + 1 :])
        ev = [Stole(seat, card, other, (state.leader + k) % n)]
    else:
        trick = (*trick, card)
        ev = [_PLAYED[seat][rank]]
    if len(trick) < n:
        return successor(state, ev, hands=hands, trick=trick, pairs=pairs)
    return _end_trick(state, ev, hands=hands, trick=trick, pairs=pairs)


def _position(hand: tuple[NumCard, ...], card: NumCard) -> int:
    # Where `card` is in `hand` (-1: not held). Identity first: cards are interned, and a
    # miss costs no Python-level __eq__ call per card.
    for i, held in enumerate(hand):
        if held is card:
            return i
    try:
        return hand.index(card)
    except ValueError:
        return -1


def _end_trick(
    state: State,
    ev: list[Event],
    *,
    hands: PerSeat,
    trick: tuple[NumCard | None, ...],
    pairs: PerSeat,
) -> State:
    # The trick is complete (with the last play's `hands`, `trick` and `pairs`): its
    # winner takes the cards (the Bomb may go to its capturer) and leads the next one.
    # `ev` holds the events of this `apply` so far; the new state records them.
    config = state.config
    n = config.players
    leader = state.leader
    take = winner(trick, leader, n)
    cards = tuple(card for card in trick if card is not None)
    won = list(state.won)
    bomb, capturer, protector = state.bomb, state.capturer, state.protector
    bombs = [c for c in cards if type(c) is SpecialCard and c.kind is Special.BOMB]
    if bombs:
        bomb, capturer, protector = bomb_fate(trick, leader, n)
        ev.append(BombResolved(bomb, capturer, protector))
        if capturer is not None:
            cards = tuple(c for c in cards if c is not bombs[0])
            won[capturer] += (bombs[0],)
    ev.append(TrickWon(take, cards, points_gain(config, won[take], cards)))
    won[take] += cards
    tricks = list(state.tricks)
    tricks[take] += 1
    after = successor(
        state,
        ev,
        hands=hands,
        leader=take,
        trick=(),
        won=tuple(won),
        pairs=pairs,
        tricks=tuple(tricks),
        bomb=bomb,
        capturer=capturer,
        protector=protector,
    )
    if any(hands):
        return after
    # The round is over: `after` holds its won piles; the events go on (the round's
    # score, then the next deal or the end), recorded once more from `state.log`.
    result = round_result(after)
    history = (*state.history, result)
    totals = running_totals(config, Phase.OVER, history, after.won, after.pairs)
    ev.append(RoundScored(state.round, result, totals))
    if state.round + 1 < config.rounds:
        order = shuffled(config.all_cards(), derive_seed(state.seed, "round", state.round + 1))
        return _deal(config, state.seed, state.round + 1, history, order, state.log, ev)
    ev.append(GameEnded(totals, tuple(sorted(best_seats(totals)))))
    return attrs.evolve(after, phase=Phase.OVER, history=history, log=state.log.record(ev, n))


# Dispatch on the exact class: anything else (a subclass, junk) is malformed.
_HANDLERS: dict[type, Callable[[State, Any], State]] = {Play: _play}
