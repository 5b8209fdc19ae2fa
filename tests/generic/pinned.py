"""Digests of fixed games, to pin the rules across speed work (see test_pinned_games.py).

`loop_digest` plays a game with a seeded uniform pick over `legal_actions` and hashes,
at every step, the seats of `to_act`, the optional seats, every legal action's notation
in order and the action taken; every 17th of its first 1000 steps it also hashes each
seat's observation as JSON, and at the end the final state as JSON, the scores and the
winners.
`match_digest` plays the same game through `play_match` with one `RandomBot` per seat
and hashes the actions, the final state as JSON and the result.

Run this module to print the digests of every entry of `ENTRIES`:
`python -m tests.generic.pinned > tests/generic/pinned_games.json`.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numrules
from numrules import RandomBot, dumps, numstop, numwars, play_match

ENTRIES: tuple[tuple[str, int, int], ...] = (
    ("numbounce", 2, 3),
    ("numbounce", 4, 11),
    ("numbounce", 6, 23),
    ("numstop", 2, 5),
    ("numstop", 4, 29),
    ("numstop:discovery", 3, 31),
    ("numwars", 3, 7),
    ("numwars", 5, 13),
    ("numwars:full", 4, 37),
    ("stackattack", 4, 17),
    ("stackattack", 6, 19),
    ("stackattack", 2, 41),
)
"""(game, players, seed) of each pinned game; `game:variant` names a non-default mode."""


def setup(entry: str, players: int) -> tuple[numrules.AnyGame, Any]:
    """The game and config of an entry of `ENTRIES`."""
    name, _, variant = entry.partition(":")
    game = numrules.get_game(name)
    if variant == "discovery":
        return game, game.Config(players=players, mode=numstop.Mode.DISCOVERY)
    if variant == "full":
        return game, game.Config(players=players, format=numwars.Format.FULL)
    return game, game.Config(players=players)


def loop_digest(name: str, players: int, seed: int) -> str:
    """The digest of the game `name` played by a seeded uniform pick (see the module)."""
    game, config = setup(name, players)
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


def match_digest(name: str, players: int, seed: int) -> str:
    """The digest of the game `name` played by `play_match` with RandomBots."""
    game, config = setup(name, players)
    bots = [RandomBot(seed * 10 + seat) for seat in range(players)]
    result = play_match(game, config, bots, seed)
    h = hashlib.sha256()
    h.update(repr([str(a) for a in result.actions]).encode())
    h.update(dumps(result.final_state).encode())
    h.update(repr((result.scores, sorted(result.winners))).encode())
    return h.hexdigest()


def compute() -> list[dict[str, Any]]:
    """Every entry of `ENTRIES` with its two digests."""
    return [
        {
            "game": name,
            "players": players,
            "seed": seed,
            "loop": loop_digest(name, players, seed),
            "match": match_digest(name, players, seed),
        }
        for name, players, seed in ENTRIES
    ]


if __name__ == "__main__":
    print(json.dumps(compute(), indent=1))
