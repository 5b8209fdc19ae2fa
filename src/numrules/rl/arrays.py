"""A game's action ids, masks and tensors as numpy arrays (the base of `numrules.rl`)."""

from __future__ import annotations

import json
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from numrules.core.errors import ConfigError
from numrules.core.game import ACTION_ID_FIELDS, AnyGame, get_game
from numrules.core.serialization import converter
from numrules.core.tensors import AnyTensors, Layout


@attrs.frozen
class RLGame:
    """A game that has action ids and tensors, with its fields typed as present.

    Build it with `learning_game`; environments hold one.
    """

    game: AnyGame
    tensors: AnyTensors

    def num_actions(self, config: Any) -> int:
        """How many action ids a game of `config` has."""
        size: int = self.game.num_actions(config)  # type: ignore[misc]
        return size

    def encode(self, config: Any, action: Any) -> int:
        """The id of `action` in a game of `config`."""
        action_id: int = self.game.encode_action(config, action)  # type: ignore[misc]
        return action_id

    def decode(self, state: Any, seat: int, action_id: int) -> Any:
        """`seat`'s legal action of id `action_id` (`IllegalActionError` if none has it)."""
        return self.game.decode_action(state, seat, action_id)  # type: ignore[misc]

    def observation_layout(self, config: Any) -> Layout:
        """The layout of the observation tensor of a game of `config`."""
        return self.tensors.observation_layout(config)

    def information_state_layout(self, config: Any) -> Layout:
        """The layout of the information-state tensor of a game of `config`."""
        return self.tensors.information_state_layout(config)


def learning_game(game: AnyGame | str) -> RLGame:
    """The game (or the game of that name) with its action ids and tensors.

    Raises:
        ConfigError: the game has no action ids or no tensors.

    """
    if isinstance(game, str):
        game = get_game(game)
    missing = [name for name in ACTION_ID_FIELDS if getattr(game, name) is None]
    tensors = game.tensors
    if tensors is None:
        missing.append("tensors")
    if missing or tensors is None:
        raise ConfigError(
            f"{game.name} cannot be used for learning: it has no {', '.join(missing)}"
        )
    return RLGame(game, tensors)


def action_mask(game: AnyGame | RLGame, state: Any, seat: int) -> npt.NDArray[np.int8]:
    """`seat`'s legal actions as an int8 array of `num_actions` flags (1: legal now)."""
    plain = game.game if isinstance(game, RLGame) else game
    if plain.legal_action_mask is None:
        raise ConfigError(f"{plain.name} has no action ids")
    mask = plain.legal_action_mask(state, seat)
    return np.fromiter(mask, dtype=np.int8, count=len(mask))


def observation_tensor(game: AnyGame | RLGame, observation: Any) -> npt.NDArray[np.float32]:
    """The observation tensor of `observation` (from `observe`), a float32 array."""
    rl = game if isinstance(game, RLGame) else learning_game(game)
    return np.asarray(rl.tensors.observation(observation), dtype=np.float32)


def information_state_tensor(game: AnyGame | RLGame, observation: Any) -> npt.NDArray[np.float32]:
    """The information-state tensor of `observation` (from `observe`), a float32 array."""
    rl = game if isinstance(game, RLGame) else learning_game(game)
    return np.asarray(rl.tensors.information_state(observation), dtype=np.float32)


def observation_shape(game: AnyGame | RLGame, config: Any) -> tuple[int]:
    """The shape of the observation tensor of a game of `config`."""
    rl = game if isinstance(game, RLGame) else learning_game(game)
    return (rl.observation_layout(config).size,)


def information_state_shape(game: AnyGame | RLGame, config: Any) -> tuple[int]:
    """The shape of the information-state tensor of a game of `config`."""
    rl = game if isinstance(game, RLGame) else learning_game(game)
    return (rl.information_state_layout(config).size,)


def information_state_string(game: AnyGame | RLGame, observation: Any) -> str:
    """Everything the observing seat knows, with perfect recall, as one canonical string.

    The observation as JSON (sorted keys), its `log` included: the seat's own account
    of every event of the game so far, as it was told. Two moments give the same string
    exactly when the seat cannot tell them apart.
    """
    plain = game.game if isinstance(game, RLGame) else game
    data = converter(plain).unstructure(observation, type(observation))
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
