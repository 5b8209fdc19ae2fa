"""Stack Attack's legal actions are interned: a state lists the very same objects again."""

from __future__ import annotations

from numrules import stackattack
from tests.generic.helpers import check_listed_actions


def test_legal_actions_reuse_equal_action_objects() -> None:
    check_listed_actions(stackattack.GAME, lambda action: True)
