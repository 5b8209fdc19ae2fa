"""The ISMCTS bot: legal, reproducible, blind to what its seat cannot know, every game."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import numrules
from numrules import AnyGame, ConfigError, testing
from numrules.core.ismcts import DECLINE, ISMCTSBot

SAMPLED = [name for name in numrules.game_names() if numrules.get_game(name).sample_state]


def position(game: AnyGame, players: int, seed: int, steps: int) -> Any:
    """A random position after `steps` random actions (or the last before the end)."""
    rnd = random.Random(seed)
    state = game.new_game(game.Config(players=players), seed)
    for _ in range(steps):
        legal = game.legal_actions(state)
        after = game.apply(state, legal[rnd.randrange(len(legal))])
        if game.is_terminal(after):
            break
        state = after
    return state


def decision(game: AnyGame, state: Any) -> tuple[int, Any, tuple[Any, ...], bool]:
    seat = min(game.to_act(state))
    actions = game.legal_actions_for(state, seat)
    return seat, game.observe(state, seat), actions, seat in game.optional_seats(state)


@pytest.mark.parametrize("name", SAMPLED)
def test_it_returns_an_offered_action_and_is_reproducible(name: str) -> None:
    game = numrules.get_game(name)
    for steps in (0, 40, 90):
        state = position(game, game.min_players + 1, 4, steps)
        _, view, actions, optional = decision(game, state)
        first = ISMCTSBot(7, iterations=40).act(view, actions, optional)
        again = ISMCTSBot(7, iterations=40).act(view, actions, optional)
        assert first == again
        assert first in actions or (optional and first is DECLINE)


@pytest.mark.parametrize("name", SAMPLED)
def test_its_choice_depends_only_on_what_its_seat_knows(name: str) -> None:
    # Two positions that look the same to the seat (two cards it cannot locate are
    # exchanged) get the same choice from the same seed.
    game = numrules.get_game(name)
    rnd = random.Random(3)
    checked = 0
    for steps in range(10, 400, 37):
        state = position(game, game.min_players + 1, steps, steps)
        seat, view, actions, optional = decision(game, state)
        hidden = sorted(game.hidden_cards(state, seat), key=str)
        if len(hidden) < 2:
            continue
        a, b = rnd.sample(hidden, 2)
        try:
            other = testing.exchanged(state, a, b, history=False)
        except numrules.NumrulesError:
            continue  # the exchange breaks a rule (a Num Wars duty of play): try another
        assert game.observe(other, seat) == view
        mine = ISMCTSBot(11, iterations=30).act(view, actions, optional)
        theirs = ISMCTSBot(11, iterations=30).act(game.observe(other, seat), actions, optional)
        assert mine == theirs
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", SAMPLED)
def test_a_match_of_search_bots_ends(name: str) -> None:
    game = numrules.get_game(name)
    config = game.Config(players=game.min_players)
    if "max_rounds" in attrs.fields_dict(type(config)):
        config = attrs.evolve(config, max_rounds=1)  # one round is enough here
    bots = [ISMCTSBot(seat, iterations=8, rollout_actions=60) for seat in range(config.players)]
    result = numrules.play_match(game, config, bots, seed=2, max_actions=20_000)
    assert game.is_terminal(result.final_state)
    assert result.replay() == result.final_state


def test_it_searches_simultaneous_choices_and_reports_its_statistics() -> None:
    game = numrules.get_game("stackattack")
    state = game.new_game(game.Config(players=4), seed=5)
    bot = ISMCTSBot(1, iterations=120)
    view = game.observe(state, 2)
    choice = bot.act(view, game.legal_actions_for(state, 2), False)
    assert bot.last is not None
    assert bot.last.iterations == 120
    assert sum(visits for _, visits in bot.last.visits) == 120
    assert bot.last.visits[0][0] == str(choice)
    assert {text for text, _ in bot.last.visits} == {
        str(a) for a in game.legal_actions_for(state, 2)
    }


def test_a_single_option_is_returned_without_a_search() -> None:
    game = numrules.get_game("stackattack")
    state = game.new_game(game.Config(players=2), seed=1)
    only = game.legal_actions_for(state, 0)[:1]
    bot = ISMCTSBot(0, iterations=50)
    assert bot.act(game.observe(state, 0), only, False) == only[0]
    assert bot.last is None


def test_a_time_budget_stops_the_search() -> None:
    game = numrules.get_game("stackattack")
    state = game.new_game(game.Config(players=3), seed=1)
    bot = ISMCTSBot(0, seconds=0.05)
    bot.act(game.observe(state, 0), game.legal_actions_for(state, 0), False)
    assert bot.last is not None
    assert bot.last.iterations >= 1


def test_a_time_budget_stops_a_flat_search_after_whole_samples() -> None:
    game = numrules.get_game("stackattack")
    state = game.new_game(game.Config(players=3), seed=1)
    actions = game.legal_actions_for(state, 0)
    bot = ISMCTSBot(0, seconds=0.05, search="flat", rollout_actions=20)
    bot.act(game.observe(state, 0), actions, False)
    assert bot.last is not None
    assert bot.last.iterations >= len(actions)
    assert bot.last.iterations % len(actions) == 0


def test_rollouts_can_be_played_by_a_named_bot() -> None:
    game = numrules.get_game("stackattack")
    state = game.new_game(game.Config(players=3), seed=8)
    bot = ISMCTSBot(0, iterations=20, rollout="first", horizon="game")
    choice = bot.act(game.observe(state, 1), game.legal_actions_for(state, 1), False)
    assert choice in game.legal_actions_for(state, 1)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"iterations": 0}, "iterations must be a positive int"),
        ({"seconds": -1.0}, "seconds must be a positive number"),
        ({"exploration": -0.1}, "exploration must be a number >= 0"),
        ({"horizon": "turn"}, "horizon must be"),
        ({"rollout_actions": -1}, "rollout_actions must be an int >= 0"),
        ({"rollout": "nobody", "game": "stackattack"}, "unknown bot 'nobody'"),
        ({"search": "deep"}, "search must be 'tree' or 'flat'"),
        ({"reward": "points"}, "reward must be 'rank' or 'margin'"),
        ({"confidence": -1}, "confidence must be a number >= 0"),
    ],
)
def test_bad_settings_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        ISMCTSBot(0, **options)


def test_it_is_a_named_bot_with_options() -> None:
    bot = numrules.make_bot("ismcts?iterations=30&exploration=1.5", 4)
    assert isinstance(bot, ISMCTSBot)
    assert (bot.iterations, bot.exploration, bot.seed) == (30, 1.5, 4)
    flat = numrules.make_bot("ismcts?search=flat&reward=margin&confidence=1.5", 4)
    assert isinstance(flat, ISMCTSBot)
    assert (flat.search, flat.reward, flat.confidence) == ("flat", "margin", 1.5)
    with pytest.raises(ConfigError, match="bad options"):
        numrules.make_bot("ismcts?depth=3", 4)


@pytest.mark.parametrize("name", SAMPLED)
def test_flat_search_tries_every_option_on_every_sample(name: str) -> None:
    game = numrules.get_game(name)
    state = position(game, game.min_players, 6, 30)
    _, view, actions, optional = decision(game, state)
    options = len(actions) + optional
    bot = ISMCTSBot(3, iterations=4 * options, search="flat", rollout_actions=30)
    choice = bot.act(view, actions, optional)
    again = ISMCTSBot(3, iterations=4 * options, search="flat", rollout_actions=30)
    assert again.act(view, actions, optional) == choice
    assert choice in actions or (optional and choice is DECLINE)
    if options > 1:
        assert bot.last is not None
        assert bot.last.iterations == 4 * options
        assert {visits for _, visits in bot.last.visits} == {4}
        assert bot.last.visits[0][0] == ("decline" if choice is None else str(choice))
        assert [text for text, _ in bot.last.values] == [text for text, _ in bot.last.visits]


def test_flat_search_keeps_the_rollout_bots_pick_unless_another_is_clearly_better() -> None:
    # With an impossible confidence, the flat search plays what its rollout bot plays
    # (checked where the heuristic bot has no tie to break, so its seed does not matter).
    game = numrules.get_game("numwars")
    checked = 0
    for steps in (0, 7, 20, 33, 46):
        state = position(game, 3, steps, steps)
        _, view, actions, optional = decision(game, state)
        picks = {
            numrules.make_bot("heuristic", seed, game).act(view, actions, optional)
            for seed in range(6)
        }
        if len(actions) < 2 or len(picks) > 1:
            continue
        bot = ISMCTSBot(
            5,
            iterations=3 * len(actions),
            search="flat",
            rollout="heuristic",
            confidence=1e9,
            rollout_actions=12,
        )
        assert {bot.act(view, actions, optional)} == picks
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize("search", ["tree", "flat"])
def test_a_margin_reward_is_the_score_lead_over_the_best_other_seat(search: str) -> None:
    game = numrules.get_game("numwars")
    state = position(game, 3, 2, 12)
    _, view, actions, optional = decision(game, state)
    bot = ISMCTSBot(2, iterations=24, reward="margin", search=search, rollout="heuristic")
    choice = bot.act(view, actions, optional)
    assert choice == ISMCTSBot(
        2, iterations=24, reward="margin", search=search, rollout="heuristic"
    ).act(view, actions, optional)
    assert bot.last is not None
    # Num Wars totals are whole points, so mean margins are far outside [0, 1].
    assert any(abs(value) > 1 for _, value in bot.last.values)
    ranked = ISMCTSBot(2, iterations=24, search=search, rollout="heuristic")
    ranked.act(view, actions, optional)
    assert ranked.last is not None
    assert all(0 <= value <= 1 for _, value in ranked.last.values)
