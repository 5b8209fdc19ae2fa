"""The action ids of a game (`encode_action`, `decode_action`, `num_actions`, `legal_action_mask`).

A game either has all four `Game` fields or none; with them, every legal action of
every seat has an id in `range(num_actions(config))`, the mask is exactly the ids of
the seat's legal actions, decoding an id gives back a legal action of that id, and an id
no legal action has is refused with `IllegalActionError`.
"""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

from numrules.core.errors import IllegalActionError, Reason
from numrules.core.game import ACTION_ID_FIELDS, AnyGame
from numrules.testing.played import Trajectory, raises, sample_states


def has_encoding(game: AnyGame) -> bool:
    """Whether `game` has action ids (all four fields set).

    Raises:
        AssertionError: some of the four fields are set and others are None.

    """
    present = [getattr(game, name) is not None for name in ACTION_ID_FIELDS]
    assert all(present) or not any(present), (
        f"{game.name}: the action-id fields {ACTION_ID_FIELDS} must be all set or all None"
    )
    return all(present)


def check_action_encoding(
    trajectory: Trajectory, rnd: random.Random, masks: int = 60, count: int = 6
) -> None:
    """The masks of `masks` sampled states of a played game, the ids of `count` of them.

    For every seat of the first, last and `masks` random states, `legal_action_mask` is
    True exactly at the ids of the seat's legal actions. On the first, last and `count`
    random states, each legal action also decodes back: to itself when no other legal
    action of the seat shares its id, else to one of the actions of that id (of the same
    kind), always the same. Ids outside the mask are refused.
    """
    game = trajectory.game
    if not has_encoding(game):
        return
    config = trajectory.config
    size = game.num_actions(config)  # type: ignore[misc]
    assert type(size) is int, f"{game.name}: num_actions is {size!r}, not an int"
    assert size > 0, f"{game.name}: num_actions is {size}"
    states = trajectory.states
    last = len(states) - 1
    for step in [0, last, *rnd.sample(range(last + 1), min(masks, last + 1))]:
        where = f"{game.name} seed {trajectory.seed} step {step}"
        for seat in range(config.players):
            _check_mask(game, config, size, states[step], seat, where)
    for state in sample_states(trajectory, rnd, count):
        for seat in range(config.players):
            _check_decoding(game, config, size, state, seat, rnd)
    for junk in ("0:junk", None, object()):
        raises(
            IllegalActionError,
            f"{game.name}: encode_action of {junk!r}",
            game.encode_action,  # type: ignore[arg-type]
            config,
            junk,
        )


def _check_mask(game: AnyGame, config: Any, size: int, state: Any, seat: int, where: str) -> None:
    # The mask is a tuple of `size` bools, True exactly at the ids of the legal actions.
    ids = {_id(game, config, size, action, where) for action in game.legal_actions_for(state, seat)}
    mask = game.legal_action_mask(state, seat)  # type: ignore[misc]
    assert type(mask) is tuple, f"{where}: the mask of seat {seat} is not a tuple"
    assert len(mask) == size, f"{where}: the mask of seat {seat} has {len(mask)} flags"
    # Whole-tuple operations: the masks of some games have thousands of flags.
    assert set(map(type, mask)) <= {bool}, f"{where}: the mask holds non-bools"
    exact = mask.count(True) == len(ids) and all(mask[i] for i in ids)
    assert exact, f"{where}: the mask of seat {seat} is not its legal actions' ids"


def _id(game: AnyGame, config: Any, size: int, action: Any, where: str) -> int:
    action_id = game.encode_action(config, action)  # type: ignore[misc]
    assert type(action_id) is int, f"{where}: {action} has id {action_id!r}, not an int"
    assert 0 <= action_id < size, f"{where}: {action} has id {action_id}, not in range({size})"
    return action_id


def _check_decoding(
    game: AnyGame, config: Any, size: int, state: Any, seat: int, rnd: random.Random
) -> None:
    # Each id decodes to a legal action of that id: the action itself when it is alone.
    where = f"{game.name} seat {seat}"
    by_id: dict[int, list[Any]] = defaultdict(list)
    for action in game.legal_actions_for(state, seat):
        by_id[_id(game, config, size, action, where)].append(action)
    decode = game.decode_action
    assert decode is not None
    for action_id, actions in by_id.items():
        try:
            decoded = decode(state, seat, action_id)
        except IllegalActionError as refusal:
            raise AssertionError(f"{where}: id {action_id} of {actions[0]} is refused") from refusal
        if len(actions) == 1:
            assert decoded == actions[0], f"{where}: id {action_id} decodes to {decoded}"
            continue
        assert decoded in actions, f"{where}: id {action_id} decodes to {decoded}, not legal"
        assert decode(state, seat, action_id) == decoded, f"{where}: id {action_id} varies"
        kinds = {(type(a), a.seat) for a in actions}
        assert len(kinds) == 1, f"{where}: actions of different kinds share id {action_id}"
    free = [i for i in range(size) if i not in by_id]
    for action_id in [-1, size, *rnd.sample(free, min(3, len(free)))]:
        error = raises(
            IllegalActionError, f"{where}: decoding id {action_id}", decode, state, seat, action_id
        )
        assert isinstance(error, IllegalActionError)
        assert isinstance(error.reason, Reason), f"{where}: decoding id {action_id}: no reason"
