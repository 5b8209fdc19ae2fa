"""docs/play.md and the README's positions match the code: options, transcript, golden files."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import click
from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.core.game import BUILTIN_GAMES
from tests.playing import SHORT

ROOT = Path(__file__).resolve().parent.parent
PLAY = (ROOT / "docs" / "play.md").read_text()
README = (ROOT / "README.md").read_text()
PROMPT = re.compile(r"^(seat \d(?: \[Enter: pass\])?> )(.*)\n", flags=re.MULTILINE)


def test_the_readme_shows_a_golden_position_of_each_game() -> None:
    shown = re.findall(r"\(`(tests/(\w+)/golden/\w+\.txt)`\):\n\n```text\n(.*?)```", README, re.S)
    assert sorted(game for _, game, _ in shown) == sorted(BUILTIN_GAMES)
    for path, _, block in shown:
        assert block == (ROOT / path).read_text(), f"README.md differs from {path}"


def test_the_play_page_is_linked_and_documents_every_option() -> None:
    assert "(docs/play.md)" in README
    assert "(play.md)" in (ROOT / "docs" / "index.md").read_text()
    cli = _build()
    for name in ("play", "replay"):
        command = cli.commands[name]
        for param in command.params:
            if isinstance(param, click.Option):
                assert any(f"`{opt}" in PLAY for opt in param.opts), f"{name} {param.opts}"


def test_the_short_game_shown_is_the_one_the_tests_play() -> None:
    text = " ".join(PLAY.split("Short games, handy", 1)[1].split("\n\n", 1)[0].split())
    shown = re.search(r'get_game\("(\w+)"\)\.quick_options` is `(\{.*?\})`', text)
    assert shown, "docs/play.md shows no game's quick_options"
    name, options = shown.groups()
    assert ast.literal_eval(options) == dict(numrules.get_game(name).quick_options)
    assert f"`numrules play {name} {' '.join(SHORT[name])}`" in text


def test_the_transcript_is_what_the_command_prints() -> None:
    block = PLAY.split("```text\n", 1)[1].split("```", 1)[0]
    answers = [m.group(2) for m in PROMPT.finditer(block)]
    expected = PROMPT.sub(r"\1", block)
    command = re.search(r"\(`numrules (play numwars [^`]*)`", PLAY, flags=re.S)
    assert command
    args = command.group(1).split()[1:]
    result = CliRunner().invoke(_build(), ["play", *args], input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(expected)
