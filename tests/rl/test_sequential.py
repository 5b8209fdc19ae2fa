"""One seat at a time: the order of `Sequential`, its pass id, and what being asked reveals."""

from __future__ import annotations

import random

import attrs
import pytest

from numrules import get_game
from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.game import no_optional_seats
from numrules.rl.arrays import RLGame
from numrules.rl.sequential import Sequential, Turn


def _sequential(name: str) -> Sequential:
    game = get_game(name)
    # The order does not need tensors: a learning game with a dummy bundle.
    return Sequential.of(RLGame(game, None))  # type: ignore[arg-type]


def _walk(seq: Sequential, players: int, seed: int, steps: int) -> list[Turn]:
    game = seq.rl.game
    turn = seq.start(game.new_game(game.Config(players=players), seed))
    rnd = random.Random(seed)
    turns = [turn]
    while turn.seat is not None and len(turns) < steps:
        ids = seq.legal_ids(turn)
        turn = seq.step(turn, ids[rnd.randrange(len(ids))])
        turns.append(turn)
    return turns


def test_num_bounce_asks_every_seat_that_might_interrupt_holder_or_not() -> None:
    seq = _sequential("numbounce")
    game = seq.rl.game
    asked_without_card = 0
    for turn in _walk(seq, 4, 3, 3000):
        if turn.seat is None:
            break
        state = turn.state
        public = game.public_optional_seats(state)  # type: ignore[misc]
        holders = game.optional_seats(state)
        assert holders <= public
        assert turn.optional == public - (game.to_act(state) - holders)
        if turn.seat in turn.optional:
            ids = seq.legal_ids(turn)
            pass_id = seq.pass_id(state.config)
            assert ids[-1] == pass_id
            if turn.seat not in holders:
                assert ids == [pass_id]  # asked all the same: nothing to read from it
                asked_without_card += 1
    assert asked_without_card > 0


def test_the_order_depends_only_on_what_a_spectator_sees() -> None:
    # Two states a spectator cannot tell apart (the same public observation) ask the
    # same seats in the same order.
    seq = _sequential("numbounce")
    game = seq.rl.game
    rnd = random.Random(7)
    checked = 0
    for turn in _walk(seq, 3, 5, 400)[::7]:
        if turn.seat is None:
            continue
        sample = game.sample_state(game.observe(turn.state, None), rnd)  # type: ignore[misc]
        assert seq.start(sample).order == seq.start(turn.state).order
        checked += 1
    assert checked > 10


def test_pass_moves_to_the_next_seat_and_keeps_the_state() -> None:
    seq = _sequential("numbounce")
    for turn in _walk(seq, 4, 11, 3000):
        if turn.seat is not None and turn.seat in turn.optional:
            after = seq.step(turn, seq.num_ids(turn.state.config) - 1)
            assert after.state is turn.state
            assert after.order == turn.order[1:]
            return
    pytest.fail("no optional question in the game")


def test_simultaneous_choices_are_asked_in_seat_order() -> None:
    seq = _sequential("stackattack")
    assert not seq.has_pass
    game = seq.rl.game
    turn = seq.start(game.new_game(game.Config(players=3), 2))
    assert turn.order == (0, 1, 2)
    second = seq.step(turn, seq.legal_ids(turn)[0])
    assert second.order == (1, 2)
    assert seq.mask(second, 0) == [0] * seq.num_ids(game.Config(players=3))
    assert sum(seq.mask(second, 1)) == len(seq.legal_ids(second))


def test_masks_are_the_legal_actions_of_the_seat_asked() -> None:
    seq = _sequential("numwars")
    game = seq.rl.game
    for turn in _walk(seq, 3, 1, 200):
        if turn.seat is None:
            break
        legal = game.legal_actions_for(turn.state, turn.seat)
        expected = sorted(seq.rl.encode(turn.state.config, a) for a in legal)
        assert seq.legal_ids(turn) == expected


def test_an_id_the_seat_may_not_answer_is_refused_and_the_turn_kept() -> None:
    seq = _sequential("stackattack")
    game = seq.rl.game
    turn = seq.start(game.new_game(game.Config(players=2), 2))
    free = next(i for i in range(seq.num_ids(turn.state.config)) if i not in seq.legal_ids(turn))
    with pytest.raises(IllegalActionError):
        seq.step(turn, free)
    finished = _walk(seq, 2, 2, 10_000)[-1]
    assert finished.seat is None
    assert seq.legal_ids(finished) == []
    with pytest.raises(IllegalActionError) as refused:
        seq.step(finished, 0)
    assert refused.value.reason is Reason.GAME_OVER


def test_a_game_with_optional_seats_needs_public_optional_seats() -> None:
    game = attrs.evolve(get_game("numbounce"), public_optional_seats=None)
    with pytest.raises(ConfigError, match="public_optional_seats"):
        Sequential.of(RLGame(game, None))  # type: ignore[arg-type]
    assert get_game("numwars").optional_seats is no_optional_seats
