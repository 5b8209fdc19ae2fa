"""Bot specs: the notation, declared options, closed checks, work and import paths."""

from __future__ import annotations

import inspect
import math
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import numrules
from numrules import (
    BotOption,
    BotSpec,
    ConfigError,
    ISMCTSBot,
    RandomBot,
    bot_work,
    check_bot,
    make_bot,
    parse_bot,
)
from numrules.core.bots import BOTS, bot_names, declared_options, parse_bot_spec
from numrules.core.botspec import MAX_DEPTH
from numrules.numstop.strategy.search_bot import SearchBot

ROOT = Path(__file__).resolve().parents[2]
SERVER = {"closed": True, "imports": False, "max_number": 2000, "max_work": 2000}
CANARY = "tests.core.never_imported"


def server_check(spec: str | BotSpec, game: str = "stackattack") -> BotSpec:
    return check_bot(spec, numrules.get_game(game), **SERVER)  # type: ignore[arg-type]


# --- the notation ------------------------------------------------------------------------

IMPORT_PATH = r"[a-z_][a-z0-9_]{0,6}(\.[a-z_][a-z0-9_]{0,6}){0,2}:[A-Z][a-z]{0,6}"
names = st.one_of(
    st.sampled_from(["random", "first", "ismcts", "heuristic", "search", "my-bot.v2"]),
    st.from_regex(IMPORT_PATH, fullmatch=True),
)
keys = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)
strings = st.from_regex(r"[A-Za-z_][A-Za-z0-9_.:+-]{0,10}", fullmatch=True).filter(
    lambda text: text.lower() not in {"nan", "inf", "infinity"}
)
atoms = st.one_of(
    st.integers(-(10**18) + 1, 10**18 - 1),
    st.floats(allow_nan=False, allow_infinity=False),
    strings,
)


def spec_of(name: str, options: dict[str, Any]) -> BotSpec | None:
    # None when the spec breaks a bound (nested too deep, too long written out).
    try:
        return BotSpec(name, tuple(options.items()))
    except ConfigError:
        return None


def specs_over(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    built = st.builds(spec_of, names, st.dictionaries(keys, values, max_size=4))
    return built.filter(lambda spec: spec is not None)


specs: st.SearchStrategy[BotSpec] = specs_over(
    st.recursive(atoms, lambda inner: st.one_of(atoms, specs_over(inner)), max_leaves=12)
)


@settings(max_examples=300)
@given(specs)
def test_a_spec_reads_back_from_its_text(spec: BotSpec) -> None:
    text = str(spec)
    assert parse_bot(text) == spec
    assert BotSpec.parse(text) == spec
    assert str(parse_bot(text)) == text


def test_the_notation_nests_bots_in_parentheses() -> None:
    text = "ismcts?iterations=100&rollout=(ismcts?iterations=20&rollout=heuristic)"
    inner = BotSpec("ismcts", (("iterations", 20), ("rollout", "heuristic")))
    assert parse_bot(text) == BotSpec("ismcts", (("iterations", 100), ("rollout", inner)))
    assert str(parse_bot(text)) == text
    assert parse_bot("x?a=1&b=2.5&c=text&d=-3&e=1e-05") == BotSpec.of(
        "x", a=1, b=2.5, c="text", d=-3, e=1e-05
    )
    assert parse_bot("pkg.mod:Factory").is_import_path
    assert parse_bot_spec("x?a=1&b=2.5&c=text") == ("x", {"a": 1, "b": 2.5, "c": "text"})
    assert [s.name for s in parse_bot(text).bots()] == ["ismcts", "ismcts"]


def test_a_bot_with_options_in_a_bare_value_is_refused_with_the_parenthesised_form() -> None:
    with pytest.raises(ConfigError) as info:
        parse_bot("ismcts?rollout=ismcts?iterations=20")
    assert "rollout=(ismcts?iterations=20)" in str(info.value)
    assert "ismcts?rollout=ismcts?iterations=20" in str(info.value)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a bot name is missing"),
        ("random?", "an option is key=value"),
        ("random?decline", "an option is key=value"),
        ("random?9x=1", "an option is key=value"),
        ("random?decline=", "has no value"),
        ("random?a=1&a=2", "given twice"),
        ("ismcts?rollout=(heuristic", "without its ')'"),
        ("heuristic)", "unexpected ')'"),
        ("random?x=a=b", "never holds '='"),
        ("a b", "without spaces"),
        ("random?x=+5", "not a number"),
        ("random?x=12345678901234567890", "not a number"),
        ("random?x=3rd", "not a number"),
        ("bad:name:twice", "not a bot name"),
    ],
)
def test_malformed_specs_are_refused_naming_the_spec(text: str, reason: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(reason)) as info:
        parse_bot(text)
    if text:
        assert repr(text)[:40] in str(info.value)


