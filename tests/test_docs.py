"""The code in README.md, docs/bots.md, docs/records.md, docs/scaling.md and the Num Stop
rules page runs."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [
    "README.md",
    "docs/bots.md",
    "docs/records.md",
    "docs/rules/numstop.md",
    "docs/scaling.md",
]


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), flags=re.DOTALL)


@pytest.mark.parametrize("name", DOCS)
def test_the_examples_run(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = python_blocks(ROOT / name)
    assert blocks, f"{name} has no python example"
    namespace: dict[str, object] = {"__name__": "docs_example"}
    for block in blocks:
        exec(compile(block, name, "exec"), namespace)
    assert capsys.readouterr().out


@pytest.mark.parametrize("game", ["stackattack", "numstop", "numbounce", "numwars"])
def test_each_rules_page_states_the_config_bounds_the_code_enforces(game: str) -> None:
    config = importlib.import_module(f"numrules.{game}.config")
    page = (ROOT / "docs" / "rules" / f"{game}.md").read_text()
    assert "### Limits" in page
    for name, (low, high) in config.BOUNDS.items():
        assert f"| `{name}` | {low:,}..{high:,} |" in page, f"{game}: {name} bound not documented"
    assert "RULINGS.md" not in page
