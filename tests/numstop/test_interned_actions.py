"""Num Stop's legal actions are interned but for a few: a state lists the same objects again."""

from __future__ import annotations

from typing import Any

from numrules import numstop as ns
from tests.generic.helpers import check_listed_actions

NOT_INTERNED = (ns.Activate, ns.Reserve, ns.Keep, ns.Discard)
"""The action classes still built on every call (rare, and with options)."""


def reused(action: Any) -> bool:
    return not isinstance(action, NOT_INTERNED)


def test_legal_actions_reuse_equal_action_objects() -> None:
    check_listed_actions(ns.GAME, reused)
