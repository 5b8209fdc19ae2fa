"""check_state refuses Num Wars positions the rules cannot reach (as loads does)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import numrules
from numrules import SerializationError, StateError
from numrules import numwars as nw
from tests.numwars.helpers import cards, play, table


def _base() -> nw.State:
    state = table(
        ["RB5 R8 Y1 BOMB", "SH5 R7 Y2 QUANTUM", "SH2 R3 Y3 NUMX"], lots="BOMB QUANTUM NUMX"
    )
    return play(state, "0:play RB5", "1:play SH5")


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
    "broken pair": lambda: attrs.evolve(_base(), pairs=((), cards("SH5 RB5"), ())),
    "hand sizes": lambda: attrs.evolve(_base(), leader=1),
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
