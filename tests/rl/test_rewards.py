"""The rewards of a finished game: win/loss and score margin, in each game's direction."""

from __future__ import annotations

import random

import pytest

from numrules import game_names, get_game
from numrules.core.errors import ConfigError
from numrules.rl import check_reward_kind, final_rewards


def _finished(name: str, players: int, seed: int) -> tuple[object, object]:
    game = get_game(name)
    config = game.Config(players=players, **game.quick_options)
    state = game.new_game(config, seed)
    rnd = random.Random(seed)
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    return game, state


@pytest.mark.parametrize("name", game_names())
def test_winners_get_one_and_losers_minus_one(name: str) -> None:
    game, state = _finished(name, 3, 4)
    winners = game.winners(state)  # type: ignore[attr-defined]
    rewards = final_rewards(game, state)  # type: ignore[arg-type]
    if len(winners) == 3:
        assert rewards == (0.0, 0.0, 0.0)
    else:
        assert rewards == tuple(1.0 if s in winners else -1.0 for s in range(3))


@pytest.mark.parametrize("name", game_names())
def test_the_margin_is_own_score_against_the_others_mean_in_the_games_direction(
    name: str,
) -> None:
    game, state = _finished(name, 3, 5)
    scores = game.scores(state)  # type: ignore[attr-defined]
    sign = -1 if game.lower_score_wins else 1  # type: ignore[attr-defined]
    margins = final_rewards(game, state, "margin", scale=2.0)  # type: ignore[arg-type]
    for seat, margin in enumerate(margins):
        others = [s for i, s in enumerate(scores) if i != seat]
        assert margin == pytest.approx(sign * (scores[seat] - sum(others) / 2) / 2.0)
    assert sum(margins) == pytest.approx(0.0)
    best = max(range(3), key=lambda s: sign * scores[s])
    assert best in game.winners(state)  # type: ignore[attr-defined]
    assert margins[best] == max(margins)


def test_a_game_not_over_pays_nothing_yet() -> None:
    game = get_game("stackattack")
    state = game.new_game(game.Config(players=2), 1)
    assert final_rewards(game, state) == (0.0, 0.0)
    assert final_rewards(game, state, "margin") == (0.0, 0.0)


def test_an_unknown_reward_kind_is_refused() -> None:
    assert check_reward_kind("margin") == "margin"
    with pytest.raises(ConfigError, match="unknown reward 'points'"):
        check_reward_kind("points")
