"""The code in README.md, docs/bots.md, docs/records.md and the Num Stop rules page runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ["README.md", "docs/bots.md", "docs/records.md", "docs/rules/numstop.md"]


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
