"""Build Num Wars positions from notation, for hand-written rule scenarios."""

from __future__ import annotations

from typing import Any

import attrs

from numrules import numwars as nw
from numrules.core.cards import NumCard, num_card_key


def cards(text: str) -> tuple[NumCard, ...]:
    """Cards in notation, in the order written."""
    return nw.parse_cards(text)


def stacked(config: nw.Config, hands: list[str]) -> list[NumCard]:
    """The stacked deck that deals `hands` (each holding exactly one lot card) with `config`.

    The lot cards come first in seat order, then each seat's other cards, seat by seat.
    """
    lot = set(config.lot())
    parsed = [cards(hand) for hand in hands]
    lots = []
    for seat, hand in enumerate(parsed):
        drawn = [card for card in hand if card in lot]
        assert len(drawn) == 1, f"seat {seat} must hold exactly one lot card, got {drawn}"
        lots.append(drawn[0])
    return [*lots, *(card for hand in parsed for card in hand if card not in lot)]


def deal(hands: list[str], *, seed: int = 0, **rules: Any) -> nw.State:
    """Round 1 of a game whose hands are `hands` (hand size = their length); seat 1 leads."""
    config = nw.Config(players=len(hands), hand_size=len(cards(hands[0])), **rules)
    state = nw.new_game(config, seed, stacked(config, hands))
    assert [set(hand) for hand in state.hands] == [set(cards(hand)) for hand in hands]
    return state


def table(
    hands: list[str],
    *,
    lots: str,
    leader: int = 0,
    trick: str = "",
    won: list[str] | None = None,
    pairs: list[str] | None = None,
    tricks: tuple[int, ...] | None = None,
    **rules: Any,
) -> nw.State:
    """A consistent position in round 1: the given hands, current trick and won cards.

    `lots` names each seat's lot card in seat order; `trick` is written in play order from
    `leader`, with `-` for a card stolen away. `tricks` counts the tricks each seat has
    won (default none); the hand size is the hand of the seat to act plus those tricks,
    and the won cards must add up with them.
    """
    n = len(hands)
    hand_cards = tuple(tuple(sorted(cards(h), key=num_card_key)) for h in hands)
    trick_cards = tuple(None if t == "-" else nw.parse_card(t) for t in trick.split())
    won_cards = tuple(cards(w) for w in won) if won else ((),) * n
    pair_cards = tuple(cards(p) for p in pairs) if pairs else ((),) * n
    played = len(hand_cards[(leader + len(trick_cards)) % n])
    done = tricks if tricks is not None else (0,) * n
    config = nw.Config(players=n, hand_size=played + sum(done), **rules)
    used = {c for group in (*hand_cards, trick_cards, *won_cards, *pair_cards) for c in group}
    state = nw.State(
        config=config,
        seed=0,
        round=0,
        phase=nw.Phase.PLAY,
        history=(),
        lots=cards(lots),
        hands=hand_cards,
        aside=tuple(c for c in config.all_cards() if c not in used),
        leader=leader,
        trick=trick_cards,
        won=won_cards,
        pairs=pair_cards,
        tricks=done,
        bomb=None,
        capturer=None,
        protector=None,
    )
    check_scenario(state)
    return state


def check_scenario(state: nw.State) -> None:
    """`check_state`, except that any seat may lead a round's first trick.

    Legal play gives round 1's first trick to seat 1; a scenario may start with another
    leader, so it is checked with the seats turned until its leader is seat 1.
    """
    n = state.players
    if sum(state.tricks) == 0 and state.leader != (state.round + 1) % n:
        shift = ((state.round + 1) % n - state.leader) % n

        def turned(items: tuple[Any, ...]) -> tuple[Any, ...]:
            return tuple(items[(seat - shift) % n] for seat in range(n))

        state = attrs.evolve(
            state,
            leader=(state.leader + shift) % n,
            lots=turned(state.lots),
            hands=turned(state.hands),
            won=turned(state.won),
            pairs=turned(state.pairs),
            tricks=turned(state.tricks),
        )
    nw.check_state(state)


def play(state: nw.State, *moves: str) -> nw.State:
    """Apply actions written in notation, checking each is offered by `legal_actions`."""
    for move in moves:
        action = nw.parse_action(move)
        assert action in nw.legal_actions(state), f"{move} is not legal here"
        state = nw.apply(state, action)
        check_scenario(state)
    return state


def options(state: nw.State) -> str:
    """The cards the seat to act may play, in notation, canonical order."""
    return " ".join(str(action.card) for action in nw.legal_actions(state))
