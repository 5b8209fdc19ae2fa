"""Build Num Bounce positions from notation, for hand-written rule scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from numrules import IllegalActionError, Reason
from numrules import numbounce as nb
from numrules.core.cards import NumCard


def cards(text: str) -> tuple[NumCard, ...]:
    """Cards in notation, in the order written."""
    return nb.parse_cards(text)


def hand(text: str) -> frozenset[NumCard]:
    """A hand (a set of cards) in notation."""
    return frozenset(nb.parse_cards(text))


def table(
    hands: list[str],
    *,
    trick: str = "",
    ref: int | None = None,
    author: int | None = None,
    mover: int = 0,
    draw: str = "",
    discard: str = "",
    rest: str = "draw",
    known: list[str] | None = None,
    interrupted: bool = False,
    phase: nb.Phase = nb.Phase.PLAY,
    taken: str | None = None,
    source: nb.Pile | None = None,
    wins: tuple[int, ...] | None = None,
    round_: int = 0,
    turn: int | None = None,
    recycles: int | None = None,
    seed: int = 0,
    **rules: Any,
) -> nb.State:
    """A consistent position: the given hands, trick and piles; every other card in `rest`.

    `trick` is written in laying order; its last `ref` cards (default: all of them) are
    the reference, laid by `author`. `draw` is the top of the draw pile (top first) and
    `discard` the discard pile (bottom first). The cards not named anywhere go under the
    draw pile (`rest="draw"`, in canonical order) or under the discard (`rest="discard"`).
    `recycles` defaults to 0 if the draw pile can be what the deal left after some turns,
    else 1; `turn` to 0 for a position as dealt, else to the fewest turns that can lead
    to the position (at least 1), as `check_state` counts them.
    """
    config = nb.Config(players=len(hands), **rules)
    hand_sets = tuple(hand(h) for h in hands)
    trick_cards = cards(trick)
    draw_cards, discard_cards = cards(draw), cards(discard)
    taken_card = nb.parse_card(taken) if taken is not None else None
    named = {c for h in hand_sets for c in h} | {*trick_cards, *draw_cards, *discard_cards}
    if taken_card is not None:
        named.add(taken_card)
    others = tuple(c for c in nb.ALL_CARDS if c not in named)
    if rest == "draw":
        draw_cards += others
    else:
        discard_cards = others + discard_cards
    n, size = len(hands), config.hand_size
    dealt = nb.DECK_SIZE - n * size - 1
    if recycles is None:
        recycles = 0 if len(draw_cards) <= dealt else 1
    if turn is None:
        as_dealt = not trick_cards and len(discard_cards) == 1 and phase is nb.Phase.PLAY
        as_dealt = as_dealt and all(len(h) == size for h in hand_sets) and not known
        grown = sum(max(len(h) - size, 0) for h in hand_sets)
        short = dealt - len(draw_cards) if recycles == 0 else 0
        turn = 0 if as_dealt else max(1, recycles, grown, short)
    state = nb.State(
        config=config,
        seed=seed,
        round=round_,
        wins=wins or (0,) * len(hands),
        phase=phase,
        mover=mover,
        turn=turn,
        hands=hand_sets,
        known=tuple(hand(k) for k in known) if known else (frozenset(),) * len(hands),
        draw=draw_cards,
        discard=discard_cards,
        trick=trick_cards,
        ref_size=len(trick_cards) if ref is None else ref,
        author=author,
        interrupted=interrupted,
        taken=taken_card,
        source=source,
        recycles=recycles,
    )
    nb.check_state(state)
    return state


def play(state: nb.State, *moves: str) -> nb.State:
    """Apply actions written in notation, checking each is offered by `legal_actions`."""
    for move in moves:
        action = nb.parse_action(move)
        assert action in nb.legal_actions(state), f"{move} is not legal here"
        state = nb.apply(state, action)
        nb.check_state(state)
    return state


def refused(state: nb.State, move: str | Any, reason: Reason) -> IllegalActionError:
    """Check that `move` (notation or an action object) is refused for `reason`."""
    action = nb.parse_action(move) if isinstance(move, str) else move
    assert action not in nb.legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        nb.apply(state, action)
    assert info.value.reason is reason, info.value
    return info.value


def moves(state: nb.State, seat: int | None = None) -> list[str]:
    """The legal actions in notation (of one seat, if given)."""
    return [str(a) for a in nb.legal_actions(state) if seat is None or a.seat == seat]


def sorted_hand(state: nb.State, seat: int) -> str:
    """A seat's hand in notation, canonical order."""
    return " ".join(str(c) for c in nb.observe(state, seat).hand)
