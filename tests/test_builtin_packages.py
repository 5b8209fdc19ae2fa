"""Each built-in game package exports its `Game`'s functions under the uniform names.

The conformance kit checks a `Game` whatever package it comes from; the built-in
packages also expose the contract at module level (`numrules.numstop.apply` is
`get_game("numstop").apply`), as docs/architecture.md's contract table lists.
"""

from __future__ import annotations

import importlib

import pytest

from numrules.core.game import BUILTIN_GAMES

UNIFORM = (
    "Config",
    "State",
    "Observation",
    "new_game",
    "legal_actions",
    "legal_actions_for",
    "optional_seats",
    "to_act",
    "apply",
    "is_terminal",
    "scores",
    "winners",
    "observe",
    "events",
    "parse_action",
    "parse_card",
    "parse_cards",
    "all_cards",
    "card_zones",
    "hidden_cards",
    "check_state",
)
"""The module-level names of every built-in game package, each its `GAME`'s field."""


@pytest.mark.parametrize("name", sorted(BUILTIN_GAMES))
def test_a_builtin_package_exports_the_uniform_names(name: str) -> None:
    module = importlib.import_module(BUILTIN_GAMES[name])
    game = module.GAME
    assert game.name == name
    for attribute in UNIFORM:
        assert attribute in module.__all__, f"{name} does not export {attribute}"
        assert getattr(module, attribute) is getattr(game, attribute), f"{name}.{attribute}"
    if game.sample_state is not None:
        assert module.sample_state is game.sample_state
