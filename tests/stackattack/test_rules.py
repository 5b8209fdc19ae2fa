"""Stack Attack rule scenarios, one per rule paragraph and per listed interaction.

Reminder of the default action cards: SWITCH 6 38, BLOCK 14 46, SHIELD 18 52,
DECREASING 27 59. Penalties: 55 = 8; 11 22 33 44 = 5; tens = 3; other fives = 2; else 1.
"""

from __future__ import annotations

import pytest

from numrules import ConfigError, Reason
from numrules import stackattack as sa
from numrules.core.rng import derive_seed, shuffled
from tests.stackattack.helpers import play, refused, reveal, rows, table, taken


def cards(text: str) -> tuple[sa.Card, ...]:
    return sa.parse_cards(text)


# --- dealing -------------------------------------------------------------------------


def test_a_stacked_deck_deals_hands_seat_by_seat_then_one_card_per_row() -> None:
    deck = [sa.Card(n) for n in range(64, 40, -1)]  # 64, 63, ..., 41
    state = sa.new_game(sa.Config(players=2), seed=3, deck=deck)
    assert state.hands == (
        cards("55 56 57 58 59 60 61 62 63 64"),
        cards("45 46 47 48 49 50 51 52 53 54"),
    )
    assert rows(state) == [[44], [43], [42], [41]]
    assert sorted(state.unused) == list(range(1, 41))
    assert state.phase is sa.Phase.CHOOSE
    assert (state.round, state.turn) == (0, 0)
    assert sa.to_act(state) == {0, 1}


def test_a_partial_stacked_deck_is_completed_from_the_seed() -> None:
    deck = list(cards("1 2 3 4 5 7 8 9 10 11 12 13 15 16 17 19 20 21 22 23"))
    one = sa.new_game(sa.Config(players=2), seed=1, deck=deck)
    two = sa.new_game(sa.Config(players=2), seed=1, deck=deck)
    other = sa.new_game(sa.Config(players=2), seed=2, deck=deck)
    assert one == two
    assert one.hands == other.hands  # the stacked part is the same whatever the seed
    assert one.rows != other.rows or one.unused != other.unused


@pytest.mark.parametrize(
    "deck",
    [[1, 1], [65], [0], ["12"], [True], "1 2 3"],
    ids=["duplicate", "too-high", "zero", "string-card", "bool", "string"],
)
def test_a_bad_stacked_deck_is_a_config_error(deck: object) -> None:
    with pytest.raises(ConfigError):
        sa.new_game(sa.Config(players=2), seed=0, deck=deck)  # type: ignore[arg-type]


def test_later_rounds_are_dealt_from_a_shuffle_of_the_seed() -> None:
    config = sa.Config(players=2, hand_size=1)
    state = sa.new_game(config, seed=42, deck=list(cards("30 40 10 20 50 60")))
    state = reveal(state, 30, 40)  # one-turn rounds: round 1 starts at once
    assert state.round == 1
    order = shuffled(config.all_cards(), derive_seed(42, "round", 1))
    assert state.hands == ((order[0],), (order[1],))
    assert rows(state) == [[order[2]], [order[3]], [order[4]], [order[5]]]
    assert state.taken == ((), ())


# --- choosing ------------------------------------------------------------------------


def test_choices_are_simultaneous_secret_and_final() -> None:
    state = table(["12 30", "20 40"], ["10", "50", "60", "63"])
    state = play(state, "0:choose 12")
    assert sa.to_act(state) == {1}
    assert state.hands[0] == (30,)
    seen = sa.observe(state, 1)
    assert seen.chosen == (True, False)
    assert seen.choice is None
    assert seen.revealed == (None, None)
    assert sa.observe(state, 0).choice == 12
    assert sa.observe(state, None).choice is None
    refused(state, sa.Choose(0, sa.Card(30)), Reason.ALREADY_ACTED)
    refused(state, sa.Choose(1, sa.Card(30)), Reason.CARD_NOT_HELD)
    refused(state, sa.Switch(1, 0), Reason.WRONG_PHASE)


# --- placing -------------------------------------------------------------------------


def test_a_card_goes_after_the_highest_row_end_below_it() -> None:
    state = table(["50 1", "30 2"], ["12", "28", "47", "63"])
    state = reveal(state, 50, 30)
    assert rows(state) == [[12], [28, 30], [47, 50], [63]]
    assert state.turn == 1  # an empty table and two cards in hand: turn 0 of 0..1
    assert state.phase is sa.Phase.CHOOSE


