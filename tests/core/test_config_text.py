"""A `Config` in words, as reports and the command line print it (`config_text`)."""

from __future__ import annotations

import pytest

import numrules
from numrules.core.errors import ConfigError
from numrules.core.options import config_options, config_text


@pytest.mark.parametrize("game", numrules.all_games(), ids=lambda g: g.name)
def test_the_default_rules_are_said_so(game: numrules.AnyGame) -> None:
    for players in range(game.min_players, game.max_players + 1):
        assert config_text(game, game.Config(players=players)) == (
            f"{players} players, default rules"
        )


@pytest.mark.parametrize("game", numrules.all_games(), ids=lambda g: g.name)
def test_the_text_is_never_a_python_repr(game: numrules.AnyGame) -> None:
    config = game.Config(players=game.max_players, **game.quick_options)
    text = config_text(game, config)
    assert "Config(" not in text
    assert "<" not in text  # no enum repr
    for name in game.quick_options:
        option = next(o for o in config_options(game) if o.name == name)
        assert f"{name.replace('_', ' ')} {option.to_text(getattr(config, name))}" in text


def test_each_changed_option_is_named_in_declaration_order() -> None:
    numstop = numrules.get_game("numstop")
    config = numrules.config_from_options(
        numstop, {"max_rounds": "5", "mode": "discovery"}, players=4
    )
    assert config_text(numstop, config) == "4 players, mode discovery, max rounds 5"


def test_a_default_the_game_derives_from_other_options_is_left_out() -> None:
    # Num Bounce: with target_wins set, rounds is none by the game's own choice.
    numbounce = numrules.get_game("numbounce")
    config = numbounce.Config(players=3, target_wins=3, rounds=None)
    assert config_text(numbounce, config) == "3 players, target wins 3"
    assert config_text(numbounce, numbounce.Config(players=3, rounds=5)) == "3 players, rounds 5"
    # Num Wars: the format of the deck derives the hand size.
    numwars = numrules.get_game("numwars")
    full = numwars.Config(players=4, format=numwars.Config(players=6).format)
    assert config_text(numwars, full) == "4 players, format full"
    assert config_text(numwars, numwars.Config(players=4, hand_size=10)) == (
        "4 players, hand size 10"
    )


def test_a_long_value_is_cut_with_its_count() -> None:
    stackattack = numrules.get_game("stackattack")
    config = stackattack.Config(players=2, penalties=(2,) * 64, block=(50, 60))
    assert config_text(stackattack, config) == (
        "2 players, penalties 2,2,2,2,2,2,2,2,2,2,2,2,… (64 values), block 50,60"
    )


def test_a_config_of_another_game_is_refused() -> None:
    with pytest.raises(ConfigError, match="must be a Num Stop Config"):
        config_text("numstop", numrules.get_game("numwars").Config())
