"""numrules games as Python OpenSpiel games: the game, its states and its observer.

A `NumrulesGame` is a `pyspiel.Game` for one numrules game and one `Config` (from the
game parameters, see `numrules.rl.openspiel.parameters`). Its states wrap a
`numrules.rl.sequential.Turn`: the seats are asked one at a time, with the ids of
`Sequential` (the game's action ids, plus a pass id for a game with optional seats).
Chance is the deal, as the game's `Game.chance` describes it. States are immutable inside, so
`clone` shares them.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import attrs
import numpy as np
import numpy.typing as npt
import pyspiel

from numrules.core.chance import Chance
from numrules.core.errors import ConfigError, IllegalActionError, Reason, SamplingError
from numrules.core.game import BUILTIN_GAMES, AnyGame, Card, get_game
from numrules.core.rng import new_seed
from numrules.core.sampling import shuffle
from numrules.core.serialization import converter
from numrules.core.tensors import Layout
from numrules.rl.arrays import RLGame, information_state_string, learning_game
from numrules.rl.openspiel.parameters import (
    MAX_GAME_LENGTH,
    RNG_SEED,
    ParameterValue,
    config_from_parameters,
    parameter_specification,
)
from numrules.rl.rewards import final_rewards
from numrules.rl.sequential import Sequential, Turn

PREFIX = "numrules_"
"""OpenSpiel's name of a numrules game is this prefix and the game's name."""

DEFAULT_MAX_GAME_LENGTH = 100_000
"""The decisions after which a game whose config bounds no length is cut (a draw)."""

_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game: AnyGame | str) -> str:
    """OpenSpiel's name of the numrules game `game`: `numrules_stackattack`."""
    return PREFIX + (game if isinstance(game, str) else game.name)


@attrs.frozen(eq=False)
class _Table:
    # What every state of one OpenSpiel game shares: immutable but for `rng`, whose draws
    # are the sampled chance outcomes (shared on purpose: each draw is a fresh one).
    game: AnyGame
    rl: RLGame
    seq: Sequential
    config: Any
    deck: tuple[Card, ...]  # chance outcome i of an explicit deal deals deck[i]
    deal: Chance[Any] | None  # None: sampled chance
    max_length: int
    parameters: tuple[tuple[str, ParameterValue], ...]
    rng: random.Random

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return self  # shared by every clone

    def __reduce__(self) -> tuple[Callable[..., _Table], tuple[str, dict[str, Any]]]:
        # A state pickles (OpenSpiel's serialize) with its game's name and parameters.
        return _table_of, (self.game.name, dict(self.parameters))


def _table_of(name: str, parameters: dict[str, Any]) -> _Table:
    return NumrulesGame(parameters, game=name).table


@attrs.frozen
class _Position:
    # Where one state is: the cards of an explicit deal so far, then the turn.
    dealt: tuple[int, ...] = ()
    turn: Turn | None = None  # None while dealing
    decisions: int = 0  # the seats' answers so far (passes included)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return self  # immutable


def _utility(players: int) -> Any:
    return (
        pyspiel.GameType.Utility.ZERO_SUM if players == 2 else pyspiel.GameType.Utility.GENERAL_SUM
    )


def _game_type(game: AnyGame, config: Any, explicit: bool) -> Any:
    # The OpenSpiel game type of `game` with `config` (registered with the default one).
    kind = pyspiel.GameType
    return kind(
        short_name=short_name(game),
        long_name=f"numrules {game.title}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC
        if explicit
        else kind.ChanceMode.SAMPLED_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=_utility(config.players),
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
        default_loadable=True,
        provides_factored_observation_string=False,
    )


def _explicit_deal(game: AnyGame, config: Any, deck: tuple[Card, ...]) -> Chance[Any] | None:
    # The game's chance when a config's only randomness is the first deal (else None).
    chance = game.chance
    return chance if chance is not None and chance.single_deal(config, len(deck)) else None


def _max_length(game: AnyGame, config: Any, requested: int) -> int:
    # The most decisions: the config's bound, or the requested cut if lower (or if the
    # config bounds nothing; DEFAULT_MAX_GAME_LENGTH when none is requested).
    if type(requested) is not int or requested < 0:
        raise ConfigError(f"{MAX_GAME_LENGTH} must be an int >= 0, got {requested!r}")
    bound = game.chance.max_decisions(config) if game.chance is not None else None
    if bound is None:
        return requested or DEFAULT_MAX_GAME_LENGTH
    return min(bound, requested) if requested else bound


