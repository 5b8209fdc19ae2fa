"""A game's rule options: the fields of its `Config` that can be set by name, and one reader.

`config_options(game)` lists them, in declaration order, each a `ConfigOption`: its kind
(an int, a float, a bool, a text, a member of an enum, a tuple of ints; possibly also
None), its choices, its bounds, its default and its one-line description.
`config_from_options(game, values, players)` turns named values into a validated
`Config`, whether they are text as a command line gives them (`--option mode=discovery`,
read by `parse_options`) or JSON values as a server receives them (`{"format": "full"}`):

    >>> from numrules.core.options import config_from_options
    >>> config_from_options("numwars", {"format": "full", "rounds": "2"}, players=3).format
    <Format.FULL: 'full'>

`config_text(game, config)` says a `Config` in words for people ("4 players, mode
discovery"), as reports and the command line print it.

The game declares everything read here: the field types of its `Config`, the range of
each int field (`attrs.field(metadata=numrules.core.validation.bounded(low, high))`), the
players from `Game.min_players`..`Game.max_players`, and the description from the
docstring under each field (when the source is available).
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import math
import re
import textwrap
import typing
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import attrs

from numrules.core.errors import ConfigError, NumrulesError
from numrules.core.game import AnyGame, resolve_game
from numrules.core.validation import field_bounds, optional_type, quote

OptionKind = Literal["int", "float", "bool", "text", "enum", "ints"]
"""What an option holds: `ints` is a tuple of ints (comma-separated as text)."""

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")
_INT = re.compile(r"[+-]?\d+")


class _UnreadableError(Exception):
    # A value that is not of the option's kind (turned into a ConfigError by `read`).
    pass


@attrs.frozen(slots=True)
class ConfigOption:
    """One field of a game's `Config` that can be set by name: what it holds and accepts."""

    name: str
    """The keyword argument of `Config`."""
    kind: OptionKind
    """`int`, `float`, `bool`, `text`, `enum` (one of `choices`) or `ints` (a tuple of ints)."""
    optional: bool = False
    """Whether None is accepted too (`none` as text, null in JSON)."""
    choices: tuple[enum.Enum, ...] = ()
    """The members of an `enum` option, in declaration order."""
    bounds: tuple[int, int] | None = None
    """The range `(low, high)` of an `int` option, when the game declares one."""
    default: Any = None
    """The value when the option is left out (None when `derived`)."""
    derived: bool = False
    """Whether the default depends on other options (the players, say): left out, the game
    chooses it; `default` is then None."""
    doc: str = ""
    """What the option does, in one line (empty when the game's source is not available)."""

    def describe(self) -> str:
        """The name and what it accepts, for messages: `max_rounds (int 1..100000 or none)`."""
        if self.kind == "enum":
            what = " | ".join(member.name for member in self.choices)
        elif self.kind == "bool":
            what = "true | false"
        elif self.kind == "int" and self.bounds is not None:
            what = f"int {self.bounds[0]}..{self.bounds[1]}"
        elif self.kind == "ints":
            what = "comma-separated ints"
        else:
            what = self.kind
        return f"{self.name} ({what}{' or none' if self.optional else ''})"

    def read(self, value: object) -> Any:
        """`value` as the field's value: text as typed, or a JSON (or Python) value.

        Text is stripped; an int is read from its digits, a float from its text, a bool
        from true/false/yes/no/on/off/1/0, an enum member by name or value in any case,
        a tuple of ints from comma-separated ints, and `none` (any case) is None for an
        optional field. A JSON value must be of the field's kind: an int (not a bool) for
        an int, a list of ints for a tuple of ints, null for None. The range is the
        `Config`'s to check (`config_from_options` does).

        Raises:
            ConfigError: the value cannot be read as this option's kind; the message
                names the option and what it accepts.

        """
        if self.optional and (
            value is None or (isinstance(value, str) and value.strip().lower() == "none")
        ):
            return None
        try:
            return self._read(value)
        except _UnreadableError:
            raise ConfigError(f"option {self.describe()}: cannot read {quote(value)}") from None

    def _read(self, value: object) -> Any:
        if self.kind == "ints":
            if isinstance(value, str):
                parts: Sequence[object] = [p for p in value.split(",") if p.strip()]
            elif isinstance(value, list | tuple):
                parts = value
            else:
                raise _UnreadableError
            return tuple(_read_int(part) for part in parts)
        if self.kind == "int":
            return _read_int(value)
        if self.kind == "enum":
            return self._member(value)
        if self.kind == "bool":
            return _read_bool(value)
        if self.kind == "float":
            return _read_float(value)
        if not isinstance(value, str):
            raise _UnreadableError
        return value

    def _member(self, value: object) -> enum.Enum:
        if isinstance(value, enum.Enum) and value in self.choices:
            return value
        if not isinstance(value, str):
            raise _UnreadableError
        text = value.strip().lower()
        for member in self.choices:
            if text in (member.name.lower(), str(member.value).lower()):
                return member
        raise _UnreadableError

    def to_text(self, value: Any) -> str:
        """A value of the field as text that `read` reads back (`none`, `full`, `1,2,3`)."""
        if value is None:
            return "none"
        if isinstance(value, enum.Enum):
            return str(value.value)
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple):
            return ",".join(str(item) for item in value)
        return str(value)

    def to_json_value(self, value: Any) -> Any:
        """A value of the field as a JSON value that `read` reads back (an enum by value)."""
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, tuple):
            return list(value)
        return value

    def to_json(self) -> dict[str, Any]:
        """The option as JSON data (what a server's `/api/games` lists).

        `{"name", "kind", "optional", "choices" (enum values), "low", "high" (null when
        unbounded), "default" (a JSON value; null when derived), "derived", "doc"}`.
        """
        low, high = self.bounds if self.bounds is not None else (None, None)
        return {
            "name": self.name,
            "kind": self.kind,
            "optional": self.optional,
            "choices": [member.value for member in self.choices],
            "low": low,
            "high": high,
            "default": self.to_json_value(self.default),
            "derived": self.derived,
            "doc": self.doc,
        }


