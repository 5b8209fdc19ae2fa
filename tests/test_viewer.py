"""`numrules replay` as a viewer: every position printed, stepping, jumps, a seat's view."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.apps.play import text_terminal
from numrules.apps.viewer import Viewer, positions
from tests.rendering import TOKEN


def record_of(game_name: str, seed: int, **rules: object) -> numrules.GameRecord:
    game = numrules.get_game(game_name)
    config = game.Config(**rules)
    bots = [numrules.RandomBot(s) for s in range(config.players)]
    return numrules.GameRecord.from_result(numrules.play_match(game, config, bots, seed))


def test_print_mode_shows_every_position_then_the_result(tmp_path: Path) -> None:
    record = record_of("stackattack", 3, players=3, hand_size=3, end_score=8)
    path = tmp_path / "g.nrec"
    numrules.save_record(record, path)
    result = CliRunner().invoke(_build(), ["replay", str(path)])  # stdin is not a terminal
    assert result.exit_code == 0, result.output
    out = result.output
    last = len(record.actions)
    assert out.startswith(f"Stack Attack: 3 players, seed 3, {last} actions, as a spectator saw it")
    titles = re.findall(r"^\[(\d+)/(\d+), round (\d+)\]", out, flags=re.MULTILINE)
    assert [int(n) for n, _, _ in titles] == list(range(last + 1))
    assert out.count("| spectator's view") == last + 1
    for number, action in enumerate(record.actions, 1):
        assert f"/{last}, round " in out
        assert f"] {number}. {action}\n" in out
    assert out.rstrip().endswith(
        "winners: " + ", ".join(f"seat {s}" for s in sorted(record.winners))
    )
    again = CliRunner().invoke(_build(), ["replay", str(path), "--print"])
    assert again.output == out


def test_a_seat_sees_its_own_hand_and_no_hidden_card(tmp_path: Path) -> None:
    record = record_of("numwars", 4, players=3, rounds=1, hand_size=6)
    game = numrules.get_game("numwars")
    terminal, output = text_terminal("")
    viewer = Viewer(record, terminal, seat=1)
    for index, position in enumerate(viewer.positions):
        start = len(output.getvalue())
        viewer.show(index)
        shown = output.getvalue()[start:]
        assert "seat 1's view" in shown
        if index and position.seat != 1:
            assert f"] {index}. seat {position.seat} acts" in shown
        hidden = {str(card) for card in game.hidden_cards(position.state, 1)}
        assert not set(TOKEN.findall(shown)) & hidden, index
    path = tmp_path / "w.json"
    numrules.save_record(record, path)
    result = CliRunner().invoke(_build(), ["replay", str(path), "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "as seat 1 saw it" in result.output
    assert "Your hand" in result.output
    assert "seat 0's view" not in result.output
    assert "spectator's view" not in result.output


def test_stepping_back_and_forth_and_jumping() -> None:
    record = record_of("stackattack", 6, players=2, hand_size=3, end_score=12)
    states = [p.state for p in positions(record)]
    rounds = [s.round for s in states]
    assert rounds[-1] is not None
    assert rounds[-1] >= 1
    round_one = rounds.index(1)
    last = len(record.actions)
    keys = ["", "n", "b", "p", "b", "r 1", "5", "last", "n", str(last + 1), "r 99", "zz", "q"]
    terminal, output = text_terminal("\n".join(keys) + "\n")
    viewer = Viewer(record, terminal)
    viewer.run()
    out = output.getvalue()
    shown = [int(n) for n in re.findall(r"^\[(\d+)/", out, flags=re.MULTILINE)]
    assert shown == [0, 1, 2, 1, 0, round_one, 5, last]
    assert "This is the deal, the first position." in out
    assert "This is the last position" in out
    assert f"The game has {last} actions: give 0 to {last}." in out
    assert "The game has no round 99." in out
    assert "Unknown key 'zz'." in out
    assert out.count("scores: ") == 1
    prompts = re.findall(r"replay (\d+)/\d+> ", out)
    assert len(prompts) == len(keys)