def test_cards_are_placed_lowest_first_each_fully_resolved() -> None:
    state = table(["25 1", "20 2"], ["10", "40", "50", "60"])
    state = reveal(state, 25, 20)
    assert rows(state) == [[10, 20, 25], [40], [50], [60]]


def test_the_sixth_card_takes_the_five_and_starts_the_row() -> None:
    state = table(["9 61", "12 62"], ["2 3 4 7 8", "30", "40", "50"])
    state = reveal(state, 9, 12)
    assert taken(state) == [[2, 3, 4, 7, 8], []]
    assert rows(state) == [[9, 12], [30], [40], [50]]
    assert sa.scores(state) == (5, 0)


def test_a_card_below_every_row_lets_its_holder_pick_the_row_to_take() -> None:
    state = table(["3 1", "60 2"], ["20", "30", "33 40", "45 50"])
    state = reveal(state, 3, 60)
    assert state.phase is sa.Phase.TAKE
    assert sa.to_act(state) == {0}
    assert sa.legal_actions(state) == tuple(sa.TakeRow(0, r) for r in range(4))
    refused(state, sa.TakeRow(1, 2), Reason.NOT_YOUR_TURN)
    state = play(state, "0:take 2")
    assert taken(state) == [[33, 40], []]
    assert rows(state) == [[20], [30], [3], [45, 50, 60]]
    assert sa.scores(state) == (8, 0)
    assert state.phase is sa.Phase.CHOOSE


def test_a_shield_as_sixth_card_is_appended_and_the_next_card_takes_six() -> None:
    state = table(["18 61", "19 62"], ["2 3 4 7 8", "30", "40", "50"])
    state = reveal(state, 18, 19)
    assert taken(state) == [[], [2, 3, 4, 7, 8, 18]]
    assert rows(state) == [[19], [30], [40], [50]]
    assert sa.scores(state) == (0, 6)


def test_a_shield_below_every_row_joins_the_chosen_row_without_taking() -> None:
    state = table(["18 1", "31 2"], ["20", "21 23 24 26 30", "40", "50"])
    state = reveal(state, 18, 31)
    assert state.phase is sa.Phase.SHIELD
    assert sa.legal_actions(state) == tuple(sa.PlaceShield(0, r) for r in range(4))
    state = play(state, "0:shield 1")
    assert taken(state) == [[], []]
    # The shield is now the end of row 1, so 31 follows 20 instead of 30.
    assert rows(state) == [[20, 31], [21, 23, 24, 26, 30, 18], [40], [50]]


# --- action cards --------------------------------------------------------------------


def test_switch_swaps_cards_and_the_new_holders_place_them() -> None:
    state = table(["6 1", "45 2", "33 3"], ["10", "20", "30", "40"])
    state = reveal(state, 6, 45, 33)
    assert state.phase is sa.Phase.SWITCH
    assert sa.to_act(state) == {0}
    assert sa.legal_actions(state) == (sa.Switch(0, 1), sa.Switch(0, 2))
    for bad in (sa.Switch(0, 0), sa.Switch(0, 3)):
        refused(state, bad, Reason.BAD_TARGET)
    state = play(state, "0:switch 2")
    # 6 is now seat 2's card, below every row: seat 2 chooses the row to take.
    assert state.played == (33, 45, 6)
    assert state.phase is sa.Phase.TAKE
    assert sa.to_act(state) == {2}
    state = play(state, "2:take 3")
    assert taken(state) == [[], [], [40]]
    assert rows(state) == [[10], [20], [30, 33, 45], [6]]
    assert sa.scores(state) == (0, 0, 3)


def test_two_switches_resolve_lowest_first_and_cards_can_move_again() -> None:
    state = table(["6 1", "38 2", "50 3", "27 4"], ["10", "20", "30", "40"])
    state = reveal(state, 6, 38, 50, 27)
    assert state.queue == (6, 27, 38)  # actions lowest first, DECREASING or not
    state = play(state, "0:switch 1")
    assert state.played == (38, 6, 50, 27)
    assert sa.to_act(state) == {0}  # seat 0 now holds the SWITCH 38
    state = play(state, "0:switch 2")
    # Seat 0 ends with 50, seat 2 with 38. Placement runs high to low: 50 (seat 0),
    # 38 (seat 2), 27 (seat 3); then 6 (seat 1) is below every row.
    assert state.decreasing
    assert state.played == (None, 6, None, None)
    assert state.queue == (6,)
    assert state.phase is sa.Phase.TAKE
    assert sa.to_act(state) == {1}
    assert rows(state) == [[10], [20, 27], [30, 38], [40, 50]]


