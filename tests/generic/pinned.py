"""Digests of fixed games, to pin the rules across speed work (see test_pinned_games.py).

The games are the entries of pinned_games.json (`DATA`): a game of the registry, its
options by name (read as `numrules simulate --option` reads them; none: the default
rules), the players and the seed, with the two digests of that game.
`loop_digest` plays a game with a seeded uniform pick over `legal_actions` and hashes,
at every step, the seats of `to_act`, the optional seats, every legal action's notation
in order and the action taken; every 17th of its first 1000 steps it also hashes each
seat's observation as JSON, and at the end the final state as JSON, the scores and the
winners.
`match_digest` plays the same game through `play_match` with one `RandomBot` per seat
and hashes the actions, the final state as JSON and the result.

Run this module to compute the digests of every entry again and write the file
(`python -m tests.generic.pinned`); to pin a new game, add its entry without digests
first.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numrules
from numrules import RandomBot, dumps, play_match
from numrules.core.options import config_from_options

PATH = Path(__file__).with_name("pinned_games.json")
"""The pinned games and their digests."""

DATA: list[dict[str, Any]] = json.loads(PATH.read_text())
"""Every entry of pinned_games.json: game, options (if any), players, seed, loop, match."""

NO_OPTIONS: Mapping[str, object] = {}


def setup(
    name: str, players: int, options: Mapping[str, object] = NO_OPTIONS
) -> tuple[numrules.AnyGame, Any]:
    """The game and config of an entry: `name`'s rules with `options` set by name."""
    game = numrules.get_game(name)
    return game, config_from_options(game, options, players)


def loop_digest(
    name: str, players: int, seed: int, options: Mapping[str, object] = NO_OPTIONS
) -> str:
    """The digest of the game `name` played by a seeded uniform pick (see the module)."""
    game, config = setup(name, players, options)
    rng = random.Random(seed)
    h = hashlib.sha256()
    state = game.new_game(config, seed)
    step = 0
    while not game.is_terminal(state):
        legal = game.legal_actions(state)
        to_act = sorted(game.to_act(state))
        optional = sorted(game.optional_seats(state))
        action = legal[rng.randrange(len(legal))]
        h.update(repr((to_act, optional, [str(a) for a in legal], str(action))).encode())
        if step % 17 == 0 and step < 1000:
            for seat in range(players):
                h.update(dumps(game.observe(state, seat)).encode())
        state = game.apply(state, action)
        step += 1
    h.update(dumps(state).encode())
    h.update(repr((game.scores(state), sorted(game.winners(state)), step)).encode())
    return h.hexdigest()


def match_digest(
    name: str, players: int, seed: int, options: Mapping[str, object] = NO_OPTIONS
) -> str:
    """The digest of the game `name` played by `play_match` with RandomBots."""
    game, config = setup(name, players, options)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    result = play_match(game, config, bots, seed)
    h = hashlib.sha256()
    h.update(repr([str(a) for a in result.actions]).encode())
    h.update(dumps(result.final_state).encode())
    h.update(repr((result.scores, sorted(result.winners))).encode())
    return h.hexdigest()


def digests(entry: Mapping[str, Any]) -> dict[str, str]:
    """The two digests of an entry of `DATA`, computed now."""
    args = (entry["game"], entry["players"], entry["seed"], entry.get("options", NO_OPTIONS))
    return {"loop": loop_digest(*args), "match": match_digest(*args)}


def compute() -> list[dict[str, Any]]:
    """Every entry of `DATA` with its digests computed again."""
    fixed = ("game", "options", "players", "seed")
    return [{**{k: e[k] for k in fixed if k in e}, **digests(e)} for e in DATA]


if __name__ == "__main__":
    PATH.write_text(json.dumps(compute(), indent=1) + "\n")
