"""Num Bounce through the match driver: interrupts asked out of turn, bots declining them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from click.testing import CliRunner

import numrules
from numrules import numbounce as nb
from numrules.apps.cli import _build
from tests.numbounce.helpers import cards


class ScriptedBot:
    """Answers from a script (notation, or None to decline) and logs every question."""

    def __init__(self, seat: int, script: list[str | None], log: list[Any]) -> None:
        self.seat = seat
        self.script = script
        self.log = log

    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any | None:
        self.log.append((self.seat, optional, [str(a) for a in actions]))
        move = self.script.pop(0)
        return None if move is None else nb.parse_action(move)


def test_the_driver_asks_interrupters_left_of_the_mover_first_and_honours_declines() -> None:
    # Seat 0 opens a pair of 7s; seats 2 (RAINBOW 7) and 3 (SHADOW 7) may interrupt.
    deck = cards("R7 B7 G12  G1 G2 G3  RB7 Y3 Y5  SH7 Y4 Y6  Y9")
    log: list[Any] = []
    scripts: list[list[str | None]] = [
        ["0:play R7 B7", "0:play G12"],
        [],
        [None],
        ["3:interrupt SH7", "3:decline"],
    ]
    bots = [ScriptedBot(seat, script, log) for seat, script in enumerate(scripts)]
    config = nb.Config(players=4, hand_size=3, rounds=1)
    result = numrules.play_match("numbounce", config, bots, seed=3, deck=deck)
    assert log == [
        (0, False, [str(a) for a in nb.legal_actions(nb.new_game(config, 3, deck))]),
        (2, True, ["2:interrupt RB7"]),  # left of the player to move (seat 1) first
        (3, True, ["3:interrupt SH7"]),
        (3, False, ["3:decline"]),  # Y4 and Y6 cannot go up on the SHADOW 7
        (0, False, ["0:play G12", "0:take draw", "0:take discard"]),  # resumes left of seat 3
    ]
    assert [str(a) for a in result.actions] == [
        "0:play R7 B7",
        "3:interrupt SH7",
        "3:decline",
        "0:play G12",
    ]
    assert result.winners == {0}
    assert result.replay() == result.final_state


def test_random_bots_interrupt_out_of_turn_and_their_matches_replay() -> None:
    interrupts = 0
    for seed in range(4):
        bots = [numrules.RandomBot(seed * 10 + seat) for seat in range(4)]
        result = numrules.play_match("numbounce", nb.Config(players=4), bots, seed=seed)
        assert nb.is_terminal(result.final_state)
        assert sum(result.scores) >= 3  # three rounds, each won by at least one seat
        assert result.replay() == result.final_state
        interrupts += sum(type(a) is nb.Interrupt for a in result.actions)
    assert interrupts > 0


def test_bots_that_always_decline_interrupt_only_when_they_are_to_move() -> None:
    bots = [numrules.RandomBot(seat, decline=1.0) for seat in range(5)]
    result = numrules.play_match("numbounce", nb.Config(players=5), bots, seed=8)
    state = nb.new_game(result.config, result.seed)
    out_of_turn = 0
    for action in result.actions:
        out_of_turn += bool(nb.optional_seats(state))
        if type(action) is nb.Interrupt:
            assert action.seat == state.mover
        state = nb.apply(state, action)
    assert out_of_turn > 0  # there were chances to interrupt out of turn, all declined
    assert state == result.final_state


def test_the_command_line_simulates_num_bounce() -> None:
    result = CliRunner().invoke(_build(), ["simulate", "numbounce", "-n", "3", "-p", "3"])
    assert result.exit_code == 0, result.output
    assert "Num Bounce: 3 games, 3 players" in result.output
    assert "actions per game" in result.output
