"""Bots of your own for the command line: a file (`path/to/mybot.py:Bot`) or a module of
the current folder (`mybot:Bot`), loaded only for a trusted caller, never nested."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

import numrules
from numrules import ConfigError, make_bot
from numrules.apps.cli import _build
from numrules.core.botspec import parse_bot

BOT = """
class Bot:
    def __init__(self, seed, depth=1):
        self.seed = seed
        self.depth = depth

    def act(self, observation, actions, optional):
        return actions[-1]
"""

MODULE = "nrcwdbot"
PACKAGE = "nrcwdpack"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A current folder holding a bot file, a module and a package of bots."""
    (tmp_path / "mybot.py").write_text(BOT)
    (tmp_path / f"{MODULE}.py").write_text(BOT)
    (tmp_path / PACKAGE).mkdir()
    (tmp_path / PACKAGE / "__init__.py").write_text("")
    (tmp_path / PACKAGE / "fast.py").write_text(BOT)
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "careful.py").write_text(BOT)
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    for name in [n for n in sys.modules if n.startswith((MODULE, PACKAGE))]:
        del sys.modules[name]


def test_a_bot_file_names_a_factory_in_that_file(folder: Path) -> None:
    for name in ("mybot.py:Bot", "bots/careful.py:Bot", f"{folder / 'mybot.py'}:Bot"):
        bot = make_bot(name, 7, imports=True)
        assert type(bot).__name__ == "Bot"
        assert bot.act(None, ["a", "b"], False) == "b"
    bot = make_bot("bots/careful.py:Bot?depth=3", 2, imports=True)
    assert (bot.seed, bot.depth) == (2, 3)  # type: ignore[attr-defined]
    # Loaded once per process: the same file gives the same class, however it is written.
    assert type(make_bot("mybot.py:Bot", 0, imports=True)) is type(
        make_bot(f"{folder / 'mybot.py'}:Bot", 0, imports=True)
    )
    assert parse_bot("bots/careful.py:Bot?depth=3").is_file


def test_a_bot_file_never_stands_for_a_module_of_its_name(folder: Path) -> None:
    (folder / "random.py").write_text(BOT)
    bot = make_bot("random.py:Bot", 1, imports=True)
    assert type(bot).__module__.startswith("_numrules_bot_file_random_")
    assert sys.modules["random"] is random


def test_a_module_of_the_current_folder_is_found(folder: Path) -> None:
    assert MODULE not in sys.modules
    bot = make_bot(f"{MODULE}:Bot?depth=2", 5, imports=True)
    assert (type(bot).__module__, bot.depth) == (MODULE, 2)  # type: ignore[attr-defined]
    bot = make_bot(f"{PACKAGE}.fast:Bot", 5, imports=True)
    assert type(bot).__module__ == f"{PACKAGE}.fast"
    # An installed module of the name wins over the current folder's.
    (folder / "numrules.py").write_text("raise SystemExit('never run')")
    assert type(make_bot("numrules.core.bots:FirstBot", 0, imports=True)) is numrules.FirstBot


def test_a_module_elsewhere_is_not_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ConfigError, match=r"No module named .* \(nor in the current folder "):
        make_bot(f"{MODULE}:Bot", 0, imports=True)


@pytest.mark.parametrize(
    ("name", "source", "message"),
    [
        ("missing.py:Bot", None, r"bot file 'missing.py' not found \(from "),
        ("broken.py:Bot", "raise RuntimeError('boom')", "failed as it loaded: RuntimeError: boom"),
        ("broken.py:Bot", "def (", "failed as it loaded: SyntaxError"),
        ("empty.py:Bot", "", "module empty.py has no callable 'Bot'"),
        (f"{MODULE}:Bot", "1 / 0", "failed as it loaded: ZeroDivisionError"),
    ],
)
def test_a_file_or_module_that_cannot_load_is_a_config_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, source: str | None, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    if source is not None:
        file = name.partition(":")[0]
        (tmp_path / (file if file.endswith(".py") else f"{file}.py")).write_text(source)
    with pytest.raises(ConfigError, match=message) as raised:
        make_bot(name, 0, imports=True)
    if source:  # the module's own error is kept as the cause
        assert raised.value.__cause__ is not None
    assert MODULE not in sys.modules  # nothing half-loaded is left behind


def test_files_and_modules_are_loaded_only_for_a_trusted_caller(folder: Path) -> None:
    for name in ("mybot.py:Bot", f"{MODULE}:Bot"):
        with pytest.raises(ConfigError, match="trusted callers only, and so are bot files"):
            make_bot(name, 0)
        with pytest.raises(ConfigError, match="never one"):
            make_bot(f"ismcts?rollout=({name})", 0, numrules.get_game("stackattack"), imports=True)
    assert MODULE not in sys.modules


def test_the_command_line_plays_bots_from_files_and_the_current_folder(folder: Path) -> None:
    runner = CliRunner()
    args = ["-n", "20", "-p", "2", "-j", "2", "-o", "end_score=20"]
    done = runner.invoke(_build(), ["simulate", "stackattack", *args, "-b", "mybot.py:Bot,random"])
    assert done.exit_code == 0, done.output
    assert "│    0 │ mybot.py:B" in done.output
    bots = f"{MODULE}:Bot,bots/careful.py:Bot?depth=2"
    done = runner.invoke(_build(), ["tournament", "stackattack", "-n", "2", "-j", "1", "-b", bots])
    assert done.exit_code == 0, done.output
    assert MODULE in done.output
    done = runner.invoke(_build(), ["simulate", "stackattack", "-b", "nowhere.py:Bot"])
    assert done.exit_code == 2
    assert "bot file 'nowhere.py' not found" in done.output
