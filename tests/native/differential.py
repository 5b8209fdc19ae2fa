"""The differential check: a game walked through the native core and the Python engine.

`walk` plays one game through a native `Handle` and, beside it, through the Python
engine one seat at a time (`numrules.rl.sequential`), picking among the legal ids with a
seeded generator. At every step it compares the seat asked, the seats still to ask,
`to_act`, terminality, the scores and the legal ids; now and then an id the seat may
not answer, which both must refuse with the same reason; now and then a fresh handle
made from the Python state (`from_state`). At the end it compares the final states'
JSON (the handle's `to_state` against the engine's state) and the winners.
"""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Sequence
from typing import Any

import pytest

from numrules import dumps, get_game, native
from numrules.core.bots import make_bot
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import IllegalActionError
from numrules.core.rng import derive_seed
from numrules.rl.arrays import RLGame
from numrules.rl.sequential import Sequential, Turn


def sequential(name: str) -> Sequential:
    """The Python engine of `name`, one seat at a time (no tensors needed)."""
    return Sequential.of(RLGame(get_game(name), None))  # type: ignore[arg-type]


def _same_step(seq: Sequential, turn: Turn, handle: Any, where: str) -> list[int]:
    # Compare one step; return the legal ids.
    game = seq.rl.game
    state = turn.state
    over = game.is_terminal(state)
    assert handle.is_terminal() == over, where
    assert handle.seat == turn.seat, where
    assert handle.order == turn.order, where
    assert handle.to_act() == (frozenset() if over else frozenset(game.to_act(state))), where
    assert handle.scores() == list(game.scores(state)), where
    ids = seq.legal_ids(turn)
    assert handle.legal_action_ids() == ids, where
    return ids


def _refusal(seq: Sequential, turn: Turn, action_id: int) -> tuple[str, str]:
    try:
        seq.step(turn, action_id)
    except IllegalActionError as error:
        return error.reason.value, error.detail
    raise AssertionError(f"the Python engine accepts id {action_id}")


def walk(
    name: str,
    config: Any,
    seed: int,
    *,
    max_steps: int = 100_000,
    refuse: float = 0.02,
    fresh: float = 0.01,
) -> int:
    """Play one game of `name` through both engines, comparing every step.

    Returns the number of actions played (answers that were not the pass id).

    At a step, with chance `refuse` both are offered an id the seat may not answer, and
    with chance `fresh` a handle is made afresh from the Python state.
    """
    seq = sequential(name)
    game = seq.rl.game
    rnd = random.Random(seed)
    turn = seq.start(game.new_game(config, seed))
    handle = native.new_handle(name, config, seed)
    num_ids = seq.num_ids(config)
    assert handle.num_ids == num_ids
    assert handle.pass_id == seq.pass_id(config)
    step = actions = 0
    pass_id = seq.pass_id(config)
    while step < max_steps:
        where = f"{name} {config} seed {seed} step {step}"
        ids = _same_step(seq, turn, handle, where)
        if not ids:
            break
        if rnd.random() < refuse:  # an id the seat may not answer: the same refusal
            bad = rnd.choice([i for i in range(num_ids + 2) if i not in ids] or [num_ids + 1])
            with pytest.raises(IllegalActionError) as refused:
                handle.apply_id(bad)
            assert (refused.value.reason.value, refused.value.detail) == _refusal(seq, turn, bad)
        if rnd.random() < fresh and turn.order == seq.start(turn.state).order:
            again = native.handle(name, turn.state)  # from_state: the same step
            assert again.legal_action_ids() == ids, where
            assert again.order == handle.order, where
        choice = ids[rnd.randrange(len(ids))]
        turn = seq.step(turn, choice)
        handle = handle.apply_id(choice)
        step += 1
        actions += choice != pass_id
    if game.is_terminal(turn.state):
        assert handle.winners() == frozenset(game.winners(turn.state))
    assert dumps(handle.to_state()) == dumps(turn.state)
    return actions


