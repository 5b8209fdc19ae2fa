"""docs/server.md matches the code: its example runs, every message type, error code,
command option and metric it should name is there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from numrules.apps.cli import _build
from numrules.apps.server.tables import COUNTERS

ROOT = Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "server.md").read_text()
SOURCE = "".join(
    p.read_text() for p in (ROOT / "src" / "numrules" / "apps" / "server").glob("*.py")
)


def test_the_embedding_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", PAGE, flags=re.DOTALL)
    assert len(blocks) == 1
    exec(compile(blocks[0], "docs/server.md", "exec"), {"__name__": "docs_example"})
    assert "refused" in capsys.readouterr().out


def test_every_error_code_is_documented() -> None:
    codes = set(re.findall(r'ServerError\(\s*"([a-z_]+)"', SOURCE))
    codes |= set(re.findall(r'_CloseError\(\s*\w+,\s*"([a-z_]+)"', SOURCE))
    codes |= set(re.findall(r'_send_close\(websocket, \w+, "([a-z_]+)"', SOURCE))
    assert {"bad_token", "stale", "duplicate", "rate_limited", "too_large", "idle"} <= codes
    for code in codes:
        assert f"`{code}`" in PAGE, code


def test_every_message_type_is_documented() -> None:
    sent = set(re.findall(r'"type": "([a-z]+)"', SOURCE))
    assert {"welcome", "update", "accepted", "error", "observation", "pong"} <= sent
    for kind in sent | {"hello", "act", "observe", "ping"}:
        assert f"| `{kind}` |" in PAGE, kind


def test_every_serve_option_is_documented() -> None:
    result = CliRunner().invoke(_build(), ["serve", "--help"])
    assert result.exit_code == 0
    options = set(re.findall(r"(--[a-z-]+)", result.output)) - {"--help"}
    assert "--db" in options
    for option in options:
        assert f"`{option}" in PAGE, option


def test_every_metric_is_documented() -> None:
    names = {n for n in re.findall(r"numrules_[a-z_]+", SOURCE) if not n.endswith("_")}
    names |= {f"numrules_{name}_total" for name in COUNTERS}
    assert "numrules_actions_accepted_total" in names
    for name in names:
        assert f"`{name}" in PAGE, name


def test_linked_from_the_readme_and_the_index() -> None:
    assert "docs/server.md" in (ROOT / "README.md").read_text()
    assert "(server.md)" in (ROOT / "docs" / "index.md").read_text()
