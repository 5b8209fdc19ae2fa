"""Num Bounce configuration, the deal, round ends, match formats and the turn limit."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from numrules import ConfigError, StateError
from numrules import numbounce as nb
from numrules.core.cards import sort_num_cards
from numrules.core.rng import derive_seed, shuffled
from tests.numbounce.helpers import cards, hand, play, table

# --- configuration -----------------------------------------------------------------------


def test_default_config_is_four_players_ten_cards_three_rounds() -> None:
    config = nb.Config()
    assert (config.players, config.hand_size) == (4, 10)
    assert (config.rounds, config.target_wins, config.max_turns_per_round) == (3, None, None)
    assert nb.DEFAULT_ROUNDS == 3


def test_every_player_count_from_two_to_eight_is_accepted() -> None:
    for players in range(nb.MIN_PLAYERS, nb.MAX_PLAYERS + 1):
        assert nb.Config(players=players).players == players
    assert (nb.GAME.min_players, nb.GAME.max_players) == (2, 8)


def test_target_wins_replaces_the_default_number_of_rounds() -> None:
    config = nb.Config(target_wins=2)
    assert (config.rounds, config.target_wins) == (None, 2)


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 1},
        {"players": 9},
        {"players": 8, "hand_size": 14},  # 8 x 14 + 1 = 113 > 107
        {"hand_size": 0},
        {"players": "4"},
        {"players": True},
        {"rounds": 0},
        {"rounds": None},
        {"rounds": 2, "target_wins": 2},
        {"target_wins": 0},
        {"target_wins": 1.5},
        {"max_turns_per_round": 0},
        {"max_turns_per_round": "9"},
    ],
)
def test_inconsistent_configs_are_refused(rules: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        nb.Config(**rules)


def test_the_largest_deal_fits_the_deck() -> None:
    config = nb.Config(players=8, hand_size=13)  # 104 cards dealt, one discard, two drawn
    state = nb.new_game(config, seed=1)
    assert [len(h) for h in state.hands] == [13] * 8
    assert len(state.discard) == 1
    assert len(state.draw) == 2


# --- the deal ----------------------------------------------------------------------------


def test_the_deck_is_102_family_cards_numx_and_four_infinities() -> None:
    assert nb.DECK_SIZE == len(nb.ALL_CARDS) == len(set(nb.ALL_CARDS)) == 107
    assert nb.all_cards(nb.Config()) == nb.ALL_CARDS
    assert [str(c) for c in nb.ALL_CARDS[-5:]] == ["NUMX", "INF1", "INF2", "INF3", "INF4"]
    assert sort_num_cards(nb.ALL_CARDS) == nb.ALL_CARDS  # the canonical order


def test_a_stacked_deck_deals_hands_in_seat_order_then_the_discard_then_the_draw_pile() -> None:
    deck = cards("R1 R2 B1 B2 G1 G2 Y1 Y2 Y3")
    state = nb.new_game(nb.Config(players=3, hand_size=2), seed=5, deck=deck)
    assert state.hands == (hand("R1 R2"), hand("B1 B2"), hand("G1 G2"))
    assert state.discard == cards("Y1")
    assert state.draw[:2] == cards("Y2 Y3")
    assert len(state.draw) == 107 - 7
    assert (state.phase, state.mover, state.round, state.turn) == (nb.Phase.PLAY, 0, 0, 0)
    assert state.trick == ()
    assert state.ref_size == 0
    assert state.author is None
    assert nb.to_act(state) == {0}


def test_a_partial_stacked_deck_is_completed_from_the_seed() -> None:
    deck = cards("R1 R2 B1 B2 G1")
    config = nb.Config(players=2, hand_size=2)
    one = nb.new_game(config, seed=1, deck=deck)
    assert one == nb.new_game(config, seed=1, deck=deck)
    other = nb.new_game(config, seed=2, deck=deck)
    assert one.hands == other.hands
    assert one.discard == other.discard == cards("G1")
    assert one.draw != other.draw


def test_without_a_deck_round_one_is_dealt_from_the_seed() -> None:
    config = nb.Config(players=2, hand_size=3)
    order = shuffled(nb.ALL_CARDS, derive_seed(9, "round", 0))
    state = nb.new_game(config, seed=9)
    assert state.hands == (frozenset(order[0:3]), frozenset(order[3:6]))
    assert state.discard == (order[6],)
    assert state.draw == order[7:]


@pytest.mark.parametrize(
    "deck",
    [cards("R1 R1"), ["R1"], [1], "R1 R2", [nb.parse_card("R1"), None]],
    ids=["duplicate", "string-card", "int", "string", "none"],
)
def test_a_bad_stacked_deck_is_a_config_error(deck: Any) -> None:
    with pytest.raises(ConfigError):
        nb.new_game(nb.Config(players=2), seed=0, deck=deck)


def test_new_game_refuses_another_games_config_and_bad_seeds() -> None:
    with pytest.raises(ConfigError):
        nb.new_game(object(), seed=0)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        nb.new_game(nb.Config(), seed="1")  # type: ignore[arg-type]


# --- round end and match formats ---------------------------------------------------------


def test_the_first_empty_hand_wins_the_round_and_opens_the_next_one() -> None:
    state = table(["R2 B2", "G9", "Y1 Y3"], trick="R5", author=0, mover=1, seed=4, rounds=2)
    state = play(state, "1:play G9")
    assert state.wins == (0, 1, 0)
    assert nb.scores(state) == (0, 1, 0)
    assert state.round == 1
    order = shuffled(nb.ALL_CARDS, derive_seed(4, "round", 1))
    assert state.hands == tuple(frozenset(order[i * 10 : i * 10 + 10]) for i in range(3))
    assert state.discard == (order[30],)
    assert state.draw == order[31:]
    assert (state.mover, state.turn, state.recycles) == (1, 0, 0)
    assert state.known == (frozenset(),) * 3
    assert not nb.winners(state)


def test_a_fixed_number_of_rounds_ends_the_match_and_ties_share() -> None:
    state = table(["R2 B2", "G9"], trick="R5", author=0, mover=1, wins=(1, 0), round_=1, rounds=2)
    state = play(state, "1:play G9")
    assert nb.is_terminal(state)
    assert state.phase is nb.Phase.OVER
    assert state.wins == (1, 1)
    assert nb.winners(state) == {0, 1}
    assert nb.legal_actions(state) == ()
    assert nb.to_act(state) == frozenset()


def test_the_last_round_leaves_its_cards_where_they_are() -> None:
    state = table(["R2 B2", "G9"], trick="R5", author=0, mover=1, rounds=1)
    state = play(state, "1:play G9")
    assert nb.winners(state) == {1}
    assert state.hands == (hand("R2 B2"), frozenset())
    assert state.trick == cards("R5 G9")
    nb.check_state(state)


def test_target_wins_ends_the_match_at_the_first_seat_to_reach_it() -> None:
    state = table(
        ["G9", "R2 B2", "Y4"], trick="R5", author=2, wins=(1, 1, 0), round_=2, target_wins=2
    )
    assert not nb.is_terminal(state)
    state = play(state, "0:play G9")
    assert nb.is_terminal(state)
    assert state.wins == (2, 1, 0)
    assert nb.winners(state) == {0}


def test_target_wins_plays_on_as_many_rounds_as_needed() -> None:
    state = table(["G9", "R2 B2"], trick="R5", author=1, wins=(1, 2), round_=3, target_wins=3)
    state = play(state, "0:play G9")
    assert not nb.is_terminal(state)
    assert (state.round, state.wins, state.mover) == (4, (2, 2), 0)


def test_the_turn_limit_ends_the_round_and_the_fewest_cards_win_it() -> None:
    state = table(
        ["R2 B2", "G9 Y9", "Y1 Y3 B4"],
        trick="R5",
        author=0,
        mover=1,
        turn=4,
        draw="G12",
        max_turns_per_round=5,
        rounds=2,
    )
    state = play(state, "1:take draw")
    assert (state.phase, state.turn) == (nb.Phase.TAKEN, 4)  # taking does not end the turn
    state = play(state, "1:discard")
    assert state.wins == (1, 1, 0)  # two cards each for seats 0 and 1: both win the round
    assert (state.round, state.mover) == (1, 0)  # the first of them opens round 2


def test_turns_are_counted_each_time_play_comes_back_to_a_player_to_move() -> None:
    state = table(["R2 B2", "G9 Y9", "Y1 Y3 B4"], trick="R5", author=0, mover=1, draw="G12 B12")
    start = state.turn
    state = play(state, "1:play G9")
    assert state.turn == start + 1
    state = play(state, "2:take draw")
    assert state.turn == start + 1
    state = play(state, "2:keep")
    assert state.turn == start + 2


def test_check_state_refuses_impossible_positions() -> None:
    good = table(["R2 B2", "G9"], trick="R5", author=0, mover=1, draw="NUMX")
    changes: list[dict[str, Any]] = [
        {"author": 1},  # the player to move laid the reference
        {"ref_size": 2},  # a reference larger than the trick
        {"author": None},  # a trick without author
        {"known": (hand("G9"), frozenset())},  # a known card that is not in the hand
        {"phase": nb.Phase.TAKEN},  # no taken card
        {"phase": nb.Phase.SHADOW},  # no SHADOW interrupt
        {"wins": (1, 0)},  # a win in round 0
        {"round": 3},  # past the last round
        {"hands": (hand("R2 B2"), frozenset())},  # a card lost
        {"trick": cards("R5 NUMX"), "ref_size": 1, "draw": good.draw[1:]},  # NUMX in a trick
        {"trick": cards("R5 B6"), "ref_size": 2, "draw": good.draw[1:] + cards("R5")},
    ]
    for change in changes:
        with pytest.raises(StateError):
            nb.check_state(attrs.evolve(good, **change))