# --- hostile text ------------------------------------------------------------------------

HOSTILE = {
    "nan": "random?decline=nan",
    "inf": "random?decline=inf",
    "-Infinity": "random?decline=-Infinity",
    "overflow": "random?decline=1e999",
    "long-float": "random?decline=0." + "1" * 40,
    "5000-digits": "ismcts?iterations=" + "9" * 5000,
    "900-digits": "ismcts?iterations=" + "9" * 900,
    "surrogate": "\ud800",
    "surrogate-value": "random?decline=\udfff",
    "non-ascii": "héuristic",
    "nul": "random\x00",
    "4000-parentheses": "(" * 4000 + ")" * 4000,
    "4000-nested": "a?x=(" * 4000 + "b" + ")" * 4000,
    "too-deep": "a?x=(" * (MAX_DEPTH + 1) + "b" + ")" * (MAX_DEPTH + 1),
    "150-nested": "a?x=(" * 150 + "b" + ")" * 150,
    "10000-chars": "random?decline=" + "1" * 10_000,
    "10000-name": "r" * 10_000,
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_specs_are_a_config_error_with_a_short_message(text: str) -> None:
    for refuse in (parse_bot, server_check, lambda t: make_bot(t, 0)):
        with pytest.raises(ConfigError) as info:
            refuse(text)
        assert len(str(info.value)) < 400


def test_non_strings_and_bad_values_are_a_config_error() -> None:
    for value in (7, None, b"random", ["random"]):
        with pytest.raises(ConfigError, match="a bot name is a string"):
            parse_bot(value)
    for options in (
        (("x", math.nan),),
        (("x", math.inf),),
        (("x", True),),
        (("x", 10**18),),
        (("x", "a&b"),),
        (("x", "12"),),
        (("x", "a b"),),
        (("x", ""),),
        (("x", None),),
        (("1x", 1),),
        (("x", 1), ("x", 2)),
        ("x",),
    ):
        with pytest.raises(ConfigError):
            BotSpec("random", options)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="not a bot name"):
        BotSpec("random?x=1")
    for huge in (10**400, -(10**400), math.inf, math.nan):
        with pytest.raises(ConfigError, match=r"decline must be a number in 0\.\.1"):
            RandomBot(decline=huge)
        with pytest.raises(ConfigError, match="seconds must be a positive number"):
            ISMCTSBot(seconds=-huge if huge == 10**400 else huge)
    deep = BotSpec("b")
    for _ in range(MAX_DEPTH):
        deep = BotSpec("a", (("x", deep),))
    with pytest.raises(ConfigError, match="nest at most"):
        BotSpec("a", (("x", deep),))


bracket_text = st.text(alphabet="ab?&=()._:-+e019 \ud800é", max_size=60)


@settings(max_examples=300)
@given(st.one_of(st.text(st.characters(blacklist_categories=())), bracket_text))
def test_any_text_is_a_spec_or_a_config_error(text: str) -> None:
    for check in (parse_bot, server_check, check_bot):
        try:
            result = check(text)
        except ConfigError:
            continue
        assert isinstance(result, BotSpec)


# --- specs that work today ---------------------------------------------------------------

OLD_SPECS = [
    "random",
    "first",
    "heuristic",
    "random?decline=0.2",
    "ismcts?iterations=200&rollout=heuristic",
    "ismcts?iterations=10&rollout_actions=40",
    "ismcts?iterations=30&exploration=1.5",
    "ismcts?search=flat&reward=margin&confidence=1.5",
    "ismcts?iterations=100&rollout=heuristic&opponents=rollout&bias=1",
    "ismcts?iterations=180&rollout=heuristic&search=flat&reward=margin",
    "ismcts?iterations=50&rollout=heuristic&opponents=rollout&rollout_actions=40",
    "ismcts?seconds=0.5",
]
"""Specs of the generic bots (and of each game's `heuristic`) that worked before the
declared options; a game's own bots' specs are checked in its tests (Num Stop's search)."""


