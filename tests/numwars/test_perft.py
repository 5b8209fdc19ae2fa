"""Perft for Num Wars: leaf counts of the action tree from fixed deals, kept as data.

`perft.json` lists positions of both formats (a config, a seed, an optional stacked
deck and moves to play first) with the number of action sequences of each length from
there. The stacked positions were counted by hand for the depths in `by_hand`, one
card at a time under the duties (see the comments in the data); the deal positions'
depth 1 is checked against the lead rule: every card but a special.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from numrules import numwars as nw

DATA = json.loads((Path(__file__).parent / "perft.json").read_text())


def perft(state: nw.State, depth: int) -> int:
    """How many action sequences of length `depth` start at `state` (an ended game counts 1)."""
    if depth == 0 or nw.is_terminal(state):
        return 1
    actions = nw.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(nw.apply(state, action), depth - 1) for action in actions)


def position(entry: dict[str, Any]) -> nw.State:
    rules = {k: entry[k] for k in ("players", "hand_size", "format") if k in entry}
    if "format" in rules:
        rules["format"] = nw.Format(rules["format"])
    deck = nw.parse_cards(entry["deck"]) if "deck" in entry else None
    state = nw.new_game(nw.Config(**rules), entry["seed"], deck)
    for move in entry.get("moves", []):
        state = nw.apply(state, nw.parse_action(move))
    return state


def test_the_data_covers_both_formats_and_every_player_count() -> None:
    states = [position(entry) for entry in DATA]
    assert {state.config.format for state in states} == set(nw.Format)
    assert {state.players for state in states} == set(range(nw.MIN_PLAYERS, nw.MAX_PLAYERS + 1))


@pytest.mark.parametrize("entry", DATA, ids=[entry["name"] for entry in DATA])
def test_perft(entry: dict[str, Any]) -> None:
    state = position(entry)
    counts = [perft(state, depth) for depth in range(1, len(entry["counts"]) + 1)]
    assert counts == entry["counts"]
    assert counts[: len(entry.get("by_hand", []))] == entry.get("by_hand", [])
    if not entry.get("moves") and "deck" not in entry:
        hand = state.hands[state.leader]
        leads = sum(1 for card in hand if not card.is_special)
        assert counts[0] == leads
