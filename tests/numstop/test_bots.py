"""The Num Stop heuristic bot: clear decisions in hand-built positions, and whole games."""

from __future__ import annotations

import statistics
from fractions import Fraction
from typing import Any

import numrules
from numrules import numstop as ns
from numrules.core.rng import derive_seed
from numrules.numstop.strategy.bots import HeuristicBot

from .helpers import cards, scorecard, table

DRAW = ns.Phase.DRAW


def decide(state: ns.State, bot: HeuristicBot | None = None) -> str:
    """What the bot plays for the seat to act (in notation), checked to be offered."""
    bot = bot if bot is not None else HeuristicBot(3)
    seat = state.player
    offered = ns.legal_actions_for(state, seat)
    action = bot.act(ns.observe(state, seat), offered, False)
    assert action in offered
    return str(action)


def six_left(**fields: Any) -> ns.State:
    """A position whose stocks hold six cards (four reds), every other card discarded."""
    return table(a="R7 R8 R9", b="Y3 R10 RB9", rest="discard", **fields)


def test_draws_on_a_low_risk() -> None:
    # Only a third red in a row loses this pile (it ends in one red): none of these can.
    state = six_left(phase=DRAW, drawn=4, piles=["B1 G2 R4 Y5"])
    assert ns.risk(ns.observe(state, 0), "A") == 0
    assert decide(state) == "0:draw A"
    # With the whole deck unseen: a 5 or a SHADOW, about one chance in five.
    state = table(phase=DRAW, drawn=4, piles=["B1 G2 R4 Y5"])
    assert ns.risk(ns.observe(state, 0), "B") < Fraction(1, 4)
    assert decide(state) == "0:draw B"


def test_stops_on_a_high_risk() -> None:
    # The pile ends in two reds: four of the six cards left would lose it.
    state = six_left(phase=DRAW, drawn=4, piles=["B1 G2 R4 R5"])
    assert ns.risk(ns.observe(state, 0), "A") == Fraction(4, 6)
    assert decide(state) == "0:stop"


def test_draws_the_top_it_saw_to_be_safe() -> None:
    # After its FLIP the seat knows R5 (a second 5) on stock A and a harmless Y7 on B.
    state = table(
        phase=DRAW, drawn=2, piles=["B1 G5"], a="R5", b="Y7", peeks=(0, 0), discard="FLIP"
    )
    view = ns.observe(state, 0)
    assert ns.risk(view, "A") == 1
    assert ns.risk(view, "B") == 0
    assert decide(state) == "0:draw B"


def test_flips_before_a_risky_draw_then_draws_the_safe_top() -> None:
    state = six_left(phase=DRAW, drawn=4, reserves=["FLIP"], piles=["B1 G2 R4 R5"])
    assert decide(state) == "0:activate FLIP"
    flipped = ns.apply(state, ns.parse_action("0:activate FLIP"))
    assert flipped.stocks[0][0] == cards("R7")[0]  # a third red: the bot draws Y3 on B
    assert decide(flipped) == "0:draw B"


def test_locks_a_valuable_pile_and_draws_onto_a_small_one() -> None:
    assert decide(table(piles=["R1 B2 G3"])) == "0:lock"
    assert decide(table(piles=["R1"])) == "0:draw B"


def test_locks_any_pile_when_the_round_is_about_to_end() -> None:
    assert decide(table(piles=["R1"], a="R9 B8", rest="discard")) == "0:lock"


def test_answers_a_shadow_with_the_joker_to_save_its_pile() -> None:
    state = table(
        phase=ns.Phase.SHADOW, drawn=3, piles=["R3 B7"], pending="SH5", reserves=["JOKER"]
    )
    assert decide(state) == "0:activate JOKER"


def test_without_the_joker_discards_the_shadow_and_keeps_its_pile() -> None:
    state = table(phase=ns.Phase.SHADOW, drawn=3, piles=["R3 B7 G9"], pending="SH5")
    assert decide(state) == "0:discard SH5"


def test_keeps_a_shadow_rather_than_a_one_card_pile() -> None:
    # A SHADOW is a wild when validating: worth more than one ordinary card.
    state = table(phase=ns.Phase.SHADOW, drawn=1, piles=["R3"], pending="SH5", reserves=["JOKER"])
    assert decide(state) == "0:keep SH5"


def test_skips_the_opponent_with_the_biggest_pile() -> None:
    state = table(phase=ns.Phase.ACTION, drawn=1, pending="SKIP", piles=["R3", "", "B1 G2 Y3 R4"])
    assert decide(state) == "0:activate SKIP 2"


def test_doubles_an_opponent_with_a_pile_to_lose_or_keeps_the_double() -> None:
    with_pile = table(phase=ns.Phase.ACTION, drawn=1, pending="DOUBLE", piles=["R3", "B1 G2", "Y5"])
    assert decide(with_pile) == "0:activate DOUBLE 1"
    no_pile = table(phase=ns.Phase.ACTION, drawn=1, pending="DOUBLE", piles=["R3", "B1", "Y5"])
    assert decide(no_pile) == "0:reserve DOUBLE"


