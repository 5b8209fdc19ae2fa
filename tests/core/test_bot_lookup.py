"""Finding bots by name: generic bots, a game's own bots, and import paths."""

from __future__ import annotations

import attrs
import pytest

import numrules
from numrules import ConfigError, FirstBot, RandomBot, bot_names, make_bot


class Named:
    """A bot for the import-path tests: always the last action."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def act(self, observation: object, actions: tuple[object, ...], optional: bool) -> object:
        return actions[-1]


def not_a_bot(seed: int) -> object:
    return seed


def test_first_bot_is_exported() -> None:
    assert "FirstBot" in numrules.__all__
    assert FirstBot().act(None, ["a", "b"], True) == "a"


def test_generic_bots_by_name() -> None:
    assert isinstance(make_bot("random", 3), RandomBot)
    assert isinstance(make_bot("first", 3), FirstBot)
    assert bot_names()[:2] == ("random", "first")


def test_an_import_path_names_a_factory_taking_the_seed() -> None:
    bot = make_bot("tests.core.test_bot_lookup:Named", 9, imports=True)
    assert isinstance(bot, Named)
    assert bot.seed == 9


def test_an_import_path_is_refused_unless_the_caller_allows_it() -> None:
    with pytest.raises(ConfigError, match=r"import paths are for trusted callers only"):
        make_bot("tests.core.test_bot_lookup:Named", 9)


def test_a_game_s_own_bots_come_first() -> None:
    game = attrs.evolve(numrules.get_game("stackattack"), bots={"first": Named, "last": Named})
    assert bot_names(game)[:2] == ("first", "last")
    assert isinstance(make_bot("first", 0, game), Named)
    with pytest.raises(TypeError):
        game.bots["x"] = Named  # type: ignore[index]


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("nobody", "unknown bot 'nobody'"),
        ("no.such.module:Bot", "cannot import bot module"),
        ("tests.core.test_bot_lookup:Nothing", "no callable 'Nothing'"),
        ("tests.core.test_bot_lookup:not_a_bot", "has no act method"),
        (7, "a bot name is a string"),
    ],
)
def test_bad_bot_names_are_refused_with_a_config_error(name: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_bot(name, 0, imports=True)  # type: ignore[arg-type]


def test_options_after_a_question_mark_reach_the_factory() -> None:
    bot = make_bot("random?decline=0.25", 3)
    assert isinstance(bot, RandomBot)
    assert (bot.seed, bot.decline) == (3, 0.25)
    assert numrules.core.bots.parse_bot_spec("x?a=1&b=2.5&c=text") == (
        "x",
        {"a": 1, "b": 2.5, "c": "text"},
    )


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("random?decline", "an option is key=value"),
        ("random?9x=1", "an option is key=value"),
        ("first?depth=2", "bad options"),
        ("random?decline=2", r"decline must be a number in 0\.\.1"),
    ],
)
def test_bad_options_are_refused_with_a_config_error(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        make_bot(spec, 0)
