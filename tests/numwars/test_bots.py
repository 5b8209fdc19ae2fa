"""The Num Wars heuristic bot: hand-built positions where its strategy is clear, and matches.

Four-player positions use the lot BOMB QUANTUM NUMX JOKER in some seat order; seat 0 is
the bot, and in most of them it plays last, so the trick's outcome is in its hands.
"""

from __future__ import annotations

import pytest

import numrules
from numrules import RandomBot
from numrules import numwars as nw
from numrules.apps.tournament import play_tournament
from numrules.numwars.strategy.inference import read
from tests.numwars.helpers import deal, play, table


def choice(state: nw.State, seed: int = 0) -> str:
    """The card the bot at the seat to act plays, in notation."""
    seat = state.turn
    action = nw.HeuristicBot(seed).act(nw.observe(state, seat), nw.legal_actions(state), False)
    assert action in nw.legal_actions(state)
    return str(action.card)


# --- card play ---------------------------------------------------------------------------


def test_it_steals_a_trump_pair_rather_than_win_a_trick_of_trumps() -> None:
    state = table(
        ["R2 R5 RB10 RB9 QUANTUM", "R3 G4 Y8 BOMB", "G6 G7 Y2 NUMX", "B2 B9 R11 JOKER"],
        lots="QUANTUM BOMB NUMX JOKER",
        leader=1,
        trick="SH9 RB3 SH4",
    )
    assert choice(state) == "RB9"  # the pair RB9 SH9 scores 9; RB10 would win trumps only


def test_it_follows_low_when_the_trick_is_lost() -> None:
    state = table(
        ["R3 R5 R9 B7 QUANTUM", "G4 Y8 Y9 BOMB", "G6 G7 Y2 NUMX", "B2 B9 Y11 JOKER"],
        lots="QUANTUM BOMB NUMX JOKER",
        leader=1,
        trick="R12 R1 R0",
    )
    assert choice(state) == "R3"


def test_it_takes_a_trick_rich_in_points() -> None:
    state = table(
        ["B11 B2 R5 G7 QUANTUM", "G4 Y8 Y9 BOMB", "G6 G8 Y2 NUMX", "R2 R9 Y11 JOKER"],
        lots="QUANTUM BOMB NUMX JOKER",
        leader=1,
        trick="B9 B10 B4",
    )
    assert choice(state) == "B11"


def test_it_leaves_a_trick_whose_cards_would_cancel_its_own() -> None:
    # Seat 0 has won R8 R3 R2; Y8 Y3 Y2 would pair them all off (the other 8s, 3s and
    # 2s are already won), more than Y10 adds: Y1 goes instead.
    state = table(
        ["Y10 Y1 BOMB", "Y9 QUANTUM", "R4 NUMX", "R5 JOKER"],
        lots="BOMB QUANTUM NUMX JOKER",
        leader=1,
        trick="Y8 Y3 Y2",
        won=["R8 R3 R2 RB5", "G8 G3 G2 B0", "B8 B3 B2 R0", "R6 B6 R7 RB0"],
        tricks=(1, 1, 1, 1),
    )
    assert choice(state) == "Y1"


# --- the Bomb and the roles --------------------------------------------------------------


def test_the_bomber_drops_the_bomb_last_on_a_trick_without_threat() -> None:
    state = table(
        ["BOMB RB3 R5", "G4 QUANTUM", "G6 NUMX", "R2 JOKER"],
        lots="BOMB QUANTUM NUMX JOKER",
        leader=1,
        trick="Y7 Y9 Y1",
    )
    assert choice(state) == "BOMB"


def test_the_bomber_keeps_the_bomb_out_of_a_trick_holding_a_shadow() -> None:
    state = table(
        ["BOMB RB3 R5", "G4 QUANTUM", "G6 NUMX", "R2 JOKER"],
        lots="BOMB QUANTUM NUMX JOKER",
        leader=1,
        trick="Y7 SH9 Y1",
    )
    assert choice(state) == "RB3"


