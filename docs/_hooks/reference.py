"""MkDocs hook: the pages and navigation that follow the registry and the packages.

mkdocs.yml names the guides and leaves two sections empty, which this hook fills:

- the games, from `numrules.core.game.BUILTIN_GAMES` (so no file lists them by hand, see
  tests/test_registry_lists.py): each game's rules page and library reference;
- the API reference, generated: one page per public module, which mkdocstrings renders
  from the docstrings (a name that does not resolve fails `mkdocs build --strict`).
"""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

import numrules.core
from numrules import get_game
from numrules.core.game import BUILTIN_GAMES

GAMES_SECTION = "Games"
"""The nav section this hook fills with each game's two pages."""
API_SECTION = "API reference"
"""The nav section this hook fills with the generated API pages."""

APPS = ("server", "simulation", "tournament", "report", "parallel", "play", "viewer")
"""The modules of `numrules.apps` a program may use (not the command line's own)."""
LEARNING = ("numrules.rl", "numrules.rl.reinforce", "numrules.rl.openspiel")
"""The learning modules with a page: the package's exports, the worked example, OpenSpiel."""

GROUPS = {"core": "numrules.core", "games": "Games", "rl": "numrules.rl", "apps": "numrules.apps"}
"""The API nav's groups: the title of each folder of generated pages."""

NavItem = str | dict[str, Any]

SRC = Path(__file__).resolve().parents[2] / "src"


def _core_modules() -> list[str]:
    return sorted(
        f"numrules.core.{module.name}"
        for module in pkgutil.iter_modules(numrules.core.__path__)
        if not module.name.startswith("_")
    )


def _summary(module: str) -> str:
    # The first line of a module's docstring, read without importing it (its extras may
    # be missing: the docs extra does not bring numpy or Starlette).
    path = SRC.joinpath(*module.split("."))
    source = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    return doc.split("\n", 1)[0]


def _directive(module: str, **options: object) -> str:
    lines = [f"::: {module}"]
    if options:
        lines.append("    options:")
        lines += [f"      {key}: {str(value).lower()}" for key, value in options.items()]
    return "\n".join(lines) + "\n"


def _api_pages() -> dict[str, tuple[str, str]]:
    # Each generated page: its path, its nav title and its Markdown.
    pages: dict[str, tuple[str, str]] = {}
    core = _core_modules()
    pages["api/numrules.md"] = (
        "numrules",
        _directive("numrules", members=False)
        + "\nEvery name of `numrules.core`'s `__all__` is also a name of `numrules`: "
        "`numrules.play_match` is `numrules.core.match.play_match`.\n",
    )
    pages["api/core/index.md"] = ("numrules.core", _directive("numrules.core", members=False))
    for module in core:
        pages[f"api/core/{module.rsplit('.', 1)[1]}.md"] = (module, _directive(module))
    for name, package in sorted(BUILTIN_GAMES.items()):
        pages[f"api/games/{name}.md"] = (package, _directive(package))
    for module in LEARNING:
        path = "index" if module == "numrules.rl" else module.rsplit(".", 1)[1]
        pages[f"api/rl/{path}.md"] = (module, _directive(module))
    pages["api/testing.md"] = ("numrules.testing", _directive("numrules.testing"))
    for app in APPS:
        module = f"numrules.apps.{app}"
        pages[f"api/apps/{app}.md"] = (module, _directive(module))
    return pages


def _api_index(pages: dict[str, tuple[str, str]]) -> str:
    lines = [
        "# API reference",
        "",
        "Every public module, generated from its docstrings. The guides explain how the",
        "pieces fit: [architecture.md](../architecture.md) for the uniform game API, each",
        "game's library reference for its model, notation, events, ids and tensors.",
        "",
        "| module | what it holds |",
        "| --- | --- |",
    ]
    for path, (module, _) in pages.items():
        link = path.removeprefix("api/")
        lines.append(f"| [`{module}`]({link}) | {_summary(module)} |")
    return "\n".join(lines) + "\n"


def _api_nav(pages: dict[str, tuple[str, str]]) -> list[NavItem]:
    groups: dict[str, list[NavItem]] = {}
    nav: list[NavItem] = [{"Overview": "api/index.md"}]
    for path, (title, _) in pages.items():
        folder = path.split("/")[1] if path.count("/") == 2 else None
        if folder is None:
            nav.append({title: path})
            continue
        if folder not in groups:
            groups[folder] = []
            nav.append({GROUPS[folder]: groups[folder]})
        groups[folder].append({title: path})
    return nav


def _games_nav() -> list[NavItem]:
    return [
        {
            get_game(name).title: [
                {"Rules": f"rules/{name}.md"},
                {"Library reference": f"reference/{name}.md"},
            ]
        }
        for name in sorted(BUILTIN_GAMES)
    ]


def _fill(nav: list[NavItem], section: str, items: list[NavItem]) -> None:
    for entry in nav:
        if isinstance(entry, dict) and section in entry:
            entry[section] = items
            return
    raise ValueError(f"mkdocs.yml's nav has no {section!r} section to fill")


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Fill the nav's games and API sections."""
    nav = config.nav
    if nav is None:
        raise ValueError("mkdocs.yml must give a nav with the sections this hook fills")
    _fill(nav, GAMES_SECTION, _games_nav())
    _fill(nav, API_SECTION, _api_nav(_api_pages()))
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated API pages to the site."""
    pages = _api_pages()
    files.append(File.generated(config, "api/index.md", content=_api_index(pages)))
    for path, (_, content) in pages.items():
        files.append(File.generated(config, path, content=content))
    return files
