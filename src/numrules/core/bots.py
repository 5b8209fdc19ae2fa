"""Bots: `RandomBot`, `FirstBot`, the generic bots by name, and building a bot from its spec.

A bot (the `Bot` protocol of `numrules.core.bot`) sees only what `observe` gives its
seat, plus that seat's legal actions, and returns one of those actions. When the match
driver offers an *optional* decision (an out-of-turn action such as a Num Bounce
interrupt, which the seat may simply let pass), the bot may return None to decline.

A bot is named by a spec (`numrules.core.botspec`): `check_bot` checks one against the
bots of a game and the options each declares, `bot_work` tells what a decision costs,
and `make_bot` builds it. Names are looked up, never imported, unless a trusted caller
(the command line, whose bots are named by the person running it) allows code
(`imports=True`): an import path `package.module:Factory`, whose module is an installed
one or else one in the current folder (`mybot:Bot` finds `./mybot.py`), or a bot file
`path/to/mybot.py:Factory`. A bot inside another bot's options is never code, and a
server never allows any.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import math
import os
import random
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib.machinery import PathFinder
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from numrules.core.bot import Bot as Bot  # noqa: PLC0414 (re-exported)
from numrules.core.botspec import BotOption, BotSpec, OptionValue, bot_options, parse_bot
from numrules.core.errors import ConfigError
from numrules.core.validation import quote

if TYPE_CHECKING:
    from numrules.core.game import AnyGame


class RandomBot:
    """Picks uniformly among the legal actions; reproducible from its seed.

    When a decision is optional, it first declines with probability `decline`
    (default 0.5), then picks uniformly among the actions.
    """

    needs_observation = False
    """It never reads its observation, so `play_match` passes None instead of one."""

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options(
        BotOption(
            "decline",
            "float",
            "the chance of letting an optional decision pass",
            default=0.5,
            low=0,
            high=1,
        ),
    )
    """The options of a `random` spec (`random?decline=0.2`)."""

    def __init__(self, seed: int = 0, decline: float = 0.5) -> None:
        self.seed = seed
        self.decline = self.OPTIONS["decline"].number(decline)
        self._rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed!r}, decline={self.decline!r})"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Decline an optional decision with probability `decline`, else a uniform pick."""
        if optional and self._rng.random() < self.decline:
            return None
        return actions[self._rng.randrange(len(actions))]


