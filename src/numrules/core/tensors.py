"""Observation tensors: what one seat knows, as a fixed-length vector of floats in [0, 1].

Learning code (a neural network, an RL environment, OpenSpiel) wants numbers of a fixed
shape, not objects. A game that offers them gives a `Tensors` bundle (the `Game.tensors`
field) of two views, each a flat vector described by a `Layout` of named blocks:

- the **observation tensor**: the seat's view of the table now (its hand, the public
  table, scores, whose turn it is), seat-relative (block "seat k" means k seats after
  the observer, so the observer is always first);
- the **information-state tensor**: the observation plus the history the seat is
  entitled to remember (cards seen played by each seat, tricks, reveals), for
  algorithms that need perfect recall (CFR, NFSP).

Both are computed from an observation (`observe(state, seat)`) and nothing else, so they
cannot reveal what the seat may not know. This module has no numpy: the vectors are
lists of Python floats; `numrules.rl` turns them into float32 arrays.

Write a game's tensors with `Features`, block by block, in the order of its `Layout`:

    features = Features()
    features.one_hot(obs.round, config.rounds)  # block "round"
    features.flags((card_index(c) for c in obs.hand), 104)  # block "hand"
    return features.values
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, Generic, TypeVar

import attrs

from numrules.core.errors import SeatError
from numrules.core.events import Event, SeatLog

C = TypeVar("C")
O = TypeVar("O")  # noqa: E741
K = TypeVar("K", bound=Hashable)
P = TypeVar("P")


@attrs.frozen
class Block:
    """One named block of a tensor: `size` floats that mean one thing."""

    name: str
    size: int = attrs.field(validator=attrs.validators.ge(0))
    meaning: str = ""


@attrs.frozen
class Layout:
    """A tensor's blocks, in order; the tensor is their concatenation."""

    blocks: tuple[Block, ...]

    @property
    def size(self) -> int:
        """The length of the tensor: the sum of the blocks' sizes."""
        return sum(block.size for block in self.blocks)

    def offsets(self) -> dict[str, slice]:
        """Each block's place in the tensor, by name."""
        out: dict[str, slice] = {}
        start = 0
        for block in self.blocks:
            out[block.name] = slice(start, start + block.size)
            start += block.size
        return out

    def table(self) -> str:
        """The layout as a Markdown table (block, offset, size, meaning), for the docs."""
        rows = ["| block | offset | size | meaning |", "| --- | --- | --- | --- |"]
        start = 0
        for block in self.blocks:
            rows.append(f"| `{block.name}` | {start} | {block.size} | {block.meaning} |")
            start += block.size
        rows.append(f"| (total) | | {start} | |")
        return "\n".join(rows)


@attrs.frozen
class Tensors(Generic[C, O]):
    """A game's two tensors (`Game.tensors`): layouts per Config, builders per observation.

    Attributes:
        observation_layout: config -> the `Layout` of the observation tensor.
        observation: observation -> its tensor, `observation_layout(config).size` floats
            in [0, 1].
        information_state_layout: config -> the `Layout` of the information-state tensor.
        information_state: observation -> the information-state tensor (the observation's
            blocks first, then the history blocks), floats in [0, 1].

    """

    observation_layout: Callable[[C], Layout]
    observation: Callable[[O], list[float]]
    information_state_layout: Callable[[C], Layout]
    information_state: Callable[[O], list[float]]


class Features:
    """A float vector built block by block (`values`), for a game's tensor builders."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def one_hot(self, index: int | None, size: int) -> None:
        """`size` floats: 1.0 at `index`, 0.0 elsewhere (all zeros for None)."""
        block = [0.0] * size
        if index is not None:
            block[index] = 1.0
        self.values += block

    def flags(self, indices: Iterable[int], size: int) -> None:
        """`size` floats: 1.0 at each of `indices`, 0.0 elsewhere."""
        block = [0.0] * size
        for index in indices:
            block[index] = 1.0
        self.values += block

    def counts(self, indices: Iterable[int], size: int, high: int) -> None:
        """`size` floats: how often each index occurs, divided by `high` (at most 1.0)."""
        block = [0.0] * size
        step = 1.0 / high
        for index in indices:
            block[index] = min(1.0, block[index] + step)
        self.values += block

    def fraction(self, value: float, high: float) -> None:
        """One float: `value / high`, clipped to [0, 1] (0.0 when `high` is 0)."""
        self.values.append(min(1.0, max(0.0, value / high)) if high else 0.0)

    def flag(self, value: bool) -> None:
        """One float: 1.0 for True, 0.0 for False."""
        self.values.append(1.0 if value else 0.0)


def seat_order(seat: int, players: int) -> list[int]:
    """The seats as the observer sees them: itself first, then the next seats in order."""
    return [(seat + k) % players for k in range(players)]


def relative(seat: int | None, observer: int, players: int) -> int | None:
    """`seat` counted from `observer` (0: the observer, 1: the next seat...); None stays None."""
    return None if seat is None else (seat - observer) % players


def tensor_seat(seat: int | None) -> int:
    """The observing seat of an observation, for its tensors.

    Raises:
        SeatError: `seat` is None: a spectator has no seat-relative view.

    """
    if seat is None:
        raise SeatError("a spectator has no tensor: observe the state as a seat (0..players-1)")
    return seat


def per_config(build: Callable[[K], P]) -> Callable[[K], P]:
    """`build` remembered per config: the tables a game's tensor builders read.

    Most calls come from one game, so the last config is found by identity first,
    without hashing it; the others through a cache of 64 configs.
    """
    cached = functools.lru_cache(maxsize=64)(build)
    last: list[tuple[K, P]] = []

    def lookup(config: K) -> P:
        if last and last[0][0] is config:
            return last[0][1]
        tables = cached(config)
        last[:] = [(config, tables)]
        return tables

    lookup.__doc__ = build.__doc__
    return lookup


def round_events(log: SeatLog, start: type[Event], guess: int = 64) -> Sequence[Event]:
    """The events of the current round: those after the last `start` event (all, if none).

    Reading a log costs per event, so the last `guess` events are read first, then four
    times as many each time the round began earlier: a long game's earlier rounds are
    never copied.
    """
    size, window = len(log), max(guess, 1)
    while True:
        first = max(0, size - window)
        events = log.since(first)
        for index in range(len(events) - 1, -1, -1):
            if type(events[index]) is start:
                return events[index + 1 :]
        if not first:
            return events
        window *= 4


AnyTensors = Tensors[Any, Any]
"""The tensors of some game, as generic code holds them."""