def test_block_closes_a_row_for_this_turn_only() -> None:
    state = table(["14 1", "35 2", "45 3"], ["10", "30", "40", "50"])
    state = reveal(state, 14, 35, 45)
    assert state.phase is sa.Phase.BLOCK
    assert sa.legal_actions(state) == tuple(sa.Block(0, r) for r in range(4))
    state = play(state, "0:block 1")
    # 35 cannot follow 30 (blocked): it goes after 14, the best open row end below it.
    assert rows(state) == [[10, 14, 35], [30], [40, 45], [50]]
    assert state.blocked == ()
    assert state.phase is sa.Phase.CHOOSE


def test_a_card_below_every_open_row_takes_only_an_open_row() -> None:
    state = table(["14 1", "12 2"], ["10", "30", "40", "50"])
    state = reveal(state, 14, 12)
    state = play(state, "0:block 0")
    assert state.phase is sa.Phase.TAKE
    assert sa.to_act(state) == {1}
    assert sa.legal_actions(state) == (sa.TakeRow(1, 1), sa.TakeRow(1, 2), sa.TakeRow(1, 3))
    refused(state, sa.TakeRow(1, 0), Reason.BAD_TARGET)


def test_two_blocks_close_two_rows() -> None:
    state = table(["14 1", "46 2", "60 3"], ["10", "20", "30", "40"])
    state = reveal(state, 14, 46, 60)
    state = play(state, "0:block 3")
    assert sa.legal_actions(state) == (sa.Block(1, 0), sa.Block(1, 1), sa.Block(1, 2))
    state = play(state, "1:block 2")
    # Rows 2 and 3 are closed: 14 follows 10, then 46 and 60 both follow 20.
    assert rows(state) == [[10, 14], [20, 46, 60], [30], [40]]
    assert state.phase is sa.Phase.CHOOSE


def test_block_then_switch_moves_only_the_card_not_the_block() -> None:
    state = table(["14 1", "38 2", "50 3"], ["20", "25", "30", "40"])
    state = reveal(state, 14, 38, 50)
    state = play(state, "0:block 3")  # the lower card resolves first
    state = play(state, "1:switch 0")  # seat 1 gets the BLOCK card; the block stays
    assert state.played == (38, 14, 50)
    assert state.blocked == (3,)
    # 14, now seat 1's, is below every open row: seat 1 picks among rows 0..2.
    assert state.phase is sa.Phase.TAKE
    assert sa.legal_actions(state) == (sa.TakeRow(1, 0), sa.TakeRow(1, 1), sa.TakeRow(1, 2))
    state = play(state, "1:take 0")
    # 38 (seat 0) follows 30; 50 cannot follow 40 (blocked), so it follows 38.
    assert rows(state) == [[14], [25], [30, 38, 50], [40]]
    assert taken(state) == [[], [20], []]


def test_switch_then_block_lets_the_new_holder_choose_the_row() -> None:
    state = table(["6 1", "46 2", "50 3"], ["10", "20", "30", "40"])
    state = reveal(state, 6, 46, 50)
    state = play(state, "0:switch 1")
    assert state.played == (46, 6, 50)
    assert state.phase is sa.Phase.BLOCK
    assert sa.to_act(state) == {0}
    refused(state, sa.Block(1, 0), Reason.NOT_YOUR_TURN)


def test_decreasing_reverses_placement_and_several_count_once() -> None:
    state = table(["27 1", "59 2", "40 3"], ["10", "20", "60", "61"])
    state = reveal(state, 27, 59, 40)
    # High to low: 59 after 20, 40 after 10, then 27 is below every row end.
    assert rows(state) == [[10, 40], [20, 59], [60], [61]]
    assert state.phase is sa.Phase.TAKE
    assert sa.to_act(state) == {0}
    assert state.queue == (27,)


