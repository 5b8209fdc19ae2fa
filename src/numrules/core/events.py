"""Events: what each `apply` did, and what every seat was told of it.

Every game records, in its state, the events of each `apply` in order: a card played,
a row taken, a trick won, a round scored. One `apply` may record several events (a
Stack Attack reveal places cards and takes rows). Each event knows who may see what:
`event.seen_by(seat)` is the event as that seat was told it, with what the seat may not
know left out (a card drawn face down by another seat, a secret pick before the reveal).

The log in a state is an immutable, append-only `Log` that shares its structure with
the logs of the states before it, so recording costs O(1) amortised per event and no
`apply` copies the history. It keeps the public version of every event (what a
spectator is told) and, per seat, only the events that seat was told more about. So a
seat's account of the game, `log.view(seat)`, is built in O(1) and holds nothing the
seat may not know: an `Observation` carries it as its `log` field. `apply` only notes
its events; how each seat saw them is worked out when the log is first read (for the
events since the last read), so a game nobody reads the log of never pays for it.

Read a game's events with the game module's `events(state, seat, since=0)` (also
`Game.events`): the events from index `since` on, as `seat` saw them (None: a
spectator). Every seat is told of every event, so event `i` is the same moment for
every seat; only its details differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, ClassVar, Generic, TypeVar, overload

import attrs

from numrules.core.seats import check_observer

T = TypeVar("T")

_new_vector = object.__new__

_BITS = 5
_WIDTH = 1 << _BITS  # 32 items per leaf and children per node
_MASK = _WIDTH - 1


class Vector(Generic[T]):
    """An immutable sequence with O(1) amortised `append` that shares its structure.

    A 32-way trie of full leaves plus a tail (the persistent vector of Clojure), made of
    tuples: appending copies at most one path of the trie, indexing walks it
    (log32 of the length, so 3 steps for 32,768 items).
    """

    __slots__ = ("_hash", "_root", "_shift", "_size", "_tail")

    _root: tuple[Any, ...]
    _shift: int
    _size: int
    _tail: tuple[T, ...]

    def __init__(self, items: Iterable[T] = ()) -> None:
        self._root, self._shift, self._size, self._tail = (), _BITS, 0, ()
        for item in items:
            self._root, self._shift, self._size, self._tail = self._pushed(item)

    @classmethod
    def _make(cls, root: tuple[Any, ...], shift: int, size: int, tail: tuple[T, ...]) -> Vector[T]:
        vector: Vector[T] = _new_vector(cls)
        vector._root, vector._shift, vector._size, vector._tail = root, shift, size, tail
        return vector

    def _pushed(self, item: T) -> tuple[tuple[Any, ...], int, int, tuple[T, ...]]:
        root, shift, size, tail = self._root, self._shift, self._size, self._tail
        if len(tail) < _WIDTH:
            return root, shift, size + 1, (*tail, item)
        # The tail is full: it becomes a leaf of the trie, and a new tail starts.
        if (size >> _BITS) > (1 << shift):  # the trie is full at this depth
            root = (root, _path(shift, tail))
            shift += _BITS
        else:
            root = _push_leaf(size, shift, root, tail)
        return root, shift, size + 1, (item,)

    def append(self, item: T) -> Vector[T]:
        """A new vector with `item` at the end (this one is unchanged)."""
        tail = self._tail
        if len(tail) < _WIDTH:  # the common case, inlined: copy the tail only
            vector: Vector[T] = _new_vector(Vector)
            vector._root, vector._shift, vector._size = self._root, self._shift, self._size + 1
            vector._tail = (*tail, item)
            return vector
        return Vector._make(*self._pushed(item))

    def extend(self, items: Iterable[T]) -> Vector[T]:
        """A new vector with `items` at the end (this one is unchanged)."""
        root, shift, size, tail = self._root, self._shift, self._size, self._tail
        batch = tuple(items)
        if len(batch) + len(tail) <= _WIDTH:  # the common case: everything fits in the tail
            vector: Vector[T] = _new_vector(Vector)
            vector._root, vector._shift, vector._size = root, shift, size + len(batch)
            vector._tail = tail + batch
            return vector
        for item in batch:
            if len(tail) < _WIDTH:
                size, tail = size + 1, (*tail, item)
            else:
                root, shift, size, tail = Vector._make(root, shift, size, tail)._pushed(item)
        return Vector._make(root, shift, size, tail)

    def __len__(self) -> int:
        return self._size

    def _leaf(self, index: int) -> tuple[T, ...]:
        # The leaf (or the tail) holding `index`, which must be in range.
        if index >= self._size - len(self._tail):
            return self._tail
        node = self._root
        for level in range(self._shift, 0, -_BITS):
            node = node[(index >> level) & _MASK]
        return node

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...
    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._size)))
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("vector index out of range")
        return self._leaf(index)[index & _MASK]

    def iter_from(self, start: int) -> Iterator[T]:
        """The items from index `start` (clamped to 0..len) to the end."""
        index = max(start, 0)
        while index < self._size:
            leaf = self._leaf(index)
            offset = index & _MASK if leaf is not self._tail else index - (self._size - len(leaf))
            yield from leaf[offset:]
            index += len(leaf) - offset

    def __iter__(self) -> Iterator[T]:
        return self.iter_from(0)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Vector):
            return NotImplemented
        return self._size == other._size and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        try:
            return self._hash
        except AttributeError:  # computed once: a vector never changes
            self._hash: int = hash(tuple(self))
            return self._hash

    def __repr__(self) -> str:
        return f"Vector({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Vector, (tuple(self),))


def _path(level: int, leaf: tuple[Any, ...]) -> tuple[Any, ...]:
    # A chain of one-child nodes from `level` down to `leaf`.
    node = leaf
    for _ in range(level, 0, -_BITS):
        node = (node,)
    return node


def _push_leaf(
    size: int, level: int, node: tuple[Any, ...], leaf: tuple[Any, ...]
) -> tuple[Any, ...]:
    # `node` with `leaf` added as the leaf after the last one; `size` counts the items of
    # the trie plus those of the full tail that becomes `leaf`.
    slot = ((size - 1) >> level) & _MASK
    if level == _BITS:
        child: tuple[Any, ...] = leaf
    elif slot < len(node):
        child = _push_leaf(size, level - _BITS, node[slot], leaf)
    else:
        child = _path(level - _BITS, leaf)
    return (*node[:slot], child, *node[slot + 1 :])


@attrs.frozen(slots=True)
class Event:
    """Base class of every event: something `apply` did, told as one English sentence.

    A subclass is a frozen attrs class. An event that tells some seats more than others
    sets `secret = True` and overrides `seen_by`; a public event is the same for all.
    `str(event)` is a one-line sentence ("seat 2 takes row 3: 4 cards, 7 points").
    """

    secret: ClassVar[bool] = False
    """Whether some seat is told less of this event than another (see `seen_by`)."""

    def seen_by(self, seat: int | None) -> Event:
        """The event as `seat` is told it (None: a spectator, told the public part only)."""
        return self

    def told_more(self, players: int) -> Iterable[tuple[int, Event]]:
        """The seats told more than the public version, each with its version.

        The default asks `seen_by` for every seat; a secret event that tells one seat
        only (its actor) may say so directly, which is cheaper.
        """
        public = self.seen_by(None)
        for seat in range(players):
            view = self.seen_by(seat)
            if view is not public and view != public:
                yield seat, view


E = TypeVar("E", bound=Event)


class SeatLog(Sequence[Event]):
    """One seat's account of a game: every event so far, as that seat was told it.

    An immutable sequence (`len`, indexing, iteration, `since`). It holds only what the
    seat may know: the public version of each event, with the seat's own fuller version
    where it was told more. Two seat logs are equal when they hold equal events.
    """

    __slots__ = ("_private", "_public", "_seat")

    def __init__(
        self,
        public: Vector[Event],
        private: Vector[tuple[int, Event]] | None = None,
        seat: int | None = None,
    ) -> None:
        self._public = public
        self._private: Vector[tuple[int, Event]] = Vector() if private is None else private
        self._seat = seat

    @classmethod
    def of(cls, events: Iterable[Event], seat: int | None = None) -> SeatLog:
        """A seat log holding exactly `events` (e.g. events read back from JSON)."""
        return cls(Vector(events), None, seat)

    @property
    def seat(self) -> int | None:
        """The seat whose account this is (None: a spectator)."""
        return self._seat

    def __len__(self) -> int:
        return len(self._public)

    def _first_private(self, start: int) -> int:
        # The position of the first private event at or after `start` (indices ascend).
        private = self._private
        lo, hi = 0, len(private)
        while lo < hi:
            mid = (lo + hi) // 2
            if private[mid][0] < start:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def since(self, start: int = 0) -> tuple[Event, ...]:
        """The events from index `start` on (all of them by default)."""
        start = max(start, 0)
        out = list(self._public.iter_from(start))
        for index, event in self._private.iter_from(self._first_private(start)):
            out[index - start] = event
        return tuple(out)

    def __iter__(self) -> Iterator[Event]:
        return iter(self.since(0))

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return self.since(0)[index]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("event index out of range")
        at = self._first_private(index)
        if at < len(self._private) and self._private[at][0] == index:
            return self._private[at][1]
        return self._public[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SeatLog):
            return NotImplemented
        return len(self) == len(other) and self.since(0) == other.since(0)

    def __hash__(self) -> int:
        return hash(self.since(0))

    def __repr__(self) -> str:
        return f"SeatLog(seat={self._seat!r}, events={len(self)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (SeatLog.of, (self.since(0), self._seat))


_Parts = tuple[Vector[Event], tuple[Vector[tuple[int, Event]], ...]]
# A log's public events, and per seat the (index, event) pairs it was told more of.


class Log:
    """The events of a whole game, with every seat's view: the `log` field of a state.

    Immutable and append-only: `record` returns a new log sharing this one's structure.
    It keeps the public version of every event, and for each seat the (index, event)
    pairs where that seat was told more than the public version. Never hand a `Log` to
    a player: give it `view(seat)`.

    Recording is deferred: `record` keeps the new events and a link to the log before
    them (O(1)), and the seats' versions are worked out the first time anything reads
    the log. A game played without reading its log (a simulation, a search bot's
    rollout) never pays for them; a log read once is read from then on at full speed.
    """

    __slots__ = ("_deferred", "_done", "_size")

    def __init__(
        self,
        public: Vector[Event] | None = None,
        private: tuple[Vector[tuple[int, Event]], ...] = (),
    ) -> None:
        public = Vector() if public is None else public
        # `_done`: (public, private) once worked out; `_deferred`: (the log before,
        # the events recorded, the number of seats) until then. Each is one slot, set in
        # one step, so a log read by two threads at once is never seen half-done.
        self._done: _Parts | None = (public, private)
        self._deferred: tuple[Log, tuple[Event, ...], int] | None = None
        self._size = len(public)

    def _forced(self) -> _Parts:
        # The public and private parts, worked out now if `record` deferred them. Every
        # deferred log on the way back to a worked-out one is worked out too (each once),
        # so logs that share a history share the work; a loop, not recursion, so a game
        # of any length never read before is fine.
        done = self._done
        if done is not None:
            return done
        chain: list[tuple[Log, tuple[Event, ...], int]] = []
        log: Log = self
        while True:
            done = log._done
            if done is not None:
                break
            deferred = log._deferred
            if deferred is None:  # worked out meanwhile (another thread): `_done` is set
                done = log._done
                assert done is not None
                break
            chain.append((log, deferred[1], deferred[2]))
            log = deferred[0]
        public, private = done
        for log, events, players in reversed(chain):
            done = public, private = _recorded(public, private, events, players)
            log._done = done
            log._deferred = None  # the log before is no longer needed
        return done

    @property
    def public(self) -> Vector[Event]:
        """The public version of every event (what a spectator is told)."""
        return self._forced()[0]

    @property
    def private(self) -> tuple[Vector[tuple[int, Event]], ...]:
        """Per seat, the (index, event) pairs where that seat was told more.

        Seats past the end of the tuple were never told more than the public version.
        """
        return self._forced()[1]

    def __len__(self) -> int:
        return self._size

    def record(self, events: Sequence[Event], players: int) -> Log:
        """A new log with `events` added, in order (this one is unchanged); O(1).

        Args:
            events: what one `apply` did, in order.
            players: the number of seats, each of which is asked how it saw a secret event.

        """
        log: Log = _new_object(Log)
        log._done = None
        log._deferred = (self, tuple(events), players)
        log._size = self._size + len(events)
        return log

    def view(self, seat: int | None) -> SeatLog:
        """The account of the game `seat` was given (None: a spectator)."""
        public, private = self._forced()
        if seat is None or seat >= len(private):
            return SeatLog(public, None, seat)
        return SeatLog(public, private[seat], seat)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Log):
            return NotImplemented
        if self is other:
            return True
        if self._size != other._size:
            return False
        (public, private), (theirs, their_private) = self._forced(), other._forced()
        return public == theirs and _trimmed(private) == _trimmed(their_private)

    def __hash__(self) -> int:
        public, private = self._forced()
        return hash((public, _trimmed(private)))

    def __repr__(self) -> str:
        return f"Log(events={len(self)})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Log, self._forced())


def _recorded(
    public: Vector[Event],
    private: tuple[Vector[tuple[int, Event]], ...],
    events: Sequence[Event],
    players: int,
) -> _Parts:
    # `public` and `private` with `events` added: the work `Log.record` defers.
    if len(events) == 1:  # the commonest case: one event
        if not events[0].secret:
            return public.append(events[0]), private
    else:
        for event in events:
            if event.secret:
                break
        else:  # every event is public
            return public.extend(events), private
    updated = list(private)
    for event in events:
        if not event.secret:
            public = public.append(event)
            continue
        index = len(public)
        public = public.append(event.seen_by(None))
        for seat, view in event.told_more(players):
            while len(updated) <= seat:
                updated.append(Vector())
            updated[seat] = updated[seat].append((index, view))
    return public, tuple(updated)


def log_of_view(view: SeatLog) -> Log:
    """A log whose account for `view.seat` is exactly `view`: the log of a sampled state.

    A seat that samples a full state from its observation (`sample_state`) knows its own
    account of the game, but not what the other seats were told in private. The log
    built here gives `view.seat` its own account unchanged and every other seat the
    public version of each event. O(1) for a view taken from a state; O(events) for a
    view read back from JSON, whose public versions are recomputed with `seen_by(None)`.
    """
    seat = view.seat
    public, private = view._public, view._private
    if seat is None:
        return _new_log(public, ())
    if not private and any(event.secret for event in public):
        # A view read back from JSON holds the seat's own versions as one sequence.
        mine: list[tuple[int, Event]] = []
        shown: list[Event] = []
        for index, event in enumerate(public):
            told = event.seen_by(None) if event.secret else event
            shown.append(told)
            if told != event:
                mine.append((index, event))
        public, private = Vector(shown), Vector(mine)
    if not private:
        return _new_log(public, ())
    return _new_log(public, (*(Vector[tuple[int, Event]]() for _ in range(seat)), private))


def _new_log(public: Vector[Event], private: tuple[Vector[tuple[int, Event]], ...]) -> Log:
    log: Log = _new_object(Log)
    log._done, log._deferred, log._size = (public, private), None, len(public)
    return log


_new_object = object.__new__


def _trimmed(private: tuple[Vector[Any], ...]) -> tuple[Vector[Any], ...]:
    # Trailing empty vectors say nothing: (v, empty) and (v,) are the same log.
    end = len(private)
    while end and not private[end - 1]:
        end -= 1
    return private[:end]


def cards_text(cards: Iterable[object]) -> str:
    """Cards in notation for an event's sentence ("R7 B7"), or "nothing"."""
    return " ".join(map(str, cards)) or "nothing"


def count_text(number: int, noun: str) -> str:
    """A count and its noun for an event's sentence: "1 card", "5 cards", "-10 points"."""
    return f"{number} {noun}" if abs(number) == 1 else f"{number} {noun}s"


EMPTY_LOG = Log()
"""The log of a game in which nothing has happened yet."""


def events(state: Any, seat: int | None, since: int = 0) -> tuple[Event, ...]:
    """The events of `state` from index `since` on, as `seat` was told them.

    Every game module exposes this as `events` (and `Game.events`). `seat` None is a
    spectator, told the public part of every event only.

    Raises:
        SeatError: `seat` is not a seat of this game.

    """
    check_observer(seat, state.config.players)
    log: Log = state.log
    return log.view(seat).since(since)