class NumrulesGame(pyspiel.Game):  # type: ignore[misc]
    """A numrules game with one `Config`, as an OpenSpiel game (see numrules.rl.openspiel).

    Build it with `pyspiel.load_game("numrules_<game>", parameters)` after
    `register_openspiel()`, or directly: `NumrulesGame(parameters, game="stackattack")`.

    Raises:
        ConfigError: the game cannot be used for learning, or the parameters give no
            valid `Config`.
        UnknownGameError: no game has that name.

    """

    numrules_name: ClassVar[str | None] = None
    """The game of the class `register_openspiel` registers for it (OpenSpiel builds a
    game from its parameters alone)."""

    def __init__(
        self, params: Mapping[str, Any] | None = None, game: AnyGame | str | None = None
    ) -> None:
        if game is None:
            game = type(self).numrules_name
        if game is None:
            raise ConfigError("NumrulesGame needs a game: NumrulesGame(params, game=name)")
        if isinstance(game, str):
            game = get_game(game)
        values: dict[str, Any] = {**parameter_specification(game), **(params or {})}
        config = config_from_parameters(game, values)
        rl = learning_game(game)
        deck = tuple(game.all_cards(config))
        deal = _explicit_deal(game, config, deck)
        seed = values[RNG_SEED]
        if type(seed) is not int:
            raise ConfigError(f"{RNG_SEED} must be an int, got {seed!r}")
        self.table = _Table(
            game=game,
            rl=rl,
            seq=Sequential.of(rl),
            config=config,
            deck=deck,
            deal=deal,
            max_length=_max_length(game, config, values[MAX_GAME_LENGTH]),
            parameters=tuple(sorted(values.items())),
            rng=random.Random(seed if seed >= 0 else new_seed()),
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.seq.num_ids(config),
            max_chance_outcomes=len(deck) if deal is not None else 1,
            num_players=config.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if config.players == 2 else None,
            max_game_length=self.table.max_length,
        )
        super().__init__(_game_type(game, config, deal is not None), info, values)

    @property
    def numrules_game(self) -> AnyGame:
        """The numrules game."""
        return self.table.game

    @property
    def config(self) -> Any:
        """The game's `Config`, read from the parameters."""
        return self.table.config

    def new_initial_state(self) -> NumrulesState:
        """The state before the deal (a chance node)."""
        return NumrulesState(self)

    def max_chance_nodes_in_history(self) -> int:
        """The most chance nodes a game passes: the deal's cards but the last, or one."""
        return len(self.table.deck) - 1 if self.table.deal is not None else 1

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> NumrulesObserver:
        """An observer: the information state with perfect recall, else the observation.

        Raises:
            ConfigError: observer parameters, or a kind of observation numrules has no
                tensor for (only the observing seat's own view, public part included).

        """
        if params:
            raise ConfigError(f"numrules observers take no parameters, got {dict(params)}")
        perfect_recall = False
        if iig_obs_type is not None:
            single = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
            if not (single and iig_obs_type.public_info):
                raise ConfigError(
                    "numrules games observe for one seat, its private and public "
                    "information together (private_info=SINGLE_PLAYER, public_info=True)"
                )
            perfect_recall = bool(iig_obs_type.perfect_recall)
        return NumrulesObserver(self.table, perfect_recall=perfect_recall)


