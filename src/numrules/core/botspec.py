"""Bot specs: a bot and its options as data (`BotSpec`), and the options a bot declares.

A spec names a bot and gives its options, in a notation that reads back::

    heuristic
    random?decline=0.2
    ismcts?iterations=100&rollout=(ismcts?iterations=20&rollout=heuristic)

A name is a registered bot name (`heuristic`), an import path `package.module:Factory`
(a module installed, or in the current folder), or a bot file `path/to/mybot.py:Factory`;
the last two are code, which only a trusted caller loads (see `numrules.core.bots`).
Options follow a `?` as `key=value` pairs joined by `&`. A value is an int
(`-?[0-9]{1,18}`), a float in decimal or exponent form (finite, at most 32 characters),
a nested bot in parentheses, or else a string; a bot value without options may be given
bare (`rollout=heuristic`, a string here, which `numrules.core.bots.check_bot` turns into
a bot). Reading is bounded: at most `MAX_LENGTH` characters of printable ASCII without
spaces, bots nested at most `MAX_DEPTH` deep. Every refusal is a `ConfigError`.

`BotOption` declares one option of a bot factory (its kind, bounds, default): a factory
lists them in a class attribute `OPTIONS` (see `bot_options`), and checks its keyword
arguments with them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Literal, NoReturn, TypeAlias

import attrs

from numrules.core.errors import ConfigError
from numrules.core.validation import quote

MAX_LENGTH = 1000
"""The longest spec text, in characters."""
MAX_DEPTH = 4
"""How deep bots nest in a spec: `a?x=(b?y=(c))` nests 2 deep."""
MAX_FLOAT_LENGTH = 32
"""The longest float text, in characters."""

OptionValue: TypeAlias = "int | float | str | BotSpec"
"""The value of a bot option: an int, a float, a string or a nested bot."""

OptionKind: TypeAlias = Literal["int", "float", "choice", "bot"]
"""What a declared option holds: an int, a number, one of fixed strings, or a bot."""

_RESERVED = frozenset("&=?(),")  # characters that a name or string value never holds
_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*")
_IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*"
_IMPORT_PATH = re.compile(rf"{_IDENTIFIER}(?:\.{_IDENTIFIER})*:{_IDENTIFIER}")
_FILE_PATH = re.compile(rf"[^&=?(),\s]+\.py:{_IDENTIFIER}")
_KEY = re.compile(_IDENTIFIER)
_INT = re.compile(r"-?[0-9]{1,18}")
_FLOAT = re.compile(
    r"-?(?:(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?|[0-9]+[eE][-+]?[0-9]{1,3})"
)
_NUMBER_LIKE = re.compile(r"[-+]?\.?[0-9]")
_NOT_FINITE = frozenset({"nan", "inf", "infinity"})
_INT_LIMIT = 10**18  # every int of the notation is below this in absolute value


def _check_name(_: object, __: object, name: str) -> None:
    if not isinstance(name, str):
        raise ConfigError(f"a bot name is a string, got {quote(name)}")
    if not (_NAME.fullmatch(name) or _IMPORT_PATH.fullmatch(name) or _FILE_PATH.fullmatch(name)):
        raise ConfigError(
            f"{quote(name)} is not a bot name: a registered name (letters, digits, _ . -), "
            "an import path package.module:Factory or a bot file path/to/mybot.py:Factory"
        )


def _check_options(_: object, __: object, options: tuple[tuple[str, OptionValue], ...]) -> None:
    if not isinstance(options, tuple):
        raise ConfigError(f"bot options are a tuple of (key, value) pairs, got {quote(options)}")
    seen: set[str] = set()
    for pair in options:
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise ConfigError(f"a bot option is a (key, value) pair, got {quote(pair)}")
        key, value = pair
        if not isinstance(key, str) or not _KEY.fullmatch(key):
            raise ConfigError(f"an option key is a name (letters, digits, _), got {quote(key)}")
        if key in seen:
            raise ConfigError(f"option {key} is given twice")
        seen.add(key)
        _check_value(key, value)


def _check_value(key: str, value: object) -> None:
    # A value that the notation writes and reads back as itself.
    if type(value) is int:
        if abs(value) >= _INT_LIMIT:
            raise ConfigError(f"{key}: an int has at most 18 digits, got {quote(value)}")
    elif type(value) is float:
        if not math.isfinite(value):
            raise ConfigError(f"{key}: a number must be finite, got {value!r}")
    elif type(value) is str:
        if read_value(key, value) != value:
            raise ConfigError(f"{key}: the string {quote(value)} would read back as a number")
    elif not isinstance(value, BotSpec):
        raise ConfigError(
            f"{key}: an option value is an int, a float, a string or a BotSpec, got {quote(value)}"
        )


def read_value(key: str, text: str) -> int | float | str:
    """The value that the text of an option (not in parentheses) stands for.

    Args:
        key: the option, for messages.
        text: the value as written: `"200"` is an int, `"0.5"` a float, `"heuristic"` a
            string.

    Raises:
        ConfigError: an empty value, a number out of the notation's bounds or not finite
            (`1e999`, `nan`, 5000 digits), or a reserved character (`& = ? ( ) ,`).

    """
    if not text:
        raise ConfigError(f"option {key} has no value")
    if _INT.fullmatch(text):
        return int(text)
    if len(text) <= MAX_FLOAT_LENGTH and _FLOAT.fullmatch(text):
        number = float(text)
        if math.isfinite(number):
            return number
    if _NUMBER_LIKE.match(text) or text.lower().lstrip("+-") in _NOT_FINITE:
        raise ConfigError(
            f"option {key}: {quote(text)} is not a number of this notation (an int of at "
            f"most 18 digits, or a finite float of at most {MAX_FLOAT_LENGTH} characters)"
        )
    if "?" in text:
        raise ConfigError(
            f"option {key}: a bot with options goes in parentheses, as {key}=({text})"
        )
    reserved = next((c for c in text if c in _RESERVED or not " " < c <= "~"), None)
    if reserved is not None:
        raise ConfigError(f"option {key}: a value never holds {reserved!r}")
    return text


def _write(value: OptionValue) -> str:
    if isinstance(value, BotSpec):
        return f"({value})"
    if isinstance(value, float):
        return repr(value)
    return str(value)


@attrs.frozen(slots=True)
class BotSpec:
    """A bot by name with its options: data that names a bot, never code that runs.

    `str(spec)` writes it in the spec notation (see the module docstring) and
    `BotSpec.parse` reads it back: `BotSpec.parse(str(spec)) == spec`. A nested bot is
    written in parentheses, with or without options: `ismcts?rollout=(heuristic)`.

    Raises:
        ConfigError: a name that is not a registered name, an import path or a bot file, a key
            that is not a name or is given twice, a value the notation cannot write, or a
            spec nested deeper than `MAX_DEPTH` or longer than `MAX_LENGTH` written out.

    """

    name: str = attrs.field(validator=_check_name)
    """A registered bot name (`"heuristic"`), an import path `"package.module:Factory"` or a
    bot file `"path/to/mybot.py:Factory"`."""
    options: tuple[tuple[str, OptionValue], ...] = attrs.field(default=(), validator=_check_options)
    """The options as (key, value) pairs, in order."""

    def __attrs_post_init__(self) -> None:
        if self.depth > MAX_DEPTH:
            raise ConfigError(f"bot {self.name}: bots nest at most {MAX_DEPTH} deep")
        length = len(str(self))
        if length > MAX_LENGTH:
            raise ConfigError(
                f"bot {self.name}: a spec has at most {MAX_LENGTH} characters, this one {length}"
            )

    def __str__(self) -> str:
        if not self.options:
            return self.name
        return f"{self.name}?" + "&".join(f"{k}={_write(v)}" for k, v in self.options)

    @classmethod
    def of(cls, name: str, /, **options: OptionValue) -> BotSpec:
        """The spec of bot `name` with these options: `BotSpec.of("random", decline=0.2)`."""
        return cls(name, tuple(options.items()))

    @classmethod
    def parse(cls, text: object) -> BotSpec:
        """Read a spec written in the notation (`"ismcts?iterations=200"`).

        Raises:
            ConfigError: not a string, too long, not printable ASCII without spaces,
                nested too deep, or not in the notation; the message names the spec and
                the reason.

        """
        return parse_bot(text)

    @property
    def is_import_path(self) -> bool:
        """Whether the name is code to load: an import path or a bot file (`is_file`)."""
        return ":" in self.name

    @property
    def is_file(self) -> bool:
        """Whether the name is a bot file `path/to/mybot.py:Factory` (an import path too)."""
        return self.name.rpartition(":")[0].endswith(".py")

    @property
    def depth(self) -> int:
        """How deep bots nest in it: 0 without a nested bot."""
        return max((1 + v.depth for _, v in self.options if isinstance(v, BotSpec)), default=0)

    def keywords(self) -> dict[str, OptionValue]:
        """The options as a dict, to pass as keyword arguments to the bot's factory."""
        return dict(self.options)

    def bots(self) -> Iterable[BotSpec]:
        """Every bot of the spec: itself, then each nested bot, outermost first."""
        yield self
        for _, value in self.options:
            if isinstance(value, BotSpec):
                yield from value.bots()