def _read_int(value: object) -> int:
    if type(value) is int:
        return value
    if isinstance(value, str) and _INT.fullmatch(value.strip()):
        try:
            return int(value.strip())
        except ValueError:  # more digits than Python converts
            raise _UnreadableError from None
    raise _UnreadableError


def _read_bool(value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    raise _UnreadableError


def _read_float(value: object) -> float:
    if isinstance(value, bool):
        raise _UnreadableError
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            raise _UnreadableError from None
    else:
        raise _UnreadableError
    if not math.isfinite(number):
        raise _UnreadableError
    return number


def _kind(base: Any) -> OptionKind | None:
    # The kind of a field of type `base`; None if it cannot be set by name.
    if base is bool:
        return "bool"
    if base is int:
        return "int"
    if base is float:
        return "float"
    if base is str:
        return "text"
    if isinstance(base, type) and issubclass(base, enum.Enum):
        return "enum"
    if typing.get_origin(base) is tuple and typing.get_args(base) == (int, ...):
        return "ints"
    return None


def _field_docs(cls: type) -> Mapping[str, str]:
    # The docstring under each field of `cls`, in one line (none if there is no source).
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError, SyntaxError):
        return {}
    body = next((n.body for n in tree.body if isinstance(n, ast.ClassDef)), [])
    docs = {}
    for node, after in itertools.pairwise(body):
        if (
            isinstance(node, ast.AnnAssign)
            and isinstance(node.target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[node.target.id] = " ".join(after.value.value.split())
    return docs


_OPTIONS: dict[tuple[type, int, int], tuple[ConfigOption, ...]] = {}


def _options_of(config: type, min_players: int, max_players: int) -> tuple[ConfigOption, ...]:
    # The options of a Config class (read once per class and player range).
    key = (config, min_players, max_players)
    known = _OPTIONS.get(key)
    if known is None:
        known = _OPTIONS[key] = _read_options(config, min_players, max_players)
    return known


def _read_options(config: type, min_players: int, max_players: int) -> tuple[ConfigOption, ...]:
    hints = typing.get_type_hints(config)
    bounds = field_bounds(config)
    docs = _field_docs(config)
    options = []
    for field in attrs.fields(config):
        if not field.init:
            continue
        base, optional = optional_type(hints[field.name])
        kind = _kind(base)
        if kind is None:
            continue
        default: Any = field.default
        derived = False
        if isinstance(default, attrs.Factory):  # type: ignore[arg-type]
            derived = default.takes_self
            default = None if derived else default.factory()
        elif default is attrs.NOTHING:  # no default (the contract gives every field one)
            default, derived = None, True
        if field.name == "players":  # what `config_from_options` takes when it is left out
            default = min_players
        options.append(
            ConfigOption(
                name=field.alias or field.name,
                kind=kind,
                optional=optional,
                choices=tuple(base) if kind == "enum" else (),
                bounds=(min_players, max_players)
                if field.name == "players"
                else bounds.get(field.name),
                default=default,
                derived=derived,
                doc=docs.get(field.name, ""),
            )
        )
    return tuple(options)


def config_options(game: AnyGame | str) -> tuple[ConfigOption, ...]:
    """The options of `game`'s `Config`, in declaration order.

    Every field its constructor takes is one, if it holds an int, a float, a bool, a
    text, an enum member or a tuple of ints (possibly None too); `players` is bounded
    by the game's `min_players`..`max_players`, the other ints by what they declare with
    `numrules.core.validation.bounded`.
    """
    g = resolve_game(game)
    return _options_of(g.Config, g.min_players, g.max_players)


def describe_options(game: AnyGame | str) -> str:
    """Every option of `game` and what it accepts, separated by semicolons (for messages)."""
    return "; ".join(option.describe() for option in config_options(game))


MAX_VALUE_TEXT = 24
"""The longest value `config_text` writes out; a longer one is cut, with its count of items."""


def config_text(game: AnyGame | str, config: Any) -> str:
    """A `Config` as a reader would say it: "4 players, mode discovery, max rounds 5".

    The players first, then each option whose value differs from what the game would
    choose for that table with the other options given (a derived default, such as Num
    Wars' hand size, counts as a choice of the game); "default rules" when none does. A
    long value is cut: "penalties 2,1,1,1,2,1,1,1,… (64 values)".

    Raises:
        ConfigError: `config` is not a `Config` of `game`.

    """
    g = resolve_game(game)
    if not isinstance(config, g.Config):
        raise ConfigError(f"config must be a {g.title} Config, got {type(config).__name__}")
    options = [option for option in config_options(g) if option.name != "players"]
    changed = {
        option.name: getattr(config, option.name)
        for option in options
        if not option.derived and getattr(config, option.name) != option.default
    }
    try:  # the defaults the game derives from the options that were given
        baseline = g.Config(players=config.players, **changed)
    except NumrulesError:
        baseline = g.Config(players=config.players)
    parts = [f"{config.players} players"]
    for option in options:
        value = getattr(config, option.name)
        if option.name in changed or value != getattr(baseline, option.name):
            parts.append(f"{option.name.replace('_', ' ')} {_short_text(option, value)}")
    if len(parts) == 1:
        parts.append("default rules")
    return ", ".join(parts)


def _short_text(option: ConfigOption, value: Any) -> str:
    # The value as `to_text` writes it, cut after MAX_VALUE_TEXT characters.
    text = option.to_text(value)
    if len(text) <= MAX_VALUE_TEXT:
        return text
    if isinstance(value, tuple):  # whole items only, and how many there are
        return f"{text[:MAX_VALUE_TEXT].rsplit(',', 1)[0]},… ({len(value)} values)"
    return f"{text[:MAX_VALUE_TEXT]}…"


def config_from_options(
    game: AnyGame | str, values: Mapping[str, object], players: int | None = None
) -> Any:
    """Build `game`'s `Config` from named values: text as typed, or JSON values.

    Each value is read by its option (`ConfigOption.read`): ints, enums by name or value
    in any case, booleans from true/false/yes/no/1/0, tuples of ints from comma-separated
    text or a list, and `none` (or null) clears an optional field. `players` (from
    `--players`, or a table's size) sets the players unless `values` does; with neither,
    the game's smallest table.

    Raises:
        ConfigError: an unknown option, a value of the wrong kind, players given twice
            differently, or a config the game refuses; the message lists every option
            and what it accepts.

    """
    g = resolve_game(game)
    known = {option.name: option for option in config_options(g)}
    kwargs: dict[str, Any] = {}
    for name, value in values.items():
        option = known.get(name)
        if option is None:
            raise ConfigError(
                f"unknown {g.title} option {quote(name)}; the options are: {describe_options(g)}"
            )
        try:
            kwargs[name] = option.read(value)
        except ConfigError as exc:
            raise ConfigError(f"{exc}; the options are: {describe_options(g)}") from None
    if "players" in kwargs and players is not None and kwargs["players"] != players:
        raise ConfigError(
            f"players is {quote(kwargs['players'])} in the options but {quote(players)} "
            "as the number of players"
        )
    kwargs.setdefault("players", g.min_players if players is None else players)
    try:
        return g.Config(**kwargs)
    except NumrulesError as exc:
        raise ConfigError(f"{exc}; the options are: {describe_options(g)}") from None


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """Read `name=value` strings (as `--option` gives them) into a dict, later ones winning.

    Raises:
        ConfigError: a string without `=` or with an empty name.

    """
    values = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise ConfigError(f"an option is name=value, got {quote(pair)}")
        values[name.strip()] = value.strip()
    return values