def test_swipes_a_neighbour_s_bigger_pile() -> None:
    state = table(phase=DRAW, drawn=1, reserves=["SWIPE"], piles=["R3", "B1 G2 Y4 R6", ""])
    assert decide(state) == "0:activate SWIPE 1"


def test_keeps_the_most_useful_quantum_card_that_does_not_break_the_pile() -> None:
    # R5 would make two 5s in a row; B9 makes three 9s with the collection.
    state = table(
        phase=ns.Phase.QUANTUM,
        drawn=3,
        pending="R5 B9 G2",
        discard="QUANTUM",
        piles=["B1 Y5"],
        collections=["R9 G9"],
    )
    assert decide(state) == "0:keep B9"


def validate(state: ns.State, bot: HeuristicBot) -> tuple[ns.State, list[str]]:
    """Let the bot validate for the seat to act until it ends; return its moves."""
    seat, moves = state.player, []
    while state.player == seat and state.phase in (ns.Phase.VALIDATION, ns.Phase.SELECTION):
        move = decide(state, bot)
        moves.append(move)
        state = ns.apply(state, ns.parse_action(move))
    return state, moves


def test_validates_the_optimal_set_in_decision_order() -> None:
    collection = "R9 B9 G9 R2 B2 Y5 Y6 Y7 Y8 SH3 R12 B12 G14 RB14"
    validated = scorecard(pair=30)
    state = table(phase=ns.Phase.VALIDATION, collections=[collection], scorecards=[validated])
    open_ = [o for o in ns.OBJECTIVES if o is not ns.Objective.PAIR]
    best = ns.best_validation(cards(collection), open_)
    after, moves = validate(state, HeuristicBot(1))
    # Each combination of the optimum, in decision order, its cards in canonical order;
    # every other objective that came under decision passed; then the end.
    ordered = sorted(best, key=lambda c: c.objective.decision_index)
    assert [c.objective for c in ordered] != [c.objective for c in best]  # not the scorecard's
    played = [str(pick) for c in ordered for pick in ns.combination_actions(0, c)]
    assert [move for move in moves if ":pick " in move] == played
    assert moves[-1] == "0:end"
    assert len(moves) == len(played) + moves.count("0:pass") + 1
    assert ns.points(after)[0] == 30 + sum(combination.points for combination in best)


def test_a_bot_built_mid_combination_completes_it() -> None:
    state = table(
        phase=ns.Phase.SELECTION, collections=["R9 B9 G4"], objective="pair", selection="R9"
    )
    after, moves = validate(state, HeuristicBot(1))
    assert moves == ["0:pick B9", "0:end"]
    assert ns.points(after)[0] == 18


def test_the_same_seed_plays_the_same_game() -> None:
    config = ns.Config(players=4, max_rounds=1)
    logs = []
    for _ in range(2):
        bots: list[numrules.Bot] = [HeuristicBot(5), HeuristicBot(6)]
        bots += [numrules.RandomBot(7), numrules.RandomBot(8)]
        logs.append(numrules.play_match("numstop", config, bots, seed=11).actions)
    assert logs[0] == logs[1]


def test_make_bot_builds_it_by_name() -> None:
    bot = numrules.make_bot("heuristic", 1, ns.GAME)
    assert isinstance(bot, HeuristicBot)
    assert bot.seed == 1
    assert "heuristic" in numrules.bot_names(ns.GAME)


def test_four_heuristic_bots_finish_a_game() -> None:
    bots: list[numrules.Bot] = [HeuristicBot(seat) for seat in range(4)]
    result = numrules.play_match("numstop", ns.Config(players=4), bots, seed=3)
    assert ns.is_terminal(result.final_state)
    assert result.replay() == result.final_state


def test_plays_the_discovery_mode() -> None:
    config = ns.Config(players=4, mode=ns.Mode.DISCOVERY, max_rounds=1)
    bots: list[numrules.Bot] = [HeuristicBot(0)]
    bots += [numrules.RandomBot(seat) for seat in range(1, 4)]
    assert ns.is_terminal(numrules.play_match("numstop", config, bots, seed=2).final_state)


def test_beats_three_random_bots() -> None:
    # A few games, the heuristic bot moving round the table: it wins more than its share
    # (a quarter of the games) and scores more than the random bots.
    games, wins = 4, 0.0
    mine, theirs = [], []
    for seed in range(games):
        seat = seed % 4
        bots: list[numrules.Bot] = [
            numrules.RandomBot(derive_seed(seed, "bot", s)) for s in range(4)
        ]
        bots[seat] = HeuristicBot(seed)
        result = numrules.play_match("numstop", ns.Config(players=4), bots, seed=seed)
        wins += (seat in result.winners) / len(result.winners)
        mine.append(result.scores[seat])
        theirs += [score for s, score in enumerate(result.scores) if s != seat]
    assert wins > games / 4
    assert statistics.fmean(mine) > statistics.fmean(theirs)
