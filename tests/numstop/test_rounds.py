"""Num Stop rounds: the deal, the end of a round, validation, the end of the game."""

from __future__ import annotations

import pytest

from numrules import ConfigError, Reason
from numrules import numstop as ns
from numrules.core.cards import parse_num_cards
from numrules.core.rng import derive_seed, shuffled
from tests.numstop.helpers import (
    cards,
    collections,
    discard_tail,
    finish,
    full_scorecard,
    moves_of,
    piles,
    play,
    refused,
    reserves,
    scorecard,
    table,
    text,
    validate,
)

VALIDATION = ns.Phase.VALIDATION

# --- the deal ---------------------------------------------------------------------------


def test_a_stacked_classic_deck_is_split_54_54_top_first() -> None:
    config = ns.Config(players=3)
    deck = tuple(reversed(ns.all_cards(config)))
    state = ns.new_game(config, 11, deck=deck)
    assert state.stocks == (deck[:54], deck[54:])
    assert (len(state.stocks[0]), len(state.stocks[1])) == (54, 54)
    assert (state.round, state.player, state.phase) == (0, 0, ns.Phase.START)
    assert state.piles == state.collections == state.reserves == ((), (), ())
    assert (state.discard, state.pending) == ((), ())
    state = play(state, "0:draw A")
    assert state.pending == deck[:1]
    assert state.stocks[0] == deck[1:54]


def test_a_stacked_discovery_deck_is_split_51_51_without_action_cards() -> None:
    config = ns.Config(players=2, mode=ns.Mode.DISCOVERY)
    deck = ns.all_cards(config)
    assert len(deck) == 102
    state = ns.new_game(config, 3, deck=deck)
    assert state.stocks == (deck[:51], deck[51:])
    with pytest.raises(ConfigError):
        ns.new_game(config, 3, deck=cards("FLIP"))


def test_a_partial_stacked_deck_comes_first_and_the_rest_follows_from_the_seed() -> None:
    config = ns.Config(players=4)
    state = ns.new_game(config, 9, deck=cards("SH3 R2 QUANTUM"))
    assert text(state.stocks[0][:3]) == "SH3 R2 QUANTUM"
    assert (len(state.stocks[0]), len(state.stocks[1])) == (54, 54)
    again = ns.new_game(config, 9, deck=cards("SH3 R2 QUANTUM"))
    assert again == state
    assert ns.new_game(config, 10, deck=cards("SH3 R2 QUANTUM")) != state


def test_bad_stacked_decks_are_config_errors() -> None:
    config = ns.Config()
    for deck in (cards("R1 R1"), parse_num_cards("NUMX"), ["R1"], [1, 2]):
        with pytest.raises(ConfigError):
            ns.new_game(config, 0, deck=deck)  # type: ignore[arg-type]


def test_the_first_turns_of_a_game_from_a_stacked_deck() -> None:
    config = ns.Config(players=2)
    stock_a = cards("R7 B9 SH3 FLIP")
    stock_b = cards("G2 RB5 Y5")
    deck = (*stock_a, *[c for c in ns.all_cards(config) if c not in stock_a + stock_b][:50])
    state = ns.new_game(config, 4, deck=(*deck, *stock_b))
    assert state.stocks[0][:4] == stock_a
    assert state.stocks[1][:3] == stock_b
    state = play(state, "0:draw A", "0:draw A", "0:stop")
    assert piles(state) == ["R7 B9", ""]
    state = play(state, "1:draw B", "1:draw B")  # G2 then RB5: a forced redraw
    assert state.phase is ns.Phase.REDRAW
    state = play(state, "1:draw B")  # Y5 after RB5: two fives, the pile is lost
    assert piles(state) == ["R7 B9", ""]
    assert text(state.discard) == "G2 RB5 Y5"
    state = play(state, "0:lock")
    assert collections(state) == ["R7 B9", ""]
    state = play(state, "1:draw A", "1:keep SH3", "0:draw A", "0:activate FLIP")
    assert piles(state) == ["", "SH3"]
    assert ns.observe(state, 0).tops == (state.stocks[0][0], state.stocks[1][0])


