"""Build Num Stop positions from notation, for hand-written rule scenarios."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from numrules import IllegalActionError, Reason
from numrules import numstop as ns
from numrules.core.cards import FamilyCard, NumCard, num_card_key
from numrules.numstop.rounds import next_objective
from numrules.numstop.state import TURN_PHASES

Scorecard = tuple[int | None, ...]


def cards(text: str) -> tuple[NumCard, ...]:
    """Cards in notation, in the order written."""
    return ns.parse_cards(text)


def scorecard(**points: int) -> Scorecard:
    """A scorecard with the given objectives validated (`scorecard(pair=10, flush=40)`)."""
    return tuple(points.get(objective.value) for objective in ns.OBJECTIVES)


def full_scorecard(extra: int = 0) -> Scorecard:
    """A scorecard with all ten objectives validated, each for its bonus plus `extra`
    (the Shadow straight for its flat bonus): points a real combination could score."""
    config = ns.Config()
    return tuple(
        config.bonus(o) + (0 if o is ns.Objective.SHADOW_STRAIGHT else extra) for o in ns.OBJECTIVES
    )


def table(
    players: int = 3,
    *,
    a: str = "",
    b: str = "",
    piles: Iterable[str] = (),
    collections: Iterable[str] = (),
    reserves: Iterable[str] = (),
    scored: Iterable[str] = (),
    discard: str = "",
    pending: str = "",
    rest: str | None = None,
    phase: ns.Phase = ns.Phase.START,
    player: int = 0,
    round_: int | None = None,
    drawn: int = 0,
    double: bool = False,
    doubled: Iterable[int] = (),
    skipped: Iterable[int] = (),
    peeks: tuple[int | None, int | None] = (None, None),
    scorecards: Iterable[Scorecard] = (),
    objective: str | None = None,
    selection: str = "",
    decided: bool = False,
    seed: int = 0,
    **rules: Any,
) -> ns.State:
    """A consistent Num Stop position; every card not named goes to `rest`.

    `a` and `b` are the stocks, top card first; `piles`, `collections`, `reserves`,
    `scored` and `scorecards` are per seat from seat 0 (missing seats: empty). The cards
    named nowhere go under stock B in canonical order (`rest="B"`, the default while a
    turn is in play) or to the end of the discard (`rest="discard"`, the default after
    the round). `objective` is the objective the seat to act decides, and `selection`
    the cards it has picked for it (with an objective, the phase is VALIDATION, or
    SELECTION once a card is picked). In phase VALIDATION without an objective, the seat
    is at the start of its validation: the objective under decision is its first open
    objective its collection can fill; with `decided`, every objective is decided (only
    `end` is left). The position must pass `check_state`.
    """
    config = ns.Config(players=players, **rules)
    if objective is not None and phase is ns.Phase.START:
        phase = ns.Phase.SELECTION if selection else ns.Phase.VALIDATION

    def per_seat(texts: Iterable[str]) -> tuple[tuple[NumCard, ...], ...]:
        given = [cards(t) for t in texts]
        return tuple(given + [()] * (players - len(given)))

    pile_cards, collection_cards = per_seat(piles), per_seat(collections)
    reserve_cards, scored_cards = per_seat(reserves), per_seat(scored)
    stock_a, stock_b = cards(a), cards(b)
    discard_cards, pending_cards = cards(discard), cards(pending)
    named = {
        c for zone in (*pile_cards, *collection_cards, *reserve_cards, *scored_cards) for c in zone
    } | {*stock_a, *stock_b, *discard_cards, *pending_cards}
    others = tuple(sorted((c for c in config.all_cards() if c not in named), key=num_card_key))
    if rest is None:
        rest = "B" if phase in TURN_PHASES else "discard"
    if rest == "B":
        stock_b += others
    else:
        discard_cards += others
    given_cards = list(scorecards)
    all_scorecards = tuple(given_cards + [scorecard()] * (players - len(given_cards)))
    deciding = None if objective is None else ns.Objective(objective)
    if phase is ns.Phase.VALIDATION and objective is None and not decided:
        deciding = next_objective(
            all_scorecards[player], 0, collection_cards[player], config.max_value
        )
    state = ns.State(
        config=config,
        seed=seed,
        round=round_
        if round_ is not None
        else int(any(p is not None for c in given_cards for p in c)),
        phase=phase,
        player=player,
        stocks=(stock_a, stock_b),
        piles=pile_cards,
        collections=collection_cards,
        reserves=reserve_cards,
        scored=scored_cards,
        discard=discard_cards,
        pending=pending_cards,
        drawn=drawn,
        double=double,
        doubled=frozenset(doubled),
        skipped=frozenset(skipped),
        peeks=peeks,
        scorecards=all_scorecards,
        objective=deciding,
        selection=cards(selection),
    )
    ns.check_state(state)
    return state


def play(state: ns.State, *moves: str) -> ns.State:
    """Apply actions written in notation, checking each is offered by `legal_actions`."""
    for move in moves:
        action = ns.parse_action(move)
        assert action in ns.legal_actions(state), f"{move} is not legal here: {moves_of(state)}"
        state = ns.apply(state, action)
        ns.check_state(state)
    return state


def picks(seat: int, objective: str, text: str) -> tuple[str, ...]:
    """The picks (notation) by which `seat` validates `objective` with these cards.

    Written with `combination_actions`: one pick per card, in canonical order.
    """
    chosen = tuple(c for c in cards(text) if type(c) is FamilyCard)
    combination = ns.Combination(ns.Objective(objective), chosen, 0)
    return tuple(str(action) for action in ns.combination_actions(seat, combination))


def validate(state: ns.State, objective: str, text: str) -> ns.State:
    """The validating seat passes the objectives decided before `objective`, then validates it.

    Every move is checked by `play`; `objective` must come under decision.
    """
    seat, wanted = state.player, ns.Objective(objective)
    while state.objective is not None and state.objective.decision_index < wanted.decision_index:
        state = play(state, f"{seat}:pass")
    assert state.objective is wanted, f"{objective} is not under decision: {state.objective}"
    return play(state, *picks(seat, objective, text))


def finish(state: ns.State) -> ns.State:
    """The validating seat passes every objective left to decide, then ends."""
    seat = state.player
    while state.objective is not None:
        state = play(state, f"{seat}:pass")
    return play(state, f"{seat}:end")


def refused(state: ns.State, move: str | Any, reason: Reason) -> IllegalActionError:
    """Check that `move` (notation or an action object) is not legal and is refused for `reason`."""
    action = ns.parse_action(move) if isinstance(move, str) else move
    assert action not in ns.legal_actions(state)
    with pytest.raises(IllegalActionError) as info:
        ns.apply(state, action)
    assert info.value.reason is reason, info.value
    return info.value


def moves_of(state: ns.State) -> list[str]:
    """The legal actions in notation, in `legal_actions` order."""
    return [str(action) for action in ns.legal_actions(state)]


def text(zone: Iterable[NumCard]) -> str:
    """Cards in notation, in the order given (for readable assertions)."""
    return " ".join(map(str, zone))


def piles(state: ns.State) -> list[str]:
    """Every seat's pile in notation."""
    return [text(pile) for pile in state.piles]


def collections(state: ns.State) -> list[str]:
    """Every seat's collection in notation."""
    return [text(collection) for collection in state.collections]


def reserves(state: ns.State) -> list[str]:
    """Every seat's reserve in notation."""
    return [text(reserve) for reserve in state.reserves]


def discard_tail(state: ns.State, before: ns.State) -> str:
    """The cards discarded since `before`, in notation and in the order they left."""
    assert state.discard[: len(before.discard)] == before.discard
    return text(state.discard[len(before.discard) :])
