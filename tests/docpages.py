"""The two pages of each built-in game: its rules for players and its library reference.

docs/rules/<game>.md is what `GAME.rules()` returns (the players' part); the API, the
notation, events, action ids, tensors and limits are on docs/reference/<game>.md.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rules_page(game: str) -> str:
    """docs/rules/<game>.md: the game as players play it."""
    return (ROOT / "docs" / "rules" / f"{game}.md").read_text(encoding="utf-8")


def reference_page(game: str) -> str:
    """docs/reference/<game>.md: how the library models the game."""
    return (ROOT / "docs" / "reference" / f"{game}.md").read_text(encoding="utf-8")


def section(page: str, heading: str) -> str:
    """The `## heading` section of a page, up to the next `## ` heading (subsections kept)."""
    marker = f"\n## {heading}\n"
    assert marker in page, f"no section {heading!r}"
    rest = page.split(marker, 1)[1]
    return rest.split("\n## ", 1)[0]
