"""Seeded randomness that gives the same result on every Python version and in every process.

All randomness of a game comes from the integer seed stored in its state: a shuffle is
`shuffled(items, derive_seed(seed, "round", 3))`, so `apply` stays a pure function and a
game replays from (config, seed, actions). The shuffle is a Fisher-Yates over the
Mersenne Twister's raw bits, so it depends neither on `hash()` (which varies between
processes) nor on `random.shuffle`'s implementation.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Hashable, Sequence
from typing import TypeVar

from numrules.core.errors import ConfigError
from numrules.core.validation import quote

T = TypeVar("T")
H = TypeVar("H", bound=Hashable)


def derive_seed(seed: int, *path: int | str) -> int:
    """Derive an independent 64-bit seed from `seed` and a path of labels.

    `derive_seed(s, "round", 2)` and `derive_seed(s, "round", 3)` are unrelated streams;
    the result depends only on the text of the arguments.
    """
    text = "/".join([str(seed), *(str(part) for part in path)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n), by rejection on raw bits.

    Unlike `rng.randrange`, it depends only on `getrandbits`, so the same generator
    state gives the same number in every Python version (and there is no modulo bias).
    """
    bits = n.bit_length()
    while True:
        r = rng.getrandbits(bits)
        if r < n:
            return r


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """Return `items` in a uniformly random order determined by `seed` only."""
    rng = random.Random(seed)
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def new_seed() -> int:
    """A fresh, unguessable game seed: 128 random bits from the `secrets` module.

    A game's seed decides every shuffle: whoever can guess it can rebuild every hidden
    hand and every future deal. Use this for games with real players (a server), and
    never show the seed to them until the game is over.
    """
    return secrets.randbits(128)


def check_seed(seed: object) -> int:
    """Return `seed` if it is an int (not a bool); raise `ConfigError` otherwise."""
    if type(seed) is not int:
        raise ConfigError(f"seed must be an int, got {quote(seed)}")
    return seed


def arrange_deck(
    cards: Sequence[H], seed: int, stacked: Sequence[H] | None = None
) -> tuple[H, ...]:
    """Return the order in which a round deals `cards`, top card first.

    Without `stacked`, a shuffle from `seed`. With `stacked`, those cards come first in
    the given order and the cards it does not list follow, shuffled from `seed`; so a
    test may stack only the cards its scenario needs.

    Raises:
        ConfigError: `stacked` names a card that is not in `cards`, or one twice.

    """
    if stacked is None:
        return shuffled(cards, seed)
    if isinstance(stacked, str | bytes):
        raise ConfigError("a stacked deck is a sequence of cards, not a string (use parse_cards)")
    known = set(cards)
    seen: set[H] = set()
    for card in stacked:
        try:
            absent = card not in known
        except TypeError:  # unhashable junk
            absent = True
        if absent:
            raise ConfigError(f"stacked deck: {quote(card)} is not a card of this game")
        if card in seen:
            raise ConfigError(f"stacked deck: {quote(card)} appears twice")
        seen.add(card)
    rest = [card for card in cards if card not in seen]
    return tuple(stacked) + shuffled(rest, seed)
