"""docs/play.md and the README's positions match the code: options, transcript, golden files."""

from __future__ import annotations

import re
from pathlib import Path

import click
from click.testing import CliRunner

from numrules.apps.cli import _build
from tests.playing import SHORT

ROOT = Path(__file__).resolve().parent.parent
PLAY = (ROOT / "docs" / "play.md").read_text()
README = (ROOT / "README.md").read_text()
PROMPT = re.compile(r"^(seat \d(?: \[Enter: pass\])?> )(.*)\n", flags=re.MULTILINE)


def test_the_readme_shows_a_golden_position_of_each_game() -> None:
    shown = re.findall(r"\(`(tests/(\w+)/golden/\w+\.txt)`\):\n\n```text\n(.*?)```", README, re.S)
    assert sorted(game for _, game, _ in shown) == [
        "numbounce",
        "numstop",
        "numwars",
        "stackattack",
    ]
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


def test_the_short_games_table_is_the_one_the_tests_play() -> None:
    titles = {
        "stackattack": "Stack Attack",
        "numstop": "Num Stop",
        "numbounce": "Num Bounce",
        "numwars": "Num Wars",
    }
    for game, options in SHORT.items():
        assert f"| {titles[game]} | `{' '.join(options)}` |" in PLAY


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