class FirstBot:
    """Always plays the first legal action and never declines: a deterministic baseline."""

    needs_observation = False
    """It never reads its observation, so `play_match` passes None instead of one."""

    OPTIONS: ClassVar[Mapping[str, BotOption]] = bot_options()
    """It takes no options."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def __repr__(self) -> str:
        return "FirstBot()"

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        """Return `actions[0]`."""
        return actions[0]


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "first": FirstBot}
"""Bots by name, each built from a seed and optional keyword options (see `make_bot`);
`numrules.core` adds `"ismcts"`, `numrules.core.ismcts.ISMCTSBot` (which builds its
rollout bots with this module, so this module cannot import it)."""


SAMPLING_BOTS = frozenset({"ismcts"})
"""The generic bots that search over states drawn with `Game.sample_state`: they serve
only the games that offer it."""


def _serves(name: str, game: AnyGame | None) -> bool:
    # Whether the generic bot `name` can play `game` (any game when none is given).
    return game is None or name not in SAMPLING_BOTS or game.sample_state is not None


def bot_names(game: AnyGame | None = None) -> tuple[str, ...]:
    """The bot names `make_bot` knows for `game`: its own bots, then the generic ones.

    A generic bot of `SAMPLING_BOTS` is left out for a game without `sample_state`.
    """
    own = tuple(game.bots) if game is not None else ()
    return (*own, *(name for name in BOTS if name not in own and _serves(name, game)))


def declared_options(factory: object) -> Mapping[str, BotOption] | None:
    """The options a bot factory declares (its `OPTIONS`), or None if it declares none.

    A factory that declares its options takes those and no others in a closed check
    (`check_bot(..., closed=True)`); one that declares nothing takes any options unless
    the check is closed, where it takes none.
    """
    options = getattr(factory, "OPTIONS", None)
    return options if isinstance(options, Mapping) else None


@attrs.frozen(slots=True)
class _Rules:
    # What a check allows, and the whole spec for its messages.
    text: str
    game: AnyGame | None
    imports: bool
    closed: bool
    max_number: float | None
    max_work: float | None


@attrs.frozen(slots=True)
class _Checked:
    spec: BotSpec
    work: float
    factory: Callable[..., Any] | None


def check_bot(
    spec: str | BotSpec,
    game: AnyGame | None = None,
    *,
    imports: bool = False,
    closed: bool = False,
    max_number: float | None = None,
    max_work: float | None = None,
) -> BotSpec:
    """Check a bot spec for `game` and return it with typed values; nothing is imported.

    The name must be one of `bot_names(game)` (a game's own bot wins over a generic one
    of the same name), or, with `imports`, an import path `package.module:Factory` or a
    bot file `path/to/mybot.py:Factory`. A bot inside another bot's options is never an
    import path nor a file, whatever `imports` says.
    The options a bot declares (`declared_options`) are typed and checked: an int
    option gets an int, a float option a float, a choice one of its values, and a bot
    option a `BotSpec` (a bare name such as `rollout=heuristic` too), itself checked the
    same way. In an open check (the default) an option the bot does not declare reaches
    its factory unchanged, which refuses what it does not take. Without a game, a nested
    bot that is not generic (`rollout=heuristic`) is left for the bot to check once it
    knows its game, unless the check is closed.

    A server calls it with `closed=True, max_number=2000, max_work=2000`.

    Args:
        spec: the spec, as text (`"ismcts?iterations=200&rollout=heuristic"`) or a
            `BotSpec`.
        game: the game whose bots the names are looked up in (None: the generic bots).
        imports: allow an import path or a bot file as the spec's own name (trusted
            callers only).
        closed: every option must be declared (a factory that declares none takes none).
        max_number: the largest absolute value of every number, at every depth.
        max_work: the most work (see `bot_work`) a decision may cost; a bot whose work is
            unbounded (an ISMCTS search on a time budget alone) counts as this much.

    Raises:
        ConfigError: the spec cannot be read or is refused; the message names the spec
            and the reason.

    """
    parsed = _as_spec(spec)
    for name, bound in (("max_number", max_number), ("max_work", max_work)):
        if bound is not None and (not isinstance(bound, int | float) or not bound >= 0):
            raise ConfigError(f"{name} must be a number >= 0 or None, got {quote(bound)}")
    rules = _Rules(_text(spec), game, imports, closed, max_number, max_work)
    return _check(parsed, rules, "").spec


def bot_work(spec: str | BotSpec, game: AnyGame | None = None) -> float:
    """How much one decision of the bot costs, in decisions of a plain bot.

    A bot's own work comes from its options: ISMCTS counts its iterations (500 when
    neither `iterations` nor `seconds` is given, and `math.inf` on a time budget alone),
    Num Stop's search its samples, Stack Attack's heuristic bot its samples over its
    default 16 (at least 1), every other bot 1. A spec's work is its own work times the
    largest work among its nested bots: `ismcts?iterations=2000&rollout=(ismcts?
    iterations=2000)` costs 4,000,000.

    Args:
        spec: the spec, as text or a `BotSpec` (an import path or a file counts as work 1).
        game: the game whose bots the names are looked up in.

    Raises:
        ConfigError: the spec is refused, as by `check_bot(spec, game, imports=True)`.

    """
    rules = _Rules(_text(spec), game, True, False, None, None)
    return _check(_as_spec(spec), rules, "").work


def bot_builder(
    spec: str | BotSpec, game: AnyGame | None = None, *, imports: bool = False
) -> Callable[[int], Bot]:
    """Check a spec once and return a function that builds the bot from a seed.

    `make_bot(spec, seed, game, imports=...)` is `bot_builder(spec, game, imports=...)
    (seed)`; a search that builds many bots of one spec checks it only once.

    Raises:
        ConfigError: as `make_bot`.

    """
    parsed = _as_spec(spec)
    rules = _Rules(_text(spec), game, imports, False, None, None)
    checked = _check(parsed, rules, "")  # the whole spec, before importing anything
    if checked.factory is None:
        checked = _check(parsed, rules, "", _imported(parsed.name))
    factory, options = checked.factory, checked.spec.keywords()
    assert factory is not None

    def build(seed: int) -> Bot:
        try:
            bot = factory(seed, **options)
        except TypeError as exc:
            if not options:
                raise
            raise ConfigError(f"bot {quote(rules.text)}: bad options ({exc})") from None
        if not callable(getattr(bot, "act", None)):
            raise ConfigError(
                f"bot {quote(rules.text)} built {quote(bot)}, which has no act method"
            )
        return bot  # type: ignore[no-any-return]

    return build


def make_bot(
    spec: str | BotSpec, seed: int, game: AnyGame | None = None, *, imports: bool = False
) -> Bot:
    """Build the bot that `spec` names for `game`, seeded with `seed`.

    The spec is a bot name, with options after a `?` (see `numrules.core.botspec`):
    `"ismcts?iterations=200&rollout=heuristic"` builds `ISMCTSBot(seed, iterations=200,
    rollout=BotSpec("heuristic"))`. It is checked first (`check_bot`), so the options
    reach the factory typed as it declares them. An import path `"package.module:
    Factory"` (a class or function that takes the seed and the options as keywords) is
    imported only with `imports=True`, for a trusted caller whose bot names come from
    the person running it (the command line); a server never allows one. The module is
    imported as usual, or, when no installed module has its name, from the current
    folder (`mybot:Bot` is `./mybot.py`, `mybots.fast:Bot` is `./mybots/fast.py`). A bot
    file `"path/to/mybot.py:Factory"` (relative to the current folder, or absolute) is
    loaded once per process, as a module of its own, with the same permission.

    Raises:
        ConfigError: no such bot, an import path or a file without `imports` (or one that
            cannot be loaded, or fails as it loads), options the factory does not take or
            refuses, or a factory that does not return an object with an `act` method.

    """
    return bot_builder(spec, game, imports=imports)(seed)


def check_nested_bot(spec: str | BotSpec, game: AnyGame | None = None) -> BotSpec:
    """Check a bot given as an option of another bot (a search's rollout bot).

    It is never an import path nor a file; without a game, a name that is not generic is left
    for the bot to check once it knows its game.

    Raises:
        ConfigError: the spec is refused.

    """
    rules = _Rules(_text(spec), game, False, False, None, None)
    return _check(_as_spec(spec), rules, "the bot").spec


def parse_bot_spec(spec: str) -> tuple[str, dict[str, OptionValue]]:
    """Split a bot spec such as `"ismcts?iterations=200"` into its name and options.

    Raises:
        ConfigError: the text is not a spec (see `parse_bot`).

    """
    parsed = parse_bot(spec)
    return parsed.name, parsed.keywords()


def _as_spec(spec: object) -> BotSpec:
    return spec if isinstance(spec, BotSpec) else parse_bot(spec)


def _text(spec: object) -> str:
    return spec if isinstance(spec, str) else str(spec)


def _refuse(rules: _Rules, reason: str) -> ConfigError:
    return ConfigError(f"bot {quote(rules.text)}: {reason}")


def _named(rules: _Rules, spec: BotSpec, reason: str) -> ConfigError:
    # A refusal of the whole spec that is a bare name: the reason names it already.
    return ConfigError(reason) if rules.text == spec.name else _refuse(rules, reason)


def _check(
    spec: BotSpec, rules: _Rules, where: str, factory: Callable[..., Any] | None = None
) -> _Checked:
    # `where` is "" for the spec itself, else what holds it ("rollout of the bot").
    if factory is None:
        factory = _lookup(spec, rules, where)
    declared = declared_options(factory) if factory is not None else None
    options: list[tuple[str, OptionValue]] = []
    inner = 1.0
    for key, raw in spec.options:
        value = _option(spec, key, raw, declared, rules)
        if isinstance(value, BotSpec):
            nested = _check(value, rules, f"{key} of {where or spec.name}")
            value, inner = nested.spec, max(inner, nested.work)
        options.append((key, value))
    try:
        checked = BotSpec(spec.name, tuple(options))
    except ConfigError as exc:
        raise _refuse(rules, str(exc)) from None
    own = _own_work(factory, checked)
    if rules.max_work is None:
        return _Checked(checked, own * inner, factory)
    work = min(own, rules.max_work) * inner
    if work > rules.max_work:
        alone = f"{own:g}" if math.isfinite(own) else "unbounded: a time budget alone"
        raise _refuse(
            rules,
            f"a decision costs {work:,.0f} plain-bot decisions ({spec.name} {alone}, times "
            f"{inner:g} for its nested bot), at most {rules.max_work:,.0f} here",
        )
    return _Checked(checked, work, factory)


def _lookup(spec: BotSpec, rules: _Rules, where: str) -> Callable[..., Any] | None:
    # The factory of a registered name; None for an import path (when allowed) and for a
    # nested bot left to its holder (no game to look it up in).
    if spec.is_import_path:
        what = "a bot file" if spec.is_file else "an import path"
        if where:
            raise _refuse(
                rules,
                f"{where} is {quote(spec.name)}, {what}: a bot inside another bot's "
                "options is never one",
            )
        if not rules.imports:
            raise _named(
                rules,
                spec,
                f"{quote(spec.name)} is {what}: import paths are for trusted callers only, "
                "and so are bot files (make_bot(..., imports=True), as the command line does)",
            )
        return None
    game = rules.game
    factory = game.bots.get(spec.name) if game is not None else None
    if factory is None:
        factory = BOTS.get(spec.name)
        if factory is not None and game is not None and not _serves(spec.name, game):
            reason = (
                f"{quote(spec.name)} needs sample_state, which {game.title} does not offer; "
                f"known bots: {', '.join(bot_names(game))}"
            )
            if where:
                raise _refuse(rules, f"{where}: {reason}")
            raise _named(rules, spec, reason)
    if factory is None and where and game is None and not rules.closed:
        return None
    if factory is None:
        title = f" for {game.title}" if game is not None else ""
        known = ", ".join(bot_names(game))
        reason = f"unknown bot {quote(spec.name)}{title}; known bots: {known}"
        if where:
            raise _refuse(rules, f"{where}: {reason}")
        reason += (
            ", or an import path such as mypackage.mybots:MyBot, or a bot file such as "
            "path/to/mybot.py:MyBot"
        )
        raise _named(rules, spec, reason)
    return factory


def _option(
    spec: BotSpec,
    key: str,
    value: OptionValue,
    declared: Mapping[str, BotOption] | None,
    rules: _Rules,
) -> OptionValue:
    # The value typed by the factory's declaration, within the check's bounds.
    top = rules.max_number
    if top is not None and isinstance(value, int | float) and not abs(value) <= top:
        raise _refuse(rules, f"{spec.name}: {key} is at most {top:g} here (either sign)")
    option = declared.get(key) if declared is not None else None
    if option is None:
        if not rules.closed:
            return value
        takes = ", ".join(declared) if declared else "none"
        raise _refuse(rules, f"{spec.name} has no option {key!r} here (its options: {takes})")
    try:
        return option.check(value)
    except ConfigError as exc:
        raise _refuse(rules, f"{spec.name}: {exc}") from None


def _own_work(factory: Callable[..., Any] | None, spec: BotSpec) -> float:
    # The work of one decision of the bot alone, from its factory's `work` (default 1).
    work = getattr(factory, "work", None) if declared_options(factory) is not None else None
    if not callable(work):
        return 1.0
    return max(1.0, float(work(spec.keywords())))


def _imported(path: str) -> Callable[..., Any]:
    # "package.module:Name" or "path/to/mybot.py:Name" -> the object it names (a class
    # or function taking a seed).
    location, _, attribute = path.rpartition(":")
    module = _file_module(location) if location.endswith(".py") else _module(location)
    factory = getattr(module, attribute, None)
    if not callable(factory):
        raise ConfigError(f"{quote(path)}: module {location} has no callable {attribute!r}")
    return factory  # type: ignore[no-any-return]


def _module(name: str) -> ModuleType:
    # An installed module, or else one of the current folder (as `python -m` would find).
    top = name.partition(".")[0]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        folder = os.getcwd()
        spec = PathFinder.find_spec(top, [folder]) if exc.name == top else None
        if spec is None:
            where = f" (nor in the current folder {folder})" if exc.name == top else ""
            raise ConfigError(f"cannot import bot module {quote(name)}: {exc}{where}") from None
    except ImportError as exc:
        raise ConfigError(f"cannot import bot module {quote(name)}: {exc}") from None
    except Exception as exc:  # the module's own code failed: say where, keep the cause
        raise ConfigError(f"bot module {quote(name)} failed as it loaded: {_failure(exc)}") from exc
    _execute(spec, top, f"bot module {quote(top)}")
    try:
        return importlib.import_module(name)
    except Exception as exc:
        raise ConfigError(f"cannot import bot module {quote(name)}: {_failure(exc)}") from exc


def _file_module(location: str) -> ModuleType:
    # The module of a bot file, loaded once per process under a name of its own (so that
    # a file named random.py never stands for the standard module).
    path = Path(location).expanduser().resolve()
    if not path.is_file():
        raise ConfigError(f"bot file {quote(location)} not found (from {os.getcwd()})")
    stem = re.sub(r"\W", "_", path.stem)
    digest = hashlib.sha256(str(path).encode()).hexdigest()[:12]
    name = f"_numrules_bot_file_{stem}_{digest}"
    loaded = sys.modules.get(name)
    if loaded is not None:
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None:
        raise ConfigError(f"bot file {quote(location)} cannot be loaded as Python")
    return _execute(spec, name, f"bot file {quote(location)}")


def _execute(spec: Any, name: str, what: str) -> ModuleType:
    # Run a module found by `spec` as sys.modules[name]; nothing is left behind if it fails.
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise ConfigError(f"{what} failed as it loaded: {_failure(exc)}") from exc
    return module


def _failure(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"
