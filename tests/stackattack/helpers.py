"""Build Stack Attack positions from notation, for hand-written rule scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from numrules import IllegalActionError, Reason
from numrules import stackattack as sa


def table(
    hands: list[str],
    rows: list[str],
    *,
    taken: list[str] | None = None,
    banked: tuple[int, ...] | None = None,
    round_: int | None = None,
    **rules: Any,
) -> sa.State:
    """A reachable position at the start of a turn: the given hands and rows, the rest unused.

    `hands` and `rows` are written in card notation (`"12 30"`). The turn is deduced from
    the table: the rows started with one card each and every finished turn placed one
    card per seat, so the cards in rows and taken piles give the turn, and the hand size
    is that turn plus the cards left in hand (unless `hand_size` is given, when the
    table must agree with it). With banked totals, the round defaults to 1.
    """
    if round_ is None:
        round_ = 1 if banked and any(banked) else 0
    hand_cards = tuple(tuple(sorted(sa.parse_cards(h))) for h in hands)
    row_cards = tuple(sa.parse_cards(r) for r in rows)
    taken_cards = tuple(sa.parse_cards(t) for t in taken) if taken else ((),) * len(hands)
    placed = sum(map(len, row_cards)) + sum(map(len, taken_cards)) - len(row_cards)
    turn, extra = divmod(placed, len(hands))
    assert extra == 0, f"{placed} cards placed is not a whole number of turns"
    rules.setdefault("hand_size", turn + len(hand_cards[0]))
    config = sa.Config(players=len(hands), rows=len(rows), **rules)
    used = {c for group in (*hand_cards, *row_cards, *taken_cards) for c in group}
    state = sa.State(
        config=config,
        seed=0,
        round=round_,
        turn=config.hand_size - len(hand_cards[0]),
        phase=sa.Phase.CHOOSE,
        banked=banked or (0,) * len(hands),
        hands=hand_cards,
        rows=row_cards,
        taken=taken_cards,
        unused=tuple(c for c in config.all_cards() if c not in used),
        played=(None,) * len(hands),
        queue=(),
        placing=False,
        blocked=(),
        decreasing=False,
    )
    sa.check_state(state)
    return state


def play(state: sa.State, *moves: str) -> sa.State:
    """Apply actions written in notation, checking each is offered by `legal_actions`."""
    for move in moves:
        action = sa.parse_action(move)
        assert action in sa.legal_actions(state), f"{move} is not legal here"
        state = sa.apply(state, action)
        sa.check_state(state)
    return state


def reveal(state: sa.State, *cards: int) -> sa.State:
    """Every seat chooses its card (seat i plays `cards[i]`)."""
    return play(state, *(f"{seat}:choose {card}" for seat, card in enumerate(cards)))


def rows(state: sa.State) -> list[list[int]]:
    """The rows as plain lists, for readable assertions."""
    return [list(row) for row in state.rows]


def taken(state: sa.State) -> list[list[int]]:
    """The cards each seat has taken this round, as plain lists."""
    return [sorted(cards) for cards in state.taken]


def refused(state: sa.State, action: sa.Action, reason: Reason) -> None:
    """Assert that `apply` refuses `action` for `reason`."""
    with pytest.raises(IllegalActionError) as info:
        sa.apply(state, action)
    assert info.value.reason is reason
    assert info.value.action is action