def test_the_bomber_keeps_the_bomb_when_later_seats_have_shown_a_void() -> None:
    # Seats 3 and 0 cut the first yellow trick: on the next one, played after the
    # Bomber (seat 2), either may hold QUANTUM, NUMX or a SHADOW it is free to play.
    state = deal(
        [
            "R2 RB6 QUANTUM B4 B5 B6 G5 G6 G7 R6",
            "Y5 Y7 R12 NUMX Y8 Y9 B7 B8 G8 G9",
            "Y3 R3 BOMB SH1 B9 B10 G10 G11 R7 R8",
            "RB2 R4 JOKER B11 B12 G12 R9 R10 R11 SH3",
        ]
    )
    state = play(state, "1:play Y5", "2:play Y3", "3:play RB2", "0:play RB6")
    state = play(state, "0:play R2", "1:play R12", "2:play R3", "3:play R4", "1:play Y7")
    knowledge = read(nw.observe(state, 2))
    assert nw.Suit.YELLOW in knowledge.voids[3]
    assert nw.Suit.YELLOW in knowledge.voids[0]
    assert choice(state) == "SH1"


def test_the_deminer_captures_the_bomb_with_quantum() -> None:
    state = table(
        ["QUANTUM RB3 R5", "G4 NUMX", "G6 G8", "R2 JOKER"],
        lots="QUANTUM NUMX BOMB JOKER",
        leader=1,
        trick="Y7 BOMB Y1",
    )
    assert choice(state) == "QUANTUM"


def test_the_deminer_keeps_quantum_while_the_bomb_is_to_come() -> None:
    state = table(
        ["QUANTUM RB3 R5", "G4 NUMX", "G6 BOMB", "R2 JOKER"],
        lots="QUANTUM NUMX BOMB JOKER",
        leader=1,
        trick="Y7 Y8 Y1",
    )
    assert choice(state) == "RB3"


def test_the_accomplice_protects_the_bomb_from_a_single_threat() -> None:
    state = table(
        ["JOKER RB3 R5", "G4 QUANTUM", "G6 NUMX", "R2 R9"],
        lots="JOKER QUANTUM NUMX BOMB",
        leader=1,
        trick="Y7 SH2 BOMB",
    )
    assert choice(state) == "JOKER"


def test_the_num_x_player_does_not_capture_the_bomb() -> None:
    state = table(
        ["NUMX RB3 R5", "G4 QUANTUM", "G6 R8", "R2 JOKER"],
        lots="NUMX QUANTUM BOMB JOKER",
        leader=1,
        trick="Y7 BOMB Y12",
    )
    assert choice(state) == "RB3"


def test_the_num_x_player_takes_a_rich_trick_with_num_x() -> None:
    # The SHADOW 12 wins against every trump of seat 0: only NUMX takes Y12 and Y11.
    state = table(
        ["NUMX RB1 R5", "G4 QUANTUM", "G6 BOMB", "R2 JOKER"],
        lots="NUMX QUANTUM BOMB JOKER",
        leader=1,
        trick="Y12 Y11 SH12",
    )
    assert choice(state) == "NUMX"


def test_a_civilian_captures_the_bomb_with_a_shadow() -> None:
    state = table(
        ["SH5 RB2 R1", "G4 QUANTUM", "G6 G7", "G8 NUMX", "R2 JOKER"],
        lots="R1 QUANTUM BOMB NUMX JOKER",
        leader=1,
        trick="Y7 BOMB Y9 Y1",
    )
    assert choice(state) == "SH5"


# --- the bot as a player ------------------------------------------------------------------


def test_the_heuristic_bot_is_the_game_s_own() -> None:
    game = numrules.get_game("numwars")
    assert isinstance(numrules.make_bot("heuristic", 1, game), nw.HeuristicBot)
    assert game.bots["heuristic"] is nw.HeuristicBot


@pytest.mark.parametrize("players", [3, 4, 6])
def test_heuristic_bots_in_every_seat_play_offered_cards_to_the_end(players: int) -> None:
    config = nw.Config(players=players, rounds=1)
    bots = [nw.HeuristicBot(seat) for seat in range(players)]
    result = numrules.play_match("numwars", config, bots, seed=players)
    assert nw.is_terminal(result.final_state)
    assert result.replay() == result.final_state


def test_it_is_deterministic_from_its_seed() -> None:
    config = nw.Config(players=4, rounds=1)

    def actions(seed: int) -> tuple[nw.Action, ...]:
        bots: list[numrules.Bot] = [nw.HeuristicBot(seed), RandomBot(1), RandomBot(2), RandomBot(3)]
        return numrules.play_match("numwars", config, bots, seed=11).actions

    assert actions(5) == actions(5)


def test_it_beats_random_bots_in_a_small_series() -> None:
    result = play_tournament("numwars", ["heuristic"], field="random", games=12, players=4, seed=1)
    hero, field = result.standings
    assert hero.mean_score > field.mean_score
    assert hero.win_rate > result.fair_share