def old_specs() -> Iterator[tuple[str, str]]:
    # Every spec for every game, but those naming `heuristic` for a game without one.
    for game in numrules.all_games():
        for text in OLD_SPECS:
            if "heuristic" not in text or "heuristic" in bot_names(game):
                yield game.name, text


@pytest.mark.parametrize(("game", "text"), list(old_specs()))
def test_the_specs_that_worked_before_still_build(game: str, text: str) -> None:
    g = numrules.get_game(game)
    bot = make_bot(text, 3, g)
    assert callable(bot.act)
    base, options = parse_bot_spec(text)
    assert (base, options) == (parse_bot(text).name, parse_bot(text).keywords())
    checked = server_check(text, game)
    assert str(parse_bot(str(checked))) == str(checked)


def documented_specs() -> Iterator[str]:
    # Whole specs only: not a nested one, nor the start of an import path.
    pattern = re.compile(r"(?<![=(])\b(?:ismcts|search|random|heuristic)\?[\w=&.()?+-]++(?!:)")
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        yield from pattern.findall(path.read_text())


def test_every_spec_in_the_docs_checks_for_some_game() -> None:
    found = sorted(set(documented_specs()))
    assert len(found) > 10
    for text in found:
        passed = []
        for game in numrules.all_games():
            try:
                check_bot(text, game)
            except ConfigError:
                continue
            passed.append(game.name)
        assert passed, text


def test_checked_values_are_typed_by_the_declarations() -> None:
    checked = check_bot("ismcts?exploration=1&iterations=20&rollout=heuristic&seconds=2")
    assert checked.keywords() == {
        "exploration": 1.0,
        "iterations": 20,
        "rollout": BotSpec("heuristic"),
        "seconds": 2.0,
    }
    assert type(checked.keywords()["exploration"]) is float
    assert str(checked) == "ismcts?exploration=1.0&iterations=20&rollout=(heuristic)&seconds=2.0"
    assert check_bot(BotSpec.of("random", decline=1)) == BotSpec.of("random", decline=1.0)


def test_the_rollout_bot_may_be_a_name_a_spec_text_or_a_spec() -> None:
    game = numrules.get_game("stackattack")
    for rollout in ("heuristic?samples=2", BotSpec.of("heuristic", samples=2)):
        bot = ISMCTSBot(1, iterations=3, rollout=rollout, rollout_actions=5, game=game)
        assert bot.rollout == BotSpec.of("heuristic", samples=2)
        state = game.new_game(game.Config(players=3), seed=2)
        seat = min(game.to_act(state))
        actions = game.legal_actions_for(state, seat)
        assert bot.act(game.observe(state, seat), actions, False) in actions
    assert ISMCTSBot(rollout="random").rollout == BotSpec("random")
    nested = make_bot("ismcts?iterations=5&rollout=(random?decline=0.1)", 0, game)
    assert isinstance(nested, ISMCTSBot)
    assert nested.rollout == BotSpec.of("random", decline=0.1)
    with pytest.raises(ConfigError, match="samples must be a positive int"):
        ISMCTSBot(rollout="heuristic?samples=0", game=game)


# --- import paths ------------------------------------------------------------------------


def nested(depth: int, innermost: str) -> str:
    # `innermost` as the rollout bot `depth` levels down.
    text = innermost
    for level in range(depth):
        text = (
            f"ismcts?iterations=2&rollout={text}"
            if level == 0
            else (f"ismcts?iterations=2&rollout=({text})")
        )
    return text