def test_seeds_are_ints() -> None:
    for seed in (True, "1", 1.0, None):
        with pytest.raises(ConfigError):
            ns.new_game(ns.Config(), seed)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_config_accepts_2_to_6_players(players: int) -> None:
    state = ns.new_game(ns.Config(players=players), 1)
    assert len(state.piles) == players
    ns.check_state(state)


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 1},
        {"players": 7},
        {"players": "3"},
        {"mode": "classic"},
        {"max_rounds": 0},
        {"bonuses": (0,) * 9},
        {"reserve_size": -1},
        {"family_run": 1},
        {"max_value": 4},
    ],
)
def test_bad_configs_are_refused(fields: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        ns.Config(**fields)  # type: ignore[arg-type]


def test_round_r_starts_with_seat_r_mod_n_from_a_fresh_shuffle() -> None:
    state = table(phase=VALIDATION, round_=4, player=1, seed=21)
    state = play(state, "1:end", "2:end", "0:end")
    order = shuffled(ns.all_cards(state.config), derive_seed(21, "round", 5))
    assert (state.round, state.player, state.phase) == (5, 2, ns.Phase.START)
    assert state.stocks == (order[:54], order[54:])
    assert state.discard == ()
    assert state.collections == state.scored == ((), (), ())


# --- the end of a round -----------------------------------------------------------------


def test_the_round_ends_mid_turn_when_both_stocks_are_empty() -> None:
    state = table(
        a="R5",
        piles=["G7 B8", "B3", ""],
        collections=["Y7 Y1", "", ""],
        reserves=["", "FLIP", ""],
        doubled=[2],
        skipped=[1],
        peeks=(None, None),
        phase=ns.Phase.DRAW,
        drawn=1,
        rest="discard",
    )
    after = play(state, "0:draw A")
    assert (after.phase, after.player, after.stocks) == (VALIDATION, 0, ((), ()))
    assert piles(after) == reserves(after) == ["", "", ""]
    assert collections(after) == ["Y7 Y1", "", ""]  # collections are kept for validation
    assert discard_tail(after, state) == "R5 G7 B8 B3 FLIP"
    assert (after.doubled, after.skipped, after.drawn, after.double) == (
        frozenset(),
        frozenset(),
        0,
        False,
    )
    # The lost G7 does not make a pair with Y7: nothing to validate.
    assert moves_of(after) == ["0:end"]


def test_nobody_gets_a_last_turn_and_a_rainbow_drawn_last_needs_no_redraw() -> None:
    state = table(b="RB9", piles=["B2"], round_=1, player=1, rest="discard")
    after = play(state, "1:draw B")
    assert (after.phase, after.player) == (VALIDATION, 1)
    assert discard_tail(after, state) == "RB9 B2"


def test_the_round_does_not_end_while_one_stock_has_cards() -> None:
    state = table(a="R5", b="Y2", rest="discard")
    after = play(state, "0:draw A", "0:stop")
    assert (after.phase, after.player) == (ns.Phase.START, 1)
    assert moves_of(after) == ["1:draw B"]


# --- validation -------------------------------------------------------------------------


def validating(**fields: object) -> ns.State:
    """Round 1 of three players, seat 1 validating first."""
    return table(
        phase=VALIDATION,
        round_=1,
        player=1,
        collections=["R1 R2", "R7 B7 G7 SH2 Y3", "B9 G9"],
        **fields,  # type: ignore[arg-type]
    )


def test_validation_starts_with_the_rounds_first_player_and_goes_left() -> None:
    state = validating()
    # Seat 1's first objective it can fill, in decision order (R7 B7 G7 SH2).
    assert state.objective is ns.Objective.FOUR_OF_A_KIND
    assert moves_of(state)[-1] == "1:pass"
    assert "1:pick R7" in moves_of(state)
    refused(state, "2:pick B9", Reason.NOT_YOUR_TURN)
    refused(state, "0:end", Reason.NOT_YOUR_TURN)
    state = finish(state)
    assert (state.phase, state.player, state.objective) == (VALIDATION, 2, ns.Objective.PAIR)
    state = finish(validate(state, "pair", "B9 G9"))
    assert (state.phase, state.player, state.objective) == (VALIDATION, 0, None)
    assert moves_of(state) == ["0:end"]  # R1 R2 fill nothing: there is nothing to decide
    state = play(state, "0:end")
    assert (state.round, state.player, state.phase) == (2, 2, ns.Phase.START)
    assert state.scorecards[2] == scorecard(pair=18)  # kept into the next round


def test_a_wild_validates_and_scores_10() -> None:
    state = validating()
    after = validate(state, "three_of_a_kind", "R7 B7 SH2")
    assert after.scorecards[1] == scorecard(three_of_a_kind=7 + 7 + 10 + 10)
    assert collections(after)[1] == "G7 Y3"
    assert text(after.scored[1]) == "R7 B7 SH2"
    assert (after.phase, after.player, after.objective) == (VALIDATION, 1, None)
    assert ns.points(after) == (0, 34, 0)


def test_a_wild_completes_a_straight() -> None:
    state = table(phase=VALIDATION, collections=["R5 B6 SH2 Y8"])
    after = validate(state, "small_straight", "R5 B6 Y8 SH2")
    assert after.scorecards[0] == scorecard(small_straight=5 + 6 + 10 + 8 + 5)


def test_a_shadow_straight_scores_30_flat() -> None:
    state = table(phase=VALIDATION, collections=["R15 SH16 B14"])
    after = validate(state, "shadow_straight", "R15 B14 SH16")
    assert after.scorecards[0] == scorecard(shadow_straight=30)


def test_a_card_serves_one_combination_per_round() -> None:
    state = validate(validating(), "pair", "R7 B7")
    assert state.scorecards[1] == scorecard(pair=14)
    # G7 SH2 Y3 are left: no three of a kind without R7 or B7, the pair is done.
    assert state.objective is None
    assert moves_of(state) == ["1:end"]
    refused(state, "1:pick G7", Reason.NOT_ALLOWED)
    assert (collections(state)[1], text(state.scored[1])) == ("G7 SH2 Y3", "R7 B7")


def test_a_validated_objective_is_final() -> None:
    state = validating(scorecards=[scorecard(), scorecard(four_of_a_kind=48)])
    assert state.objective is ns.Objective.FULL_HOUSE  # the four of a kind is passed over
    assert "1:pick R7" in moves_of(state)


def test_bad_validations_are_refused_with_their_reason() -> None:
    # Seat 1 decides its pair (it passed the others): R7 B7 G7 SH2 Y3.
    state = validating(objective="pair")
    refused(state, "1:end", Reason.NOT_ALLOWED)  # the pair is still to decide
    refused(state, "1:pick SH2", Reason.NOT_ALLOWED)  # a Shadow sorts last: it ends a pair
    refused(state, "1:pick R1", Reason.CARD_NOT_HELD)  # seat 0's card
    refused(state, "1:pick JOKER", Reason.CARD_NOT_HELD)
    refused(state, ns.Pick(1, "R7"), Reason.MALFORMED)  # type: ignore[arg-type]
    state = play(state, "1:pick B7")
    refused(state, "1:pick R7", Reason.NOT_ALLOWED)  # R7 comes before B7
    refused(state, "1:pick Y3", Reason.NOT_ALLOWED)  # Y3 does not pair with B7
    refused(state, "1:pick B7", Reason.CARD_NOT_HELD)  # picked already
    refused(state, "1:pass", Reason.WRONG_PHASE)  # a combination begun is completed
    refused(state, "1:end", Reason.WRONG_PHASE)
    done = play(state, "1:pick G7")  # the pair is validated; nothing left fills an objective
    refused(done, "1:pass", Reason.NOT_ALLOWED)
    lone = table(phase=VALIDATION, collections=["R7 B7 G9"])
    refused(lone, "0:pick G9", Reason.NOT_ALLOWED)  # G9 begins no pair
    all_decided = table(phase=VALIDATION, collections=["R7 B7"], decided=True)
    refused(all_decided, "0:pass", Reason.NOT_ALLOWED)
    refused(all_decided, "0:pick R7", Reason.NOT_ALLOWED)
    two_wilds = table(phase=VALIDATION, collections=["SH2 SH3"])
    assert (two_wilds.objective, moves_of(two_wilds)) == (None, ["0:end"])
    in_play = table(collections=["R7 B7"])
    refused(in_play, "0:pass", Reason.WRONG_PHASE)
    refused(in_play, "0:pick R7", Reason.WRONG_PHASE)
    refused(in_play, "0:end", Reason.WRONG_PHASE)


# --- the end of the game ----------------------------------------------------------------

NINE = scorecard(
    pair=5,
    two_pairs=5,
    three_of_a_kind=10,
    four_of_a_kind=20,
    full_house=15,
    small_straight=5,
    large_straight=15,
    flush=10,
    straight_flush=25,
)  # 110 points


def last_round(mode: ns.Mode) -> ns.State:
    """Seat 1 can complete its tenth objective; seat 2 has as many points."""
    return table(
        phase=VALIDATION,
        collections=["", "R3 SH4 B5"],
        scorecards=[
            scorecard(pair=20, flush=30),
            NINE,
            scorecard(pair=30, four_of_a_kind=60, flush=50),
        ],
        mode=mode,
        round_=0,
    )


def test_the_game_ends_after_the_round_in_which_someone_completes_all_ten() -> None:
    state = validate(play(last_round(ns.Mode.CLASSIC), "0:end"), "shadow_straight", "R3 B5 SH4")
    assert state.scorecards[1] == (*NINE[:-1], 30)
    state = play(state, "1:end")
    assert (state.phase, state.player) == (VALIDATION, 2)  # the round's validation goes on
    assert ns.winners(state) == frozenset()
    state = play(state, "2:end")
    assert ns.is_terminal(state)
    assert (state.phase, ns.to_act(state), ns.legal_actions(state)) == (
        ns.Phase.OVER,
        frozenset(),
        (),
    )
    assert ns.scores(state) == (50, 140, 140)
    assert ns.winners(state) == frozenset({1, 2})  # ties share
    refused(state, "0:end", Reason.GAME_OVER)


def test_discovery_is_won_by_the_number_of_objectives() -> None:
    state = last_round(ns.Mode.DISCOVERY)
    state = validate(play(state, "0:end"), "shadow_straight", "R3 B5 SH4")
    state = play(state, "1:end", "2:end")
    assert ns.scores(state) == (2, 10, 3)
    assert ns.points(state) == (50, 140, 140)
    assert ns.objectives_done(state) == (2, 10, 3)
    assert ns.winners(state) == frozenset({1})


def test_the_game_goes_on_while_nobody_has_all_ten() -> None:
    state = play(last_round(ns.Mode.CLASSIC), "0:end", "1:pass", "1:end", "2:end")
    assert (state.phase, state.round, state.player) == (ns.Phase.START, 1, 1)


def test_a_complete_scorecard_ends_the_game_after_the_validation() -> None:
    state = table(phase=VALIDATION, scorecards=[full_scorecard(3)], players=2, round_=0)
    state = play(state, "0:end", "1:end")
    assert ns.is_terminal(state)
    assert ns.winners(state) == frozenset({0})


def test_max_rounds_ends_the_game_after_that_rounds_validation() -> None:
    state = table(phase=VALIDATION, round_=1, player=1, max_rounds=2, players=2)
    state = play(state, "1:end", "0:end")
    assert ns.is_terminal(state)
    assert ns.winners(state) == frozenset({0, 1})
    earlier = table(phase=VALIDATION, round_=0, max_rounds=2, players=2)
    earlier = play(earlier, "0:end", "1:end")
    assert (earlier.phase, earlier.round, earlier.player) == (ns.Phase.START, 1, 1)
