"""The Stack Attack heuristic bot: clear decisions in hand-built positions, and whole games."""

from __future__ import annotations

import statistics

import pytest

import numrules
from numrules import stackattack as sa
from numrules.core.rng import derive_seed
from numrules.stackattack.strategy.bots import HeuristicBot
from numrules.stackattack.strategy.reveal_forecast import Forecast

from .helpers import reveal, table


def decide(state: sa.State, seat: int = 0) -> str:
    """What the bot plays for `seat` (in notation), checked to be one of those offered."""
    offered = sa.legal_actions_for(state, seat)
    action = HeuristicBot(7).act(sa.observe(state, seat), offered, False)
    assert action in offered
    return str(action)


def test_takes_the_row_worth_the_fewest_points() -> None:
    # 2 is below every row: rows worth 2, 1, 4 and 5 points.
    state = reveal(table(["2 3", "60 61"], ["12 13", "24", "30 31", "44"]), 2, 60)
    assert state.phase is sa.Phase.TAKE
    assert decide(state) == "0:take 1"


def test_between_rows_worth_the_same_takes_the_fewest_cards() -> None:
    # Rows 1 and 2 are both worth 3 points; row 2 holds one card, row 1 three.
    state = reveal(table(["2 3", "60 61"], ["11", "23 24 26", "30", "44"]), 2, 60)
    assert [sa.penalty_points(state.config, row) for row in state.rows] == [5, 3, 3, 5]
    assert decide(state) == "0:take 2"


def test_does_not_play_the_sixth_card_of_a_row_when_a_safe_card_exists() -> None:
    # 7 would be the sixth card of row 0 (6 points); 45 follows 40 with nothing to fear.
    state = table(["7 45", "60 61"], ["1 2 3 4 5", "20", "30", "40"])
    assert decide(state) == "0:choose 45"


def test_prefers_the_card_right_after_a_row_end() -> None:
    # Four cards in every row: 25 comes right after 24, so it is the fifth card for sure;
    # 50 leaves a gap after 43 where another player's card could come first.
    hands = ["25 50", "60 61", "62 63", "64 57"]
    rows = ["1 2 3 4", "20 21 23 24", "30 31 32 34", "40 41 42 43"]
    assert decide(table(hands, rows)) == "0:choose 25"


def test_keeps_the_shield_while_a_safe_card_exists() -> None:
    state = table(["18 41", "60 61"], ["10", "20", "30", "40"])
    assert decide(state) == "0:choose 41"


def test_plays_the_shield_when_every_other_card_is_dangerous() -> None:
    # 7 would take row 0 as its sixth card; the SHIELD 18 joins it without taking anything.
    state = table(["7 18", "60 61"], ["1 2 3 4 5", "20", "30", "40"])
    assert decide(state) == "0:choose 18"


def test_switches_with_the_seat_whose_card_is_safe() -> None:
    # Seat 0 holds the SWITCH 6 (below every row); seat 1's 41 is safe, seat 2's 3 is not.
    state = reveal(table(["6 7", "41 42", "3 4"], ["10", "20", "30", "40"]), 6, 41, 3)
    assert state.phase is sa.Phase.SWITCH
    assert decide(state) == "0:switch 1"


def test_blocks_the_row_that_would_cost_it_the_most() -> None:
    # BLOCK 14 would be the sixth card of row 0 (6 points); with row 0 closed it is below
    # every open row and takes a row worth 3 points instead.
    state = reveal(table(["14 50", "60 61"], ["1 2 3 4 5", "20", "30", "40"]), 14, 60)
    assert state.phase is sa.Phase.BLOCK
    assert decide(state) == "0:block 0"


def test_the_forecast_counts_the_cards_placed_before_its_own() -> None:
    # Row 2 holds four cards: 41 is its fifth, so seat 1's 42 is its sixth and takes it.
    state = table(["41 50", "42 51", "43 53"], ["1", "2", "36 37 39 40"])
    costs = Forecast(state.config, 2).reveal(state.rows, sa.parse_cards("41 42 43"))
    assert costs == (0, sa.penalty_points(state.config, sa.parse_cards("36 37 39 40 41")), 0)


def test_the_same_seed_plays_the_same_game() -> None:
    config = sa.Config(players=3, max_rounds=1)
    logs = []
    for _ in range(2):
        bots: list[numrules.Bot] = [HeuristicBot(5), HeuristicBot(6), numrules.RandomBot(7)]
        logs.append(numrules.play_match("stackattack", config, bots, seed=11).actions)
    assert logs[0] == logs[1]


def test_make_bot_builds_it_by_name() -> None:
    bot = numrules.make_bot("heuristic", 1, sa.GAME)
    assert isinstance(bot, HeuristicBot)
    assert bot.seed == 1
    assert "heuristic" in numrules.bot_names(sa.GAME)


def test_four_heuristic_bots_finish_a_game() -> None:
    bots: list[numrules.Bot] = [HeuristicBot(seat) for seat in range(4)]
    result = numrules.play_match("stackattack", sa.Config(players=4), bots, seed=3)
    assert sa.is_terminal(result.final_state)
    assert result.replay() == result.final_state


@pytest.mark.parametrize("players", [2, 6])
def test_plays_any_table_size(players: int) -> None:
    bots: list[numrules.Bot] = [HeuristicBot(1)]
    bots += [numrules.RandomBot(seat) for seat in range(1, players)]
    config = sa.Config(players=players, max_rounds=1)
    result = numrules.play_match("stackattack", config, bots, seed=players)
    assert sa.is_terminal(result.final_state)


def test_beats_three_random_bots() -> None:
    # A few games, the heuristic bot moving round the table: it wins more than its share
    # (a quarter of the games) and takes fewer points than the random bots.
    games, wins = 8, 0.0
    mine, theirs = [], []
    for seed in range(games):
        seat = seed % 4
        bots: list[numrules.Bot] = [
            numrules.RandomBot(derive_seed(seed, "bot", s)) for s in range(4)
        ]
        bots[seat] = HeuristicBot(seed)
        result = numrules.play_match("stackattack", sa.Config(players=4), bots, seed=seed)
        wins += (seat in result.winners) / len(result.winners)
        mine.append(result.scores[seat])
        theirs += [score for s, score in enumerate(result.scores) if s != seat]
    assert wins > games / 4
    assert statistics.fmean(mine) < statistics.fmean(theirs)
