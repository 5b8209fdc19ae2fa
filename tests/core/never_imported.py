"""A bot module that no test imports: a refused import path must leave it unimported.

tests/core/test_bot_spec.py names it in specs that must be refused before anything is
imported, and checks that `sys.modules` never gains it.
"""

from __future__ import annotations


class CanaryBot:
    """Would play the first action, if anything ever built it."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, observation: object, actions: tuple[object, ...], optional: bool) -> object:
        return actions[0]