def test_without_decreasing_the_same_cards_go_up() -> None:
    state = table(["26 1", "58 2", "40 3"], ["10", "20", "60", "61"])
    state = reveal(state, 26, 58, 40)
    assert rows(state) == [[10], [20, 26, 40, 58], [60], [61]]


# --- rounds and the end --------------------------------------------------------------


def test_a_round_ends_with_the_hands_and_rows_left_on_the_table_score_nothing() -> None:
    state = table(["9", "12"], ["2 3 4 7 8", "55", "43 44 45", "60"])
    assert state.turn == 3
    state = reveal(state, 9, 12)
    assert state.round == 1
    assert state.turn == 0
    assert state.banked == (5, 0)  # 55, 44, 45 and 60 stayed on the table: nobody scores them
    assert all(len(hand) == state.config.hand_size for hand in state.hands)
    assert state.taken == ((), ())
    assert sa.scores(state) == (5, 0)


def test_the_game_ends_only_after_the_round_in_which_a_total_reaches_64() -> None:
    mid_round = table(["9 61", "12 62"], ["2 3 4 7 8", "30", "40", "50"], banked=(63, 0))
    after = reveal(mid_round, 9, 12)
    assert sa.scores(after) == (68, 0)
    assert not sa.is_terminal(after)  # the round goes on
    last_turn = table(["9", "12"], ["2 3 4 7 8", "30", "40", "50"], banked=(60, 10))
    over = reveal(last_turn, 9, 12)
    assert sa.is_terminal(over)
    assert sa.scores(over) == (65, 10)
    assert sa.winners(over) == {1}
    assert sa.to_act(over) == frozenset()
    assert sa.legal_actions(over) == ()
    refused(over, sa.Choose(0, sa.Card(1)), Reason.GAME_OVER)


def test_tied_lowest_totals_share_the_win() -> None:
    state = table(["31", "32", "33"], ["10", "20", "30", "40"], banked=(50, 20, 20), max_rounds=2)
    over = reveal(state, 31, 32, 33)
    assert sa.scores(over) == (50, 20, 20)
    assert sa.winners(over) == {1, 2}


def test_max_rounds_ends_the_game_after_that_round() -> None:
    state = table(["31", "41"], ["10", "20", "30", "40"], max_rounds=1)
    over = reveal(state, 31, 41)
    assert sa.is_terminal(over)
    assert sa.winners(over) == {0, 1}


# --- configuration -------------------------------------------------------------------


def test_the_default_penalty_table_totals_104() -> None:
    config = sa.Config()
    assert sum(config.penalties) == 104
    assert config.penalty(55) == 8
    by_points = {p: [n for n in range(1, 65) if config.penalty(n) == p] for p in (8, 5, 3, 2)}
    assert by_points == {
        8: [55],
        5: [11, 22, 33, 44],
        3: [10, 20, 30, 40, 50, 60],
        2: [5, 15, 25, 35, 45],
    }
    assert {config.power(n) for n in (6, 38)} == {sa.Power.SWITCH}
    assert {config.power(n) for n in (14, 46)} == {sa.Power.BLOCK}
    assert {config.power(n) for n in (18, 52)} == {sa.Power.SHIELD}
    assert {config.power(n) for n in (27, 59)} == {sa.Power.DECREASING}
    assert config.power(1) is None


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 1},
        {"players": 7},
        {"players": True},
        {"players": "4"},
        {"hand_size": 0},
        {"players": 6, "hand_size": 11},
        {"rows": 2},
        {"penalties": (1,) * 63},
        {"penalties": (-1,) * 64},
        {"switch": (6, 14)},
        {"shield": (65,)},
        {"block": [14, 46]},
        {"max_rounds": 0},
        {"end_score": 0},
    ],
)
def test_inconsistent_rules_are_refused(rules: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        sa.Config(**rules)  # type: ignore[arg-type]


def test_custom_rules_are_kept() -> None:
    config = sa.Config(
        players=6,
        hand_size=5,
        rows=3,
        row_limit=3,
        deck_size=40,
        block=(14,),
        shield=(18,),
        decreasing=(27,),
    )
    assert len(config.penalties) == 40
    state = sa.new_game(config, seed=0)
    assert all(len(hand) == 5 for hand in state.hands)
    assert len(state.rows) == 3
    assert len(state.unused) == 40 - 30 - 3
