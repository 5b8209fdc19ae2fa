"""Learning code on numrules games: action ids, masks and tensors as numpy arrays.

Install with the `rl` extra (`pip install 'numrules[rl]'`: numpy, Gymnasium,
PettingZoo; `numrules[openspiel]` adds OpenSpiel). This package turns a game's action
ids (`Game.encode_action` and friends) and tensors (`Game.tensors`, see
`numrules.core.tensors`) into the arrays learning libraries expect; the environments
build on it (see docs/rl.md).

    >>> from numrules import rl, get_game
    >>> game = get_game("stackattack")
    >>> state = game.new_game(game.Config(players=2), seed=1)
    >>> rl.action_mask(game, state, 0).dtype
    dtype('int8')
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from numrules.rl.aec import NumrulesAECEnv, aec_env
from numrules.rl.arrays import (
    RLGame,
    action_mask,
    information_state_shape,
    information_state_string,
    information_state_tensor,
    learning_game,
    observation_shape,
    observation_tensor,
)
from numrules.rl.gym import GymEnv, gymnasium_env
from numrules.rl.parallel import NumrulesParallelEnv, parallel_env
from numrules.rl.rewards import REWARD_KINDS, RewardKind, check_reward_kind, final_rewards

if TYPE_CHECKING:
    from numrules.rl.openspiel import register_openspiel

_OPENSPIEL = ("register_openspiel",)
# Imported on first use, so that `import numrules.rl` works without OpenSpiel installed.


def __getattr__(name: str) -> Any:
    if name in _OPENSPIEL:
        try:
            openspiel = importlib.import_module("numrules.rl.openspiel")
        except ModuleNotFoundError as exc:
            raise ImportError(
                f"numrules.rl.{name} needs OpenSpiel: pip install 'numrules[openspiel]'"
            ) from exc
        return getattr(openspiel, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "REWARD_KINDS",
    "GymEnv",
    "NumrulesAECEnv",
    "NumrulesParallelEnv",
    "RLGame",
    "RewardKind",
    "action_mask",
    "aec_env",
    "check_reward_kind",
    "final_rewards",
    "gymnasium_env",
    "information_state_shape",
    "information_state_string",
    "information_state_tensor",
    "learning_game",
    "observation_shape",
    "observation_tensor",
    "parallel_env",
    "register_openspiel",
]