def test_import_paths_are_refused_unless_trusted_and_then_never_nested() -> None:
    assert CANARY not in sys.modules
    for path in ("os:_exit", "numrules.core.bots:RandomBot", f"{CANARY}:CanaryBot"):
        for check in (
            lambda t: make_bot(t, 0),
            check_bot,
            lambda t: check_bot(t, closed=True),
        ):
            with pytest.raises(ConfigError, match="import paths are for trusted callers"):
                check(path)
        for depth in range(1, MAX_DEPTH + 1):
            text = nested(depth, path)
            for game in (None, numrules.get_game("stackattack")):
                for imports in (False, True):
                    with pytest.raises(ConfigError, match="never one"):
                        make_bot(text, 0, game, imports=imports)
                    with pytest.raises(ConfigError, match="never one"):
                        check_bot(text, game, imports=imports)
                    with pytest.raises(ConfigError, match="never one"):
                        bot_work(text, game)
        for rollout in (path, f"ismcts?rollout={path}", BotSpec(path)):
            with pytest.raises(ConfigError, match="never one"):
                ISMCTSBot(rollout=rollout)
    assert CANARY not in sys.modules


def test_a_trusted_caller_may_name_an_import_path() -> None:
    bot = make_bot("numrules.core.bots:RandomBot?decline=1", 4, imports=True)
    assert isinstance(bot, RandomBot)
    assert (bot.seed, bot.decline) == (4, 1.0)
    assert check_bot("numrules.core.bots:RandomBot", imports=True).is_import_path
    with pytest.raises(ConfigError, match="decline must be"):
        make_bot("numrules.core.bots:RandomBot?decline=3", 4, imports=True)


# --- declared options and closed checks --------------------------------------------------


def factories() -> Iterator[tuple[str, str, Callable[..., Any]]]:
    for game in numrules.all_games():
        for bot in game.bots:
            yield game.name, bot, game.bots[bot]
    for bot, factory in BOTS.items():
        yield "stackattack", bot, factory


@pytest.mark.parametrize(("game", "bot", "factory"), list(factories()))
def test_every_built_in_bot_declares_its_keyword_options(
    game: str, bot: str, factory: Callable[..., Any]
) -> None:
    declared = declared_options(factory)
    assert declared is not None
    target = factory.target() if hasattr(factory, "target") else factory  # the lazy ismcts
    parameters = inspect.signature(target).parameters
    expressible = {name for name in parameters if name not in {"seed", "game", "style"}}
    assert set(declared) == expressible
    for option in declared.values():
        assert isinstance(option, BotOption)
        default = parameters[option.name].default
        if default is not None:
            assert option.default == default


def test_the_lazy_ismcts_factory_shows_the_bot_s_options() -> None:
    assert declared_options(BOTS["ismcts"]) is ISMCTSBot.OPTIONS
    assert ISMCTSBot.OPTIONS["rollout"].kind == "bot"
    assert declared_options(make_bot) is None


@pytest.mark.parametrize(
    ("game", "text", "reason"),
    [
        ("stackattack", "ismcts?depth=3", "ismcts has no option 'depth'"),
        ("stackattack", "first?x=1", "first has no option 'x' here (its options: none)"),
        ("stackattack", "random?decline=0.2&y=1", "has no option 'y'"),
        ("numstop", "heuristic?style=bold", "has no option 'style'"),
        ("stackattack", "ismcts?iterations=1.5", "iterations must be a positive int"),
        ("stackattack", "ismcts?iterations=abc", "iterations must be a positive int"),
        ("numstop", "search?samples=x", "samples must be a positive int"),
        ("stackattack", "random?decline=abc", "decline must be a number in 0..1"),
        ("stackattack", "ismcts?rollout=3", "rollout must be a bot"),
        ("stackattack", "random?decline=2", "decline must be a number in 0..1"),
        ("stackattack", "ismcts?iterations=0", "iterations must be a positive int"),
        ("stackattack", "ismcts?seconds=0", "seconds must be a positive number"),
        ("numstop", "search?pile=2", "pile must be a number in 0..1"),
        ("stackattack", "heuristic?spite=-1", "spite must be a number >= 0"),
        ("stackattack", "ismcts?horizon=far", "horizon must be 'round' or 'game'"),
        ("numstop", "search?lock=never", "lock must be 'heuristic' or 'search'"),
        ("numstop", "search?horizon=far", "one of 'own', 'turn', 'next', 'play'"),
        ("stackattack", "ismcts?rollout=(random?decline=5)", "decline must be"),
        ("stackattack", "ismcts?rollout=search", "unknown bot 'search' for Stack Attack"),
        ("stackattack", "search", "unknown bot 'search'"),
        ("stackattack", "ismcts?iterations=2001", "iterations is at most 2000 here"),
        ("stackattack", "ismcts?exploration=-2001", "exploration is at most 2000 here"),
        ("numstop", "ismcts?iterations=2&rollout=(search?samples=5000)", "at most 2000"),
    ],
)
def test_a_closed_check_refuses_what_the_bot_does_not_declare(
    game: str, text: str, reason: str
) -> None:
    with pytest.raises(ConfigError, match=re.escape(reason)) as info:
        server_check(text, game)
    assert repr(text)[:40] in str(info.value) or text == "search"