def match_digest(entry: dict[str, Any]) -> str:
    """`tests.generic.pinned.match_digest` of a pinned game, played by the native core.

    The core plays `play_match` with `RandomBot(seed * 10 + seat)` at each seat; the
    digest is taken from its actions and final state as the Python one is.
    """
    from tests.generic.pinned import NO_OPTIONS, setup  # noqa: PLC0415

    game, config = setup(entry["game"], entry["players"], entry.get("options", NO_OPTIONS))
    seed = entry["seed"]
    start = native.new_handle(game.name, config, seed)
    end = start.play_random([seed * 10 + seat for seat in range(config.players)])
    state = game.new_game(config, seed)
    actions = []
    for seat, action_id, pick in end.history(picks=True):
        action = native._action(game.name, state, seat, action_id, pick)
        actions.append(action)
        state = game.apply(state, action)
    assert dumps(end.to_state()) == dumps(state)
    h = hashlib.sha256()
    h.update(repr([str(a) for a in actions]).encode())
    h.update(dumps(state).encode())
    h.update(repr((game.scores(state), sorted(game.winners(state)))).encode())
    assert end.scores() == list(game.scores(state))
    return h.hexdigest()


def python_playout(game: Any, state: Any, bots: Sequence[Any]) -> tuple[Any, int]:
    """`play_match`'s loop from `state` (from the start of its step), `bots[s]` at seat s.

    Returns the last state and the number of actions played: what a native playout of
    the same bots from the same state must give.
    """
    length = 0
    observes = [getattr(bot, "needs_observation", True) is not False for bot in bots]
    while not game.is_terminal(state):
        cursor = DecisionCursor.of(game, state)
        legal = game.legal_actions(state)
        while (seat := cursor.next_seat) is not None:
            mine = tuple(a for a in legal if a.seat == seat)
            observation = game.observe(state, seat) if observes[seat] else None
            choice = bots[seat].act(observation, mine, seat in cursor.optional)
            if choice is None:
                cursor = cursor.decline(seat)
                continue
            state = game.apply(state, choice)
            length += 1
            break
    return state, length


def float32(values: Sequence[float]) -> list[float]:
    """`values` rounded to float32, as the core's tensors hold them (as Python floats)."""
    return list(struct.unpack(f"{len(values)}f", struct.pack(f"{len(values)}f", *values)))


def tensor_walk(
    name: str, config: Any, seed: int, *, every: int = 1, max_steps: int = 100_000
) -> int:
    """Walk one game of `name` through both engines, comparing observation tensors.

    At every `every`-th step and at the end, each seat's `observation_tensor` from the
    core must equal the Python game's `tensors.observation`, rounded to float32. Returns
    the number of steps walked.
    """
    seq = sequential(name)
    game = seq.rl.game
    assert game.tensors is not None
    rnd = random.Random(seed)
    turn = seq.start(game.new_game(config, seed))
    handle = native.new_handle(name, config, seed)
    step = 0
    while step < max_steps:
        over = turn.seat is None
        if step % every == 0 or over:
            for seat in range(config.players):
                want = float32(game.tensors.observation(game.observe(turn.state, seat)))
                assert handle.observation_tensor(seat) == want, (name, seed, step, seat)
        if over:
            break
        ids = seq.legal_ids(turn)
        choice = ids[rnd.randrange(len(ids))]
        turn = seq.step(turn, choice)
        handle = handle.apply_id(choice)
        step += 1
    return step


def same_playouts(name: str, state: Any, n: int, policy: str, seed: int) -> None:
    """The core's `playouts(n, policy, seed)` from `state` are the Python driver's games.

    They must be reproducible, and playout `j` must end as `python_playout` from `state`
    with `make_bot(policy, derive_seed(seed, j, s))` at seat s: same scores, winners and
    length.
    """
    game = get_game(name)
    handle = native.handle(name, state)
    found = handle.playouts(n, policy, seed=seed)
    assert len(found) == n
    assert found == handle.playouts(n, policy, seed=seed)  # reproducible
    players = state.config.players
    for j, (scores, winners, length, finished) in enumerate(found):
        bots = [make_bot(policy, derive_seed(seed, j, s), game) for s in range(players)]
        last, python_length = python_playout(game, state, bots)
        assert finished, j
        assert (scores, winners, length) == (
            list(game.scores(last)),
            sorted(game.winners(last)),
            python_length,
        ), j
