"""The quick validation estimate, `evaluate` for search bots, and the Num Stop search bot."""

from __future__ import annotations

import random

import pytest

import numrules
from numrules import numstop as ns
from numrules.core.cards import FamilyCard
from numrules.numstop.strategy.evaluation import estimate_validation, evaluate
from numrules.numstop.strategy.search_bot import SearchBot

from .helpers import cards, scorecard, table

CONFIG = ns.Config(players=2)
FAMILY_CARDS = tuple(c for c in CONFIG.all_cards() if type(c) is FamilyCard)


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("R7 B7", 14),  # a pair
        ("R7 SH2", 17),  # a pair with a wild
        ("G3 G4 G5 SH9", 47),  # a straight flush with a wild
        ("R4 SH5 B6", 30),  # a shadow straight
        ("", 0),
        ("R1 B5 G9", 0),  # nothing
    ],
)
def test_estimate_on_known_collections(text: str, points: int) -> None:
    assert estimate_validation(cards(text), ns.OBJECTIVES, CONFIG) == points


def test_estimate_never_exceeds_the_optimum() -> None:
    # Random collections of 4 to 14 cards: a valid set of combinations, never better than
    # the exact optimum, and usually close to it.
    rng = random.Random(11)
    ratios = []
    for _ in range(60):
        collection = rng.sample(FAMILY_CARDS, rng.randint(4, 14))
        open_ = [o for o in ns.OBJECTIVES if rng.random() < 0.8]
        exact = sum(c.points for c in ns.best_validation(collection, open_, CONFIG))
        estimate = estimate_validation(collection, open_, CONFIG)
        assert 0 <= estimate <= exact
        if exact:
            ratios.append(estimate / exact)
    assert sum(ratios) / len(ratios) > 0.85


def test_estimate_counts_objectives_in_discovery() -> None:
    discovery = ns.Config(players=2, mode=ns.Mode.DISCOVERY)
    # A pair, and a straight flush (G3 G4 G5 G6) found apart from it.
    assert estimate_validation(cards("R9 B9 G3 G4 G5 G6"), ns.OBJECTIVES, discovery) == 2
    assert estimate_validation(cards("R9 B9"), [ns.Objective.FLUSH], discovery) == 0


def _played(seed: int, actions: int) -> ns.State:
    # A two-player game between heuristic bots, `actions` actions in (or to its end).
    state = ns.new_game(ns.Config(players=2, max_rounds=1), seed=seed)
    bots = [ns.HeuristicBot(0), ns.HeuristicBot(1)]
    for _ in range(actions):
        if ns.is_terminal(state):
            break
        seat = min(ns.to_act(state))
        view = ns.observe(state, seat)
        state = ns.apply(state, bots[seat].act(view, ns.legal_actions_for(state, seat), False))
    return state


def test_evaluate_is_the_score_once_the_game_is_over() -> None:
    state = _played(3, 10_000)
    assert ns.is_terminal(state)
    assert evaluate(state) == tuple(float(s) for s in ns.scores(state))
    assert ns.GAME.evaluate is evaluate


@pytest.mark.parametrize("actions", [0, 40, 100, 140])
def test_evaluate_in_play_is_in_range_and_reads_no_hidden_card(actions: int) -> None:
    state = _played(5, actions)
    assert state.phase in ns.state.TURN_PHASES
    values = evaluate(state)
    left = (len(state.stocks[0]) + len(state.stocks[1])) / len(state.config.all_cards())
    for seat, value in enumerate(values):
        held = [*state.collections[seat], *state.piles[seat]]
        # An upper bound on the best validation (cheaper than proving the optimum).
        bound = ns.search_validation(held, ns.OBJECTIVES, state.config, max_nodes=500).bound
        most = bound + (5 * left + 3) * len(held)
        assert ns.scores(state)[seat] <= value <= ns.scores(state)[seat] + most
    # The order of the stocks (hidden) does not matter, only their sizes.
    both = [*state.stocks[0], *state.stocks[1]]
    random.Random(1).shuffle(both)
    size = len(state.stocks[0])
    shuffled = ns.State(
        **{
            **{f: getattr(state, f) for f in state.__slots__ if f != "__weakref__"},
            "stocks": (tuple(both[:size]), tuple(both[size:])),
        }
    )
    assert evaluate(shuffled) == values


def test_evaluate_in_validation_counts_the_seats_still_to_validate() -> None:
    # Round 1: seat 1 validated first and has ended (its pair of 2s is gone unused);
    # seat 0 is validating and still holds a pair of 7s.
    state = table(
        players=2,
        round_=1,
        phase=ns.Phase.VALIDATION,
        player=0,
        collections=["R7 B7", "R2 B2"],
        scorecards=[scorecard(), scorecard(flush=40)],
        rest="discard",
    )
    assert evaluate(state) == (14.0, 40.0)


def test_search_bot_options_are_parsed_and_checked() -> None:
    bot = numrules.make_bot("search?samples=3&horizon=own&late=30&lock=search", 7, ns.GAME)
    assert isinstance(bot, SearchBot)
    assert (bot.samples, bot.horizon, bot.late, bot.lock, bot.seed) == (3, "own", 30, "search", 7)
    default = SearchBot()
    assert (default.samples, default.horizon, default.reward, default.lock) == (
        16,
        "next",
        "own",
        "heuristic",
    )
    bad_options = ("samples=0", "horizon=far", "depth=-1", "pile=2", "late=-3", "reward=x")
    greedy = numrules.make_bot("search?greed=2", 0, ns.GAME)
    assert isinstance(greedy, SearchBot)
    assert greedy.greed == 2.0
    more = ("lock=never", "threshold=-1", "potential=-2", "samples=1.5", "greed=-1")
    for bad in (*bad_options, *more):
        with pytest.raises(numrules.ConfigError):
            numrules.make_bot(f"search?{bad}", 0, ns.GAME)


def test_search_bot_is_reproducible_and_plays_legal_actions() -> None:
    state = _played(8, 60)
    seat = state.player
    view, offered = ns.observe(state, seat), ns.legal_actions_for(state, seat)
    assert len(offered) > 1
    first, second = SearchBot(4, samples=4), SearchBot(4, samples=4)
    choice = first.act(view, offered, False)
    assert choice in offered
    assert second.act(view, offered, False) == choice
    assert first.last == second.last
    assert len(first.last) == len(offered)
    assert first.last[0][0] == str(choice)


def test_search_bot_leaves_validation_to_the_heuristic_bot() -> None:
    state = table(
        players=2,
        phase=ns.Phase.VALIDATION,
        collections=["R7 B7 G3 G4 G5 SH9"],
        rest="discard",
    )
    view, offered = ns.observe(state, 0), ns.legal_actions_for(state, 0)
    bot = SearchBot(1)
    assert bot.act(view, offered, False) == ns.HeuristicBot(1).act(view, offered, False)
    assert bot.last == ()


def test_the_lock_decision_is_the_heuristic_bots_unless_asked() -> None:
    state = table(players=2, phase=ns.Phase.START, piles=["R1 B5 G9"])
    view, offered = ns.observe(state, 0), ns.legal_actions_for(state, 0)
    assert "0:lock" in map(str, offered)
    bot = SearchBot(1, samples=2)
    assert bot.act(view, offered, False) == ns.HeuristicBot(1).act(view, offered, False)
    assert bot.last == ()
    searching = SearchBot(1, samples=2, lock="search", horizon="own")
    assert searching.act(view, offered, False) in offered
    assert sorted(name for name, _ in searching.last) == sorted(map(str, offered))