def parse_bot(text: object) -> BotSpec:
    """Read a bot spec written in the notation (see `BotSpec`).

    `"ismcts?iterations=100&rollout=(ismcts?iterations=20&rollout=heuristic)"` reads as
    `BotSpec("ismcts", (("iterations", 100), ("rollout", BotSpec("ismcts", (...)))))`. A
    bare value stays a string (`rollout=heuristic`); `check_bot` types it by the options
    the bot declares. The reading is bounded whatever the text (see `MAX_LENGTH`,
    `MAX_DEPTH`).

    Raises:
        ConfigError: the text is not a spec; the message names it and says why.

    """
    if not isinstance(text, str):
        raise ConfigError(f"a bot name is a string, got {quote(text)}")
    if len(text) > MAX_LENGTH:
        raise ConfigError(
            f"bot {quote(text)}: a spec has at most {MAX_LENGTH} characters, got {len(text)}"
        )
    odd = next((c for c in text if not " " < c <= "~"), None)
    if odd is not None:
        raise ConfigError(
            f"bot {quote(text)}: a spec is printable ASCII without spaces, found {odd!r}"
        )
    reader = _Reader(text)
    try:
        spec = reader.spec(0)
        if reader.pos < len(text):
            raise ConfigError(f"unexpected {text[reader.pos]!r} at character {reader.pos + 1}")
    except ConfigError as exc:
        raise ConfigError(f"bot {quote(text)}: {exc}") from None
    return spec


