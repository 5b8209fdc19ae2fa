"""check_state refuses Num Wars positions the rules cannot reach (as loads does)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import numrules
from numrules import SerializationError, StateError
from numrules import numwars as nw
from numrules.testing import play_random
from tests.numwars.helpers import cards, deal, play, table

GAME = nw.GAME


def _base() -> nw.State:
    state = deal(["SH2 R3 Y3 NUMX", "RB5 R8 Y1 BOMB", "SH5 R7 Y2 QUANTUM"])
    return play(state, "1:play RB5", "2:play SH5")


def _swap_in_hands(state: nw.State, a: str, b: str) -> nw.State:
    ca, cb = nw.parse_card(a), nw.parse_card(b)
    hands = tuple(tuple(cb if c == ca else ca if c == cb else c for c in h) for h in state.hands)
    return attrs.evolve(state, hands=hands)


def _finished() -> nw.State:
    state = nw.new_game(nw.Config(players=3, hand_size=1, rounds=2), 5)
    for _ in range(3):
        state = nw.apply(state, nw.legal_actions(state)[0])
    assert len(state.history) == 1
    return state


def _tamper_result(state: nw.State, **changes: Any) -> nw.State:
    return attrs.evolve(state, history=(attrs.evolve(state.history[0], **changes),))


TAMPERINGS: dict[str, Callable[[], nw.State]] = {
    "bomb in another hand": lambda: _swap_in_hands(_base(), "BOMB", "R7"),
    "lot card not in the lot": lambda: attrs.evolve(_base(), lots=cards("BOMB QUANTUM R3")),
    "lots not per seat": lambda: attrs.evolve(_base(), lots=cards("BOMB QUANTUM")),
    "odd stolen cards": lambda: attrs.evolve(_base(), trick=(None,)),
    "broken pair": lambda: attrs.evolve(_base(), pairs=((), (), cards("SH5 RB5"))),
    "hand sizes": lambda: attrs.evolve(_base(), leader=0),
    "trick count": lambda: attrs.evolve(_base(), tricks=(1, 0, 0)),
    "bomb fate without its trick": lambda: attrs.evolve(_base(), bomb=nw.Fate.KEPT),
    "capturer without capture": lambda: attrs.evolve(_base(), capturer=1),
    "round out of range": lambda: attrs.evolve(_base(), round=3),
    "missing history": lambda: attrs.evolve(_finished(), history=()),
    "wrong roles": lambda: _tamper_result(
        _finished(), roles=(nw.Role.BOMBER, nw.Role.BOMBER, nw.Role.NUM_X)
    ),
    "bonus to the wrong seat": lambda: _tamper_result(
        _finished(),
        scores=tuple(attrs.evolve(s, bomb_kept=50) for s in _finished().history[0].scores),
    ),
    "capturer of another role": lambda: _tamper_result(
        _finished(), capturer=_finished().history[0].roles.index(nw.Role.BOMBER)
    ),
    "over with cards in hand": lambda: attrs.evolve(_base(), phase=nw.Phase.OVER),
}


@pytest.mark.parametrize("name", TAMPERINGS)
def test_an_impossible_state_is_refused(name: str) -> None:
    state = TAMPERINGS[name]()
    with pytest.raises(StateError):
        nw.check_state(state)
    document = json.loads(numrules.dumps(state))
    with pytest.raises(SerializationError):
        numrules.loads(json.dumps(document))


def test_the_untampered_states_are_accepted() -> None:
    for state in (_base(), _finished()):
        nw.check_state(state)
        assert numrules.loads(numrules.dumps(state)) == state


def _midround(players: int = 4, seed: int = 1) -> nw.State:
    # A reachable state inside round 1 where two seats or more have won tricks.
    state = nw.new_game(nw.Config(players=players), seed)
    while sum(1 for t in state.tricks if t) < 2 or state.trick:
        state = nw.apply(state, nw.legal_actions(state)[0])
    return state


def test_the_tamperings_of_the_review_are_refused() -> None:
    state = _midround()
    nw.check_state(state)
    # Every trick credited to seat 0 (the total is kept: the hands still agree).
    credited = attrs.evolve(state, tricks=(sum(state.tricks), 0, 0, 0))
    with pytest.raises(StateError, match="won"):
        nw.check_state(credited)
    # Every won card moved to seat 0's pile (each card still once).
    moved = attrs.evolve(state, won=(tuple(c for w in state.won for c in w), (), (), ()))
    with pytest.raises(StateError, match="won cards"):
        nw.check_state(moved)
    # A finished round scored a billion base points.
    finished = nw.new_game(nw.Config(players=4), 2)
    while not finished.history:
        finished = nw.apply(finished, nw.legal_actions(finished)[0])
    (result,) = finished.history
    rich = attrs.evolve(result.scores[0], base=10**9)
    tampered = attrs.evolve(result, scores=(rich, *result.scores[1:]))
    with pytest.raises(StateError, match="base"):
        nw.check_state(attrs.evolve(finished, history=(tampered,)))


def test_the_last_round_of_a_finished_game_is_scored_from_its_won_cards() -> None:
    state = _finished()
    state = nw.apply(state, nw.legal_actions(state)[0])
    while not nw.is_terminal(state):
        state = nw.apply(state, nw.legal_actions(state)[0])
    nw.check_state(state)
    last = state.history[-1]
    for seat in range(state.players):
        score = last.scores[seat]
        scores = (*last.scores[:seat], attrs.evolve(score, base=score.base + 1))
        scores += last.scores[seat + 1 :]
        history = (*state.history[:-1], attrs.evolve(last, scores=scores))
        with pytest.raises(StateError, match="last round's result"):
            nw.check_state(attrs.evolve(state, history=history))


def test_a_card_in_the_trick_must_have_been_a_legal_play() -> None:
    state = table(["R8 BOMB", "R7 QUANTUM", "Y2 NUMX"], lots="BOMB QUANTUM NUMX", leader=1)
    state = play(state, "1:play R7")
    # Seat 1 led R7; had it led its QUANTUM, it would still hold R7: a special is led
    # only from a hand of specials.
    hands = (state.hands[0], cards("R7"), state.hands[2])
    with pytest.raises(StateError, match="could not have played QUANTUM"):
        nw.check_state(attrs.evolve(state, hands=hands, trick=cards("QUANTUM")))


def test_the_first_leader_and_the_leader_after_a_trick_follow_the_rules() -> None:
    start = nw.new_game(nw.Config(players=4), 3)
    assert start.leader == 1
    with pytest.raises(StateError, match="leads the first trick"):
        nw.check_state(attrs.evolve(start, leader=2))


def one_field_tamperings(state: nw.State, rnd: random.Random) -> list[tuple[str, nw.State]]:
    """States that differ from a reachable one in one field, each provably unreachable."""
    n = state.players
    seat = rnd.randrange(n)
    out = [
        # One more trick than the cards played allow.
        ("tricks", attrs.evolve(state, tricks=_add(state.tricks, seat, 1))),
        ("round", attrs.evolve(state, round=state.round + 1)),
    ]
    # Every won card in one pile: more than the tricks it won can give it.
    pile = tuple(c for w in state.won for c in w)
    if len(pile) > n * state.tricks[seat] + 1:
        won = tuple(pile if s == seat else () for s in range(n))
        out.append(("won", attrs.evolve(state, won=won)))
    # A trick moved from a seat that won one to a seat that has won nothing yet (and so
    # holds no won card but a captured Bomb), when the first holds won cards for it.
    givers = [
        s for s in range(n) if state.tricks[s] and len(state.won[s]) > n * (state.tricks[s] - 1) + 1
    ]
    takers = [s for s in range(n) if not state.tricks[s] and not state.won[s]]
    if givers and takers:
        tricks = _add(_add(state.tricks, givers[0], -1), takers[0], 1)
        out.append(("tricks", attrs.evolve(state, tricks=tricks)))
    if state.history:
        k = rnd.randrange(len(state.history))
        result = state.history[k]
        score = result.scores[seat]
        big = attrs.evolve(score, base=10**9)
        history = list(state.history)
        history[k] = attrs.evolve(result, scores=_add_score(result.scores, seat, big))
        out.append(("history", attrs.evolve(state, history=tuple(history))))
        if nw.is_terminal(state):
            last = state.history[-1]
            worse = attrs.evolve(last.scores[seat], base=last.scores[seat].base - 1)
            history = [
                *state.history[:-1],
                attrs.evolve(last, scores=_add_score(last.scores, seat, worse)),
            ]
            out.append(("history", attrs.evolve(state, history=tuple(history))))
    return out


def _add(counts: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    return (*counts[:seat], counts[seat] + delta, *counts[seat + 1 :])


def _add_score(
    scores: tuple[nw.RoundScore, ...], seat: int, score: nw.RoundScore
) -> tuple[nw.RoundScore, ...]:
    return (*scores[:seat], score, *scores[seat + 1 :])


@settings(deadline=None, max_examples=40)
@given(st.integers(0, 2**32), st.integers(3, 8), st.randoms(use_true_random=False))
def test_one_field_tampered_in_a_reachable_state_is_refused(
    seed: int, players: int, rnd: random.Random
) -> None:
    trajectory = play_random(GAME, nw.Config(players=players, rounds=2), seed, rnd)
    for state in trajectory.states:
        nw.check_state(state)
    for state in rnd.sample(trajectory.states, 5):
        for field, tampered in one_field_tamperings(state, rnd):
            with pytest.raises(StateError):
                nw.check_state(tampered)
            assert field
