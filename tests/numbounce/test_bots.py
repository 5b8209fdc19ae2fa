"""The Num Bounce heuristic bot: hand-built positions where its strategy is clear, and matches.

Seat 0 is the bot in every position; the other hands are small, ordinary ones.
"""

from __future__ import annotations

import numrules
from numrules import RandomBot
from numrules import numbounce as nb
from numrules.apps.tournament import play_tournament
from tests.numbounce.helpers import table


def choice(state: nb.State, seat: int = 0) -> str | None:
    """What the bot at `seat` does now, in notation (None: it lets an interrupt pass)."""
    observation = nb.observe(state, seat)
    actions = [action for action in nb.legal_actions(state) if action.seat == seat]
    optional = seat in nb.optional_seats(state)
    action = nb.HeuristicBot(0).act(observation, actions, optional)
    if action is None:
        assert optional, "only an optional decision may be declined"
        return None
    assert action in actions
    return str(action)


# --- laying ------------------------------------------------------------------------------


def test_it_opens_with_its_biggest_group() -> None:
    state = table(["R5 B5 G5 R9 Y12 B1 G14 RB3 SH10 Y7", "R1 R2 R3", "B2 B3 B4", "G2 G3 G4"])
    assert choice(state) == "0:play R5 B5 G5"


def test_it_goes_up_with_its_lowest_card_that_beats() -> None:
    state = table(["R5 B16 G9 Y2 R11", "R1 R3 R6", "B3 B7 B8", "G3 G4 G6"], trick="R4", author=1)
    assert choice(state) == "0:play R5"


def test_it_goes_up_out_of_reach_of_an_opponent_about_to_go_out() -> None:
    # Seat 2 holds one card: any single it could beat would let it empty its hand.
    state = table(["R5 B16 G9 Y2 R11", "R1 R3 R6", "B3", "G3 G4 G6"], trick="R4", author=1)
    assert choice(state) == "0:play B16"


def test_it_goes_down_when_the_cards_taken_back_join_its_own() -> None:
    # R2 B2 go down on R12 B12, which join Y12: three 12s to lay later.
    state = table(
        ["Y12 R2 B2 G7 R9 Y14", "R1 R3 R4", "B3 B4 B6", "G3 G4 G6"], trick="R12 B12", author=3
    )
    assert choice(state) == "0:play R2 B2"


def test_it_plays_num_x_on_a_trick_it_cannot_beat_to_open_with_a_triple() -> None:
    state = table(
        ["NUMX R5 B5 G5 Y2 R9", "R1 R2 R4", "B2 B4 B6", "G2 G4 G6"], trick="R15 B15", author=1
    )
    assert choice(state) == "0:numx"


# --- taking ------------------------------------------------------------------------------


def test_it_takes_the_discard_when_it_makes_a_combination_to_lay() -> None:
    state = table(
        ["B9 Y2 G11 R13", "R1 R2 R4", "B2 B4 B6", "G2 G4 G6"],
        trick="R5 B5",
        author=3,
        discard="Y0 R9",
    )
    assert choice(state) == "0:take discard"
    taken = nb.apply(state, nb.parse_action("0:take discard"))
    assert choice(taken) == "0:play R9 B9"


def test_it_discards_a_drawn_card_that_fits_nothing() -> None:
    state = table(
        ["B9 G9 Y2 G11 R13", "R1 R2 R4", "B2 B4 B6", "G2 G4 G6"],
        trick="R15 INF1",
        author=3,
        phase=nb.Phase.TAKEN,
        taken="Y6",
        source=nb.Pile.DRAW,
    )
    assert choice(state) == "0:discard"


def test_it_keeps_a_drawn_num_x_or_infinity() -> None:
    for card in ("NUMX", "INF2"):
        state = table(
            ["B9 G9 Y2 G11 R13", "R1 R2 R4", "B2 B4 B6", "G2 G4 G6"],
            trick="R15 INF1",
            author=3,
            phase=nb.Phase.TAKEN,
            taken=card,
            source=nb.Pile.DRAW,
        )
        assert choice(state) == "0:keep", card


# --- interrupts --------------------------------------------------------------------------


def test_it_interrupts_out_of_turn_when_that_empties_its_hand() -> None:
    state = table(["RB7", "R1 R2 R3", "B2 B3 B4", "G2 G3 G4"], trick="R7 B7", author=1, mover=2)
    assert 0 in nb.optional_seats(state)
    assert choice(state) == "0:interrupt RB7"


def test_it_lets_a_shadow_interrupt_pass_when_it_would_let_an_opponent_out() -> None:
    # Seat 2, to move, holds one card and cannot beat a pair; SH3 would turn the trick
    # into single cards, and the bot's singles are too low to keep seat 2 from going out.
    state = table(
        ["SH3 R5 B4 G4 Y2", "R1 R2 R6 R7", "B2", "G2 G6 G7 G8"], trick="R3 B3", author=1, mover=2
    )
    assert 0 in nb.optional_seats(state)
    assert choice(state) is None


# --- the bot as a player ------------------------------------------------------------------


def test_the_heuristic_bot_is_the_game_s_own() -> None:
    game = numrules.get_game("numbounce")
    assert isinstance(numrules.make_bot("heuristic", 1, game), nb.HeuristicBot)
    assert game.bots["heuristic"] is nb.HeuristicBot


def test_heuristic_bots_in_every_seat_play_offered_actions_to_the_end() -> None:
    for players in (2, 4, 6):
        bots = [nb.HeuristicBot(seat) for seat in range(players)]
        config = nb.Config(players=players)
        result = numrules.play_match("numbounce", config, bots, seed=players, max_actions=20_000)
        assert nb.is_terminal(result.final_state)
        assert result.replay() == result.final_state


def test_it_is_deterministic_from_its_seed() -> None:
    config = nb.Config(players=4, rounds=1)

    def actions(seed: int) -> tuple[nb.Action, ...]:
        bots: list[numrules.Bot] = [nb.HeuristicBot(seed), RandomBot(1), RandomBot(2), RandomBot(3)]
        return numrules.play_match("numbounce", config, bots, seed=11).actions

    assert actions(5) == actions(5)


def test_it_beats_random_bots_in_a_small_series() -> None:
    result = play_tournament("numbounce", ["heuristic"], field="random", games=8, players=4, seed=1)
    hero, field = result.standings
    assert hero.mean_score > field.mean_score
    assert hero.win_rate > result.fair_share
