"""A game's `Config` as OpenSpiel game parameters, and the parameters back as a `Config`.

OpenSpiel parameters are ints, floats, bools and strings, each declared with a default of
its type (a parameter given with another type is refused by `pyspiel.load_game`). Every
option of the game's `Config` (`numrules.core.options.config_options`) becomes one
parameter of the same name:

- an int, a float, a bool or a text: a parameter of that type, with the `Config`'s
  default (`players` too: the standard table);
- an enum member: a string, its value (`"classic"`), read by name or value in any case;
- a tuple of ints: a string of the ints separated by spaces (`"6 38"`; commas work in a
  parameter dict, but a game string uses commas between parameters);
- an option that may be None, or whose default the game derives from the other options
  (Num Wars' `hand_size`): its type's parameter where 0 means "left out" (the `Config`'s
  default: None, or the derived value) when 0 is not a value the option takes, which is
  the case of every such int of the built-in games; otherwise a string parameter where
  `""` means left out and `"none"` None.

Two more parameters belong to the OpenSpiel game itself, not to the `Config`
(`EXTRA_PARAMETERS`): `max_game_length` and `rng_seed` (see `numrules.rl.openspiel`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from numrules.core.errors import ConfigError
from numrules.core.game import AnyGame
from numrules.core.options import ConfigOption, config_from_options, config_options
from numrules.core.validation import quote

ParameterValue = int | float | bool | str
"""The value of an OpenSpiel game parameter."""

MAX_GAME_LENGTH = "max_game_length"
RNG_SEED = "rng_seed"
EXTRA_PARAMETERS: Mapping[str, ParameterValue] = {MAX_GAME_LENGTH: 0, RNG_SEED: -1}
"""The OpenSpiel game's own parameters and their defaults: `max_game_length` (0: the
config's own bound, see `numrules.rl.openspiel`) and `rng_seed` (-1: fresh entropy)."""

_LEFT_OUT_TEXT = ""


@attrs.frozen
class Parameter:
    """One `Config` option as an OpenSpiel parameter."""

    option: ConfigOption
    default: ParameterValue
    """The parameter's default, of the parameter's type."""
    left_out: ParameterValue | None
    """The value that leaves the option out (None: every value is read)."""

    def value(self, given: ParameterValue) -> object | None:
        """What `given` means: a value for `ConfigOption.read`, or None to leave it out."""
        if (
            self.left_out is not None
            and given == self.left_out
            and type(given) is type(self.left_out)
        ):
            return None
        if self.option.kind == "ints" and isinstance(given, str):
            return ",".join(given.replace(",", " ").split())
        return given


def _parameter(option: ConfigOption, config_default: Any) -> Parameter:
    choice = option.optional or option.derived
    if option.kind in ("int", "float", "bool") and not choice:
        return Parameter(option, config_default, None)
    # 0 may stand for "left out" if it is no value of the option, and leaving it out gives
    # None when None is wanted (a derived default gives None where the others ask for it).
    none_by_default = option.derived or not option.optional or config_default is None
    if option.kind == "int" and choice and _zero_is_free(option) and none_by_default:
        return Parameter(option, 0, 0)
    if option.kind in ("int", "float", "bool") or choice:
        default = _LEFT_OUT_TEXT if choice else option.to_text(config_default)
        return Parameter(option, default, _LEFT_OUT_TEXT if choice else None)
    return Parameter(option, _text(option, config_default), None)


def _zero_is_free(option: ConfigOption) -> bool:
    # Whether 0 lies outside the option's declared range, so it can mean "left out".
    return option.bounds is not None and not option.bounds[0] <= 0 <= option.bounds[1]


def _text(option: ConfigOption, value: Any) -> str:
    # A default as a string parameter: a tuple of ints separated by spaces.
    if option.kind == "ints" and isinstance(value, tuple):
        return " ".join(str(item) for item in value)
    return option.to_text(value)


def parameters(game: AnyGame) -> tuple[Parameter, ...]:
    """The OpenSpiel parameters of `game`'s `Config`, in declaration order.

    Raises:
        ConfigError: an option's name is one of `EXTRA_PARAMETERS`.

    """
    defaults = {f.name: f.default for f in attrs.fields(game.Config)}
    out = []
    for option in config_options(game):
        if option.name in EXTRA_PARAMETERS:
            raise ConfigError(
                f"{game.name}'s Config has an option {option.name!r}, the name of an "
                "OpenSpiel game parameter"
            )
        default = option.default
        if option.name == "players" and type(defaults.get("players")) is int:
            default = defaults["players"]  # the standard table, not the smallest one
        out.append(_parameter(option, default))
    return tuple(out)


def parameter_specification(game: AnyGame) -> dict[str, ParameterValue]:
    """Every parameter of the OpenSpiel game of `game` with its default."""
    spec = {p.option.name: p.default for p in parameters(game)}
    spec.update(EXTRA_PARAMETERS)
    return spec


def config_from_parameters(game: AnyGame, values: Mapping[str, object]) -> Any:
    """`game`'s `Config` from OpenSpiel parameters (the extra ones are ignored).

    Parameters left out take their defaults.

    Raises:
        ConfigError: an unknown parameter, a value of the wrong type, or a config the
            game refuses.

    """
    known = {p.option.name: p for p in parameters(game)}
    options: dict[str, object] = {}
    for name, given in {**{n: p.default for n, p in known.items()}, **values}.items():
        if name in EXTRA_PARAMETERS:
            continue
        parameter = known.get(name)
        if parameter is None:
            raise ConfigError(
                f"unknown parameter {quote(name)} of numrules_{game.name}; the parameters "
                f"are: {', '.join([*known, *EXTRA_PARAMETERS])}"
            )
        if not isinstance(given, int | float | str):
            raise ConfigError(f"parameter {name}: cannot read {quote(given)}")
        value = parameter.value(given)
        if value is not None:
            options[name] = value
    return config_from_options(game, options)


def parameters_of(game: AnyGame, config: Any) -> dict[str, ParameterValue]:
    """The OpenSpiel parameters that give `config` (every option, as its parameter).

    The inverse of `config_from_parameters`: `config_from_parameters(game,
    parameters_of(game, config)) == config`.
    """
    out: dict[str, ParameterValue] = {}
    for parameter in parameters(game):
        option = parameter.option
        value = getattr(config, option.name)
        if value is None:
            out[option.name] = parameter.left_out if parameter.left_out == 0 else "none"
        elif isinstance(parameter.default, str):
            out[option.name] = _text(option, value)
        else:
            out[option.name] = value
    return out