class NumrulesState(pyspiel.State):  # type: ignore[misc]
    """A state of a `NumrulesGame`: the deal so far, then a `Turn` of the numrules game."""

    def __init__(self, game: NumrulesGame) -> None:
        super().__init__(game)
        self._table = game.table
        self._position = _Position()

    @property
    def turn(self) -> Turn | None:
        """The numrules state and the seats left to ask at this step (None while dealing)."""
        return self._position.turn

    @property
    def decisions(self) -> int:
        """The seats' answers so far, passes included (what `max_game_length` bounds)."""
        return self._position.decisions

    def observation(self, player: int) -> Any:
        """`player`'s numrules observation (`observe`), or None while dealing."""
        turn = self._position.turn
        return None if turn is None else self._table.game.observe(turn.state, player)

    def _over(self) -> bool:
        turn = self._position.turn
        if turn is None:
            return False
        return turn.seat is None or self._position.decisions >= self._table.max_length

    def current_player(self) -> int:
        """The seat asked now; CHANCE while dealing; TERMINAL once over (or cut)."""
        turn = self._position.turn
        if turn is None:
            return _CHANCE
        if self._over() or turn.seat is None:
            return _TERMINAL
        return turn.seat

    def is_terminal(self) -> bool:
        """Whether the game is over, or cut at `max_game_length` decisions."""
        return self._over()

    def returns(self) -> list[float]:
        """Each seat's return: +1 a winner, -1 a loser, 0 to all in a full tie or a cut game."""
        turn = self._position.turn
        players = self._table.config.players
        if turn is None or turn.seat is not None:
            return [0.0] * players
        return list(final_rewards(self._table.game, turn.state, "win"))

    def _legal_actions(self, player: int) -> list[int]:
        turn = self._position.turn
        if turn is None or player != turn.seat or self._over():
            return []
        return self._table.seq.legal_ids(turn)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, equally likely (explicit); one fresh seed (sampled)."""
        table = self._table
        if self._position.turn is not None:
            return []
        if table.deal is None:
            return [(0, 1.0)]
        dealt = set(self._position.dealt)
        left = [i for i in range(len(table.deck)) if i not in dealt]
        return [(i, 1.0 / len(left)) for i in left]

    def _apply_action(self, action: int) -> None:
        position = self._position
        if position.turn is None:
            self._position = self._dealt(action)
            return
        if self._over():
            raise IllegalActionError(action, Reason.GAME_OVER, "the game is over")
        turn = self._table.seq.step(position.turn, action)
        self._position = _Position(turn=turn, decisions=position.decisions + 1)

    def _dealt(self, outcome: int) -> _Position:
        # The position after the chance outcome `outcome`.
        table = self._table
        if table.deal is None:
            if outcome != 0:
                raise IllegalActionError(outcome, Reason.BAD_TARGET, "the one outcome is 0")
            seed = table.rng.getrandbits(128)
            return _Position(turn=table.seq.start(table.game.new_game(table.config, seed)))
        dealt = self._position.dealt
        if not 0 <= outcome < len(table.deck) or outcome in dealt:
            raise IllegalActionError(outcome, Reason.BAD_TARGET, "not a card left to deal")
        return _after_deal(table, (*dealt, outcome))

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._table
        if player == _CHANCE:
            if table.deal is None:
                return "deal from a fresh seed"
            return f"deal {table.deck[action]}" if 0 <= action < len(table.deck) else "deal ?"
        turn = self._position.turn
        if turn is not None and turn.seat == player and not self._over():
            if player in turn.optional and action == table.seq.pass_id(table.config):
                return f"{player}:pass"
            try:
                return str(table.rl.decode(turn.state, player, action))
            except IllegalActionError:
                pass
        return f"{player}:#{action}"  # not legal now: only its id can be told

    def __str__(self) -> str:
        table = self._table
        turn = self._position.turn
        if turn is None:
            return "dealt: " + " ".join(str(table.deck[i]) for i in self._position.dealt)
        state = turn.state
        game = table.game
        asked = "over" if self._over() else f"asking seat {turn.seat}"
        lines = [
            f"{game.title}, round {state.round}, {state.phase.name.lower()}: {asked}",
            "scores: " + " ".join(str(score) for score in game.scores(state)),
        ]
        for zone, cards in game.card_zones(state).items():
            lines.append(f"{zone}: " + " ".join(str(card) for card in cards))
        return "\n".join(lines)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> NumrulesState:
        """A state `player_id` cannot tell from this one, drawn with the game's `sample_state`.

        The sample's randomness is seeded from `probability_sampler` (called for uniform
        floats in [0, 1)); so is its seed, which decides later deals (sampled chance).

        Raises:
            ConfigError: the game has no `sample_state`.
            SamplingError: no state agrees with what the seat knows.

        """
        table = self._table
        rng = random.Random(_seed_from(probability_sampler))
        position = self._position
        if position.turn is None:  # dealing: nothing seen but how many cards are dealt
            order = shuffle(range(len(table.deck)), rng)
            sampled = _Position(dealt=tuple(order[: len(position.dealt)]))
        else:
            sample_state = table.game.sample_state
            if sample_state is None:
                raise ConfigError(f"{table.game.name} offers no sample_state")
            observation = table.game.observe(position.turn.state, player_id)
            turn = _resumed(table.seq, position.turn, sample_state(observation, rng))
            sampled = _Position(turn=turn, decisions=position.decisions)
        state: NumrulesState = self.get_game().new_initial_state()
        state._position = sampled
        return state


def _after_deal(table: _Table, dealt: tuple[int, ...]) -> _Position:
    # The position once `dealt` are dealt: still dealing, or the game started.
    assert table.deal is not None
    cards = [table.deck[i] for i in dealt]
    if len(dealt) < len(table.deck) - 1 and not table.deal.decided(table.config, cards):
        return _Position(dealt=dealt)
    state = table.game.new_game(table.config, 0, deck=cards)
    return _Position(turn=table.seq.start(state))


def _resumed(seq: Sequential, turn: Turn, state: Any) -> Turn:
    # `turn` at `state` (a sample of it): the same seats left to ask, which is public.
    fresh = seq.start(state)
    left = len(turn.order)
    if fresh.order[len(fresh.order) - left :] != turn.order or fresh.optional != turn.optional:
        raise SamplingError("the sampled state does not ask the seats in the same order")
    return Turn(state, turn.order, turn.optional)


def _seed_from(sampler: Callable[[], float]) -> int:
    # 64 bits from four uniform draws in [0, 1).
    bits = 0
    for _ in range(4):
        bits = (bits << 16) | min(int(sampler() * 65536), 65535)
    return bits


class NumrulesObserver:
    """OpenSpiel's observer of a numrules game: one seat's tensor and string.

    With perfect recall, the information-state tensor (`Tensors.information_state`) and
    `numrules.rl.information_state_string`; else the observation tensor
    (`Tensors.observation`) and the observation as JSON without its log. `dict` holds
    a view of `tensor` per block of the game's layout. While dealing (no seat has seen a
    card yet) the tensor is zeros and the string says how many cards are dealt.
    """

    def __init__(self, table: _Table, *, perfect_recall: bool) -> None:
        self._table = table
        self._perfect_recall = perfect_recall
        rl = table.rl
        layout = (
            rl.information_state_layout(table.config)
            if perfect_recall
            else rl.observation_layout(table.config)
        )
        self.tensor: npt.NDArray[np.float32] = np.zeros(layout.size, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = _views(self.tensor, layout)

    def set_from(self, state: NumrulesState, player: int) -> None:
        """Write `player`'s view of `state` into `tensor`."""
        observation = state.observation(player)
        if observation is None:
            self.tensor.fill(0.0)
            return
        tensors = self._table.rl.tensors
        build = tensors.information_state if self._perfect_recall else tensors.observation
        self.tensor[:] = build(observation)

    def string_from(self, state: NumrulesState, player: int) -> str:
        """`player`'s view of `state` as a string."""
        observation = state.observation(player)
        if observation is None:
            return f"dealing ({len(state._position.dealt)} cards dealt)"
        rl = self._table.rl
        if self._perfect_recall:
            return information_state_string(rl, observation)
        data = converter(rl.game).unstructure(observation, type(observation))
        data.pop("log", None)
        return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _views(tensor: npt.NDArray[np.float32], layout: Layout) -> dict[str, npt.NDArray[np.float32]]:
    # A view of `tensor` per block (the whole tensor if two blocks share a name).
    names = [block.name for block in layout.blocks if block.size]
    if len(set(names)) != len(names):
        return {"tensor": tensor}
    offsets = layout.offsets()
    return {name: tensor[offsets[name]] for name in names}


def register_openspiel(*names: str) -> tuple[str, ...]:
    """Register `numrules_<game>` with OpenSpiel for each game named (default: built-ins).

    Registering again does nothing. Returns OpenSpiel's names of the games. Then
    `pyspiel.load_game("numrules_stackattack", {"players": 2})` builds one.

    Raises:
        UnknownGameError: no game has one of the names.

    """
    registered = set(pyspiel.registered_names())
    out = []
    for name in names or tuple(BUILTIN_GAMES):
        game = get_game(name)
        short = short_name(game)
        if short not in registered:
            config = config_from_parameters(game, parameter_specification(game))
            explicit = _explicit_deal(game, config, tuple(game.all_cards(config))) is not None
            game_type = _game_type(game, config, explicit)
            # A class per game, as OpenSpiel's own Python games register: a class outlives
            # the interpreter's shutdown, when OpenSpiel's registry lets go of it.
            kind = type(f"NumrulesGame_{game.name}", (NumrulesGame,), {"numrules_name": game.name})
            pyspiel.register_game(game_type, kind)
            registered.add(short)
        out.append(short)
    return tuple(out)