class _Reader:
    # A cursor over a spec text (already bounded in length and characters).
    __slots__ = ("pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def take(self, stops: str) -> str:
        # The text from here up to the first of `stops` (or the end).
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in stops:
            self.pos += 1
        return self.text[start : self.pos]

    def spec(self, depth: int) -> BotSpec:
        name = self.take("?&()=")
        if not name:
            raise ConfigError(f"a bot name is missing at character {self.pos + 1}")
        options: list[tuple[str, OptionValue]] = []
        if self.peek() == "?":
            self.pos += 1
            options.append(self.option(depth))
            while self.peek() == "&":
                self.pos += 1
                options.append(self.option(depth))
        return BotSpec(name, tuple(options))

    def option(self, depth: int) -> tuple[str, OptionValue]:
        key = self.take("=&()?")
        if self.peek() != "=" or not _KEY.fullmatch(key):
            raise ConfigError(
                f"an option is key=value with a name as key, got {quote(key)} "
                f"at character {self.pos + 1}"
            )
        self.pos += 1
        if self.peek() != "(":
            return key, read_value(key, self.take("&()"))
        if depth >= MAX_DEPTH:
            raise ConfigError(f"bots nest at most {MAX_DEPTH} deep")
        self.pos += 1
        value = self.spec(depth + 1)
        if self.peek() != ")":
            raise ConfigError(f"option {key}: '(' without its ')'")
        self.pos += 1
        return key, value


@attrs.frozen(slots=True)
class BotOption:
    """One option that a bot factory declares: its kind, bounds, default and meaning.

    A factory lists its options in a class attribute `OPTIONS` (built by `bot_options`);
    `check_bot` then types and checks a spec's values by them, and the factory checks
    its keyword arguments with the same methods (`integer`, `number`, `choice`, `bot`).
    """

    name: str
    """The keyword argument."""
    kind: OptionKind
    """`"int"`, `"float"` (any int or float, taken as a float), `"choice"` (one of
    `choices`) or `"bot"` (a nested bot: a `BotSpec`, or a name or spec text)."""
    doc: str
    """What it does, in one line."""
    default: int | float | str | None = None
    """The value when it is not given (None: none, the bot decides)."""
    low: float | None = None
    """The smallest value of a number (None: no bound)."""
    high: float | None = None
    """The largest value of a number (None: no bound)."""
    strict: bool = False
    """Whether `low` itself is excluded (a positive number: low 0, strict)."""
    choices: tuple[str, ...] = ()
    """The values of a choice."""

    def describe(self) -> str:
        """What a value must be, as in "a positive int" or "'tree' or 'flat'"."""
        if self.kind == "choice":
            names = [repr(c) for c in self.choices]
            if len(names) == 2:
                return " or ".join(names)
            return "one of " + ", ".join(names)
        if self.kind == "bot":
            return "a bot (a name, or a spec in parentheses)"
        what = "int" if self.kind == "int" else "number"
        low, high = self.low, self.high
        if low is not None and high is not None:
            return f"{'an' if what == 'int' else 'a'} {what} in {low:g}..{high:g}"
        if low == 0 and self.strict:
            return f"a positive {what}"
        if low == 1 and what == "int":
            return "a positive int"
        if low is not None:
            return f"{'an' if what == 'int' else 'a'} {what} {'>' if self.strict else '>='} {low:g}"
        if high is not None:
            return f"{'an' if what == 'int' else 'a'} {what} <= {high:g}"
        return f"{'an' if what == 'int' else 'a'} {what}"

    def check(self, value: object) -> OptionValue:
        """`value` typed as this option's kind, or ConfigError (see `describe`)."""
        if self.kind == "int":
            return self.integer(value)
        if self.kind == "float":
            return self.number(value)
        if self.kind == "choice":
            return self.choice(value)
        return self.bot(value)

    def integer(self, value: object) -> int:
        """`value` if it is an int (not a bool) within the bounds."""
        if type(value) is not int or not self._within(value):
            self._refuse(value)
        return value

    def number(self, value: object) -> float:
        """`value` as a float if it is an int or a finite float within the bounds."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            self._refuse(value)
        if not self._within(value):
            self._refuse(value)
        return float(value)

    def choice(self, value: object) -> str:
        """`value` if it is one of the choices."""
        if not isinstance(value, str) or value not in self.choices:
            self._refuse(value)
        return value

    def bot(self, value: object) -> BotSpec:
        """`value` as a `BotSpec`: a spec as is, a name or spec text parsed."""
        if isinstance(value, BotSpec):
            return value
        if not isinstance(value, str):
            self._refuse(value)
        return parse_bot(value)

    def _within(self, value: float) -> bool:
        if isinstance(value, float) and not math.isfinite(value):
            return False
        if self.low is not None and (value < self.low or (self.strict and value == self.low)):
            return False
        return self.high is None or value <= self.high

    def _refuse(self, value: object) -> NoReturn:
        raise ConfigError(f"{self.name} must be {self.describe()}, got {quote(value)}")


def bot_options(*options: BotOption) -> Mapping[str, BotOption]:
    """A factory's `OPTIONS`: the options by name, read-only."""
    return MappingProxyType({option.name: option for option in options})
