"""The kit's check of action ids catches a broken encoding, and skips a game without one."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from numrules import get_game
from numrules.core.game import ACTION_ID_FIELDS, BUILTIN_GAMES, AnyGame
from numrules.testing import check_action_encoding, has_encoding
from numrules.testing.played import Trajectory, first_game
from tests.numbounce.helpers import table


def test_every_built_in_game_has_action_ids() -> None:
    assert all(has_encoding(get_game(name)) for name in BUILTIN_GAMES)


def test_the_four_fields_are_all_set_or_all_none() -> None:
    game = attrs.evolve(get_game("numwars"), legal_action_mask=None)
    with pytest.raises(AssertionError, match="all set or all None"):
        has_encoding(game)


def broken(game: AnyGame, **fields: Any) -> AnyGame:
    """`game` with some of its action-id functions replaced."""
    return attrs.evolve(game, **fields)


@pytest.mark.parametrize("name", ["numwars", "stackattack"])
def test_a_mask_that_misses_an_action_is_caught(name: str) -> None:
    game = get_game(name)
    real = game.legal_action_mask
    assert real is not None

    def mask(state: Any, seat: int) -> tuple[bool, ...]:
        flags = list(real(state, seat))
        if True in flags:
            flags[flags.index(True)] = False
        return tuple(flags)

    trajectory = attrs.evolve(first_game(game), game=broken(game, legal_action_mask=mask))
    with pytest.raises(AssertionError, match="not its legal actions' ids"):
        check_action_encoding(trajectory, random.Random(0))


def test_an_encoding_that_gives_two_kinds_of_action_one_id_is_caught() -> None:
    game = get_game("numbounce")
    encode = game.encode_action
    assert encode is not None
    take_draw = encode(game.Config(), game.parse_action("0:take draw"))

    def merged(config: Any, action: Any) -> int:
        # NUM_X under the id of taking from the draw pile: two different moves.
        return take_draw if str(action).endswith(":numx") else int(encode(config, action))

    def mask(state: Any, seat: int) -> tuple[bool, ...]:
        size = game.num_actions(state.config)  # type: ignore[misc]
        ids = {merged(state.config, a) for a in game.legal_actions_for(state, seat)}
        return tuple(i in ids for i in range(size))

    # Seat 0 holds NUM_X facing a reference: it may play NUM_X or take from the draw pile.
    state = table(["NUMX R2", "Y3 Y4"], trick="B5", author=1, mover=0, draw="Y1")
    bad_game = broken(game, encode_action=merged, legal_action_mask=mask)
    bad = Trajectory(bad_game, state.config, state.seed, (state,), ())
    with pytest.raises(AssertionError, match="different kinds share id"):
        check_action_encoding(bad, random.Random(0))


def test_a_game_without_action_ids_passes_untouched() -> None:
    none = dict.fromkeys(ACTION_ID_FIELDS)
    game = broken(get_game("numstop"), **none)
    assert not has_encoding(game)
    check_action_encoding(first_game(game), random.Random(0))