def undeclared(seed: int, **options: object) -> RandomBot:
    return RandomBot(seed)


def test_an_undeclared_factory_takes_options_only_in_an_open_check() -> None:
    game = attrs.evolve(numrules.get_game("stackattack"), bots={"mine": undeclared})
    assert check_bot("mine?anything=x", game) == BotSpec.of("mine", anything="x")
    for spec in ("mine?anything=x", "ismcts?rollout=(mine?anything=x)"):
        with pytest.raises(ConfigError, match="its options: none"):
            check_bot(spec, game, closed=True)
    assert check_bot("ismcts?rollout=mine", game, closed=True) == BotSpec.of(
        "ismcts", rollout=BotSpec("mine")
    )


def test_without_a_game_a_nested_bot_waits_for_its_game_unless_closed() -> None:
    assert check_bot("ismcts?rollout=heuristic") == BotSpec.of(
        "ismcts", rollout=BotSpec("heuristic")
    )
    with pytest.raises(ConfigError, match="unknown bot 'heuristic'"):
        check_bot("ismcts?rollout=heuristic", closed=True)


# --- work --------------------------------------------------------------------------------


def test_the_work_of_a_spec_multiplies_down_its_nested_bots() -> None:
    sa, ns = numrules.get_game("stackattack"), numrules.get_game("numstop")
    assert bot_work("ismcts?iterations=2000&rollout=(ismcts?iterations=2000)") == 4_000_000
    assert bot_work("ismcts") == 500
    assert bot_work("ismcts?seconds=1") == math.inf
    assert bot_work("ismcts?seconds=1&iterations=30") == 30
    assert bot_work("random") == bot_work("first") == 1
    assert bot_work("heuristic", sa) == bot_work("heuristic?samples=8", sa) == 1
    assert bot_work("heuristic?samples=64", sa) == 4
    assert bot_work("search", ns) == SearchBot.work({}) == 16
    assert bot_work("ismcts?iterations=10&rollout=(search?samples=3)", ns) == 30


def test_max_work_bounds_the_whole_spec() -> None:
    with pytest.raises(ConfigError, match="4,000,000 plain-bot decisions"):
        server_check("ismcts?iterations=2000&rollout=(ismcts?iterations=2000)")
    assert server_check("ismcts?iterations=300&rollout=heuristic") == BotSpec.of(
        "ismcts", iterations=300, rollout=BotSpec("heuristic")
    )
    # A time budget alone counts as the most work allowed: nothing costlier nests under it.
    assert server_check("ismcts?seconds=1&rollout=heuristic").keywords()["seconds"] == 1.0
    with pytest.raises(ConfigError, match="unbounded"):
        server_check("ismcts?seconds=1&rollout=(ismcts?iterations=2)")
    for bound in (-1, math.nan, "2000"):
        with pytest.raises(ConfigError, match="max_work must be"):
            check_bot("random", max_work=bound)  # type: ignore[arg-type]


def test_the_docs_table_lists_every_declared_option() -> None:
    page = (ROOT / "docs" / "bots.md").read_text()
    documented = [
        ("`random`", BOTS["random"]),
        ("`ismcts`", BOTS["ismcts"]),
        ("`search` (Num Stop)", numrules.get_game("numstop").bots["search"]),
        ("`heuristic` (Stack Attack)", numrules.get_game("stackattack").bots["heuristic"]),
    ]
    for label, factory in documented:
        declared = declared_options(factory)
        assert declared is not None
        for option in declared.values():
            default = "none" if option.default is None else f"`{option.default}`"
            row = f"| {label} | `{option.name}` | {option.kind} | {option.describe()} | "
            assert f"\n{row}{default} | {option.doc} |\n" in page, row
