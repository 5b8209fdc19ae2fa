"""The event log: the persistent vector, per-seat views, sharing and JSON."""

from __future__ import annotations

import pickle
from concurrent.futures import ThreadPoolExecutor
from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from numrules.core.events import EMPTY_LOG, Event, Log, SeatLog, Vector


@given(st.lists(st.integers(), max_size=3000), st.integers(0, 3100))
def test_vector_behaves_as_a_tuple(items: list[int], start: int) -> None:
    vector = Vector(items)
    assert len(vector) == len(items)
    assert list(vector) == items
    assert list(vector.iter_from(start)) == items[start:]
    assert vector[:] == tuple(items)
    if items:
        assert vector[-1] == items[-1]
        assert vector[len(items) // 2] == items[len(items) // 2]
    with pytest.raises(IndexError):
        vector[len(items)]


@given(st.lists(st.lists(st.integers(), max_size=40), max_size=80))
def test_appends_and_extends_share_and_never_change_older_vectors(chunks: list[list[int]]) -> None:
    versions = [Vector[int]()]
    expected: list[list[int]] = [[]]
    for chunk in chunks:
        if len(chunk) == 1:
            versions.append(versions[-1].append(chunk[0]))
        else:
            versions.append(versions[-1].extend(chunk))
        expected.append(expected[-1] + chunk)
    for vector, items in zip(versions, expected, strict=True):
        assert list(vector) == items
        assert vector == Vector(items)
        assert hash(vector) == hash(Vector(items))


def test_a_branch_does_not_see_the_other_branch() -> None:
    base = Vector(range(100))
    left, right = base.append(-1), base.append(-2)
    assert left[100] == -1
    assert right[100] == -2
    assert len(base) == 100


def test_deep_vectors_pickle_and_compare_without_recursion() -> None:
    vector = Vector(range(200_000))
    assert pickle.loads(pickle.dumps(vector)) == vector
    assert vector[123_456] == 123_456


@attrs.frozen(slots=True)
class Public(Event):
    n: int

    def __str__(self) -> str:
        return f"public {self.n}"


@attrs.frozen(slots=True)
class Draw(Event):
    secret: ClassVar[bool] = True
    seat: int
    card: str | None

    def seen_by(self, seat: int | None) -> Draw:
        return self if seat == self.seat else Draw(self.seat, None)

    def __str__(self) -> str:
        return f"seat {self.seat} draws {self.card or 'a card'}"


def test_each_seat_is_told_its_own_view_and_a_spectator_the_public_one() -> None:
    log = EMPTY_LOG.record([Public(0), Draw(1, "R7"), Public(1)], players=3)
    log = log.record([Draw(0, "B2")], players=3)
    assert len(log) == 4
    assert log.view(None).since() == (Public(0), Draw(1, None), Public(1), Draw(0, None))
    assert log.view(1).since() == (Public(0), Draw(1, "R7"), Public(1), Draw(0, None))
    assert log.view(0).since(2) == (Public(1), Draw(0, "B2"))
    assert log.view(2) == log.view(None)
    assert log.view(1)[1] == Draw(1, "R7")
    assert list(log.view(0)) == list(log.view(0).since(0))


def test_recording_leaves_the_old_log_unchanged() -> None:
    first = EMPTY_LOG.record([Draw(0, "R1")], players=2)
    second = first.record([Draw(1, "R2")], players=2)
    assert len(first) == 1
    assert first.view(1).since() == (Draw(0, None),)
    assert second.view(1).since() == (Draw(0, None), Draw(1, "R2"))
    assert first != second
    assert Log() == EMPTY_LOG


def test_a_seat_log_holds_only_what_its_seat_was_told() -> None:
    log = EMPTY_LOG.record([Draw(0, "R1"), Draw(1, "R2")], players=2)
    told = log.view(0)
    assert "R2" not in repr(pickle.loads(pickle.dumps(told)).since())
    assert SeatLog.of(told.since()) == told


@given(st.lists(st.booleans(), max_size=200), st.integers(0, 2))
def test_indexing_a_seat_log_agrees_with_since(secrets: list[bool], seat: int) -> None:
    log = EMPTY_LOG
    for i, secret in enumerate(secrets):
        event: Event = Draw(i % 3, f"R{i}") if secret else Public(i)
        log = log.record([event], players=3)
    told = log.view(seat)
    everything = told.since()
    assert [told[i] for i in range(len(told))] == list(everything)
    for start in (0, len(told) // 2, len(told)):
        assert told.since(start) == everything[start:]


def _told(batches: list[list[Event]], seat: int | None) -> tuple[Event, ...]:
    # What `seat` was told of `batches`, event by event, without any log.
    return tuple(event.seen_by(seat) for batch in batches for event in batch)


@given(
    st.lists(
        st.lists(st.tuples(st.booleans(), st.integers(0, 2)), min_size=1, max_size=3),
        max_size=60,
    ),
    st.sets(st.integers(0, 59)),
)
def test_a_log_read_at_any_points_tells_each_seat_what_it_was_told(
    batches: list[list[tuple[bool, int]]], reads: set[int]
) -> None:
    # `record` defers the seats' versions until a read; reading at some steps and not at
    # others must give the same accounts as the events told one by one.
    events: list[list[Event]] = [
        [Draw(seat, f"R{i}") if secret else Public(i) for secret, seat in batch]
        for i, batch in enumerate(batches)
    ]
    log = EMPTY_LOG
    for i, batch in enumerate(events):
        log = log.record(batch, players=3)
        assert len(log) == sum(map(len, events[: i + 1]))
        if i in reads:
            assert log.view(i % 3).since() == _told(events[: i + 1], i % 3)
    for seat in (None, 0, 1, 2):
        assert log.view(seat).since() == _told(events, seat)
    assert pickle.loads(pickle.dumps(log)) == log


def test_branches_of_an_unread_history_each_read_right() -> None:
    # Two logs recorded on the same unread log: reading one works out the shared part,
    # and the other still reads its own events on top of it.
    trunk = EMPTY_LOG
    for i in range(50):
        trunk = trunk.record([Draw(i % 2, f"R{i}")], players=2)
    left = trunk.record([Public(1)], players=2)
    right = trunk.record([Draw(0, "B9")], players=2)
    assert left.view(0).since(50) == (Public(1),)
    assert right.view(1).since(50) == (Draw(0, None),)
    assert right.view(0).since(49) == (Draw(1, None), Draw(0, "B9"))
    assert trunk.view(1)[49] == Draw(1, "R49")
    assert left != right
    assert left.view(None).since()[:50] == trunk.view(None).since()


def test_a_long_unread_log_is_read_without_recursion() -> None:
    log = EMPTY_LOG
    for i in range(100_000):
        log = log.record([Draw(i % 4, "R1") if i % 7 == 0 else Public(i)], players=4)
    assert len(log) == 100_000
    assert log.view(0)[99_995] == Draw(3, None)
    assert log.view(3)[99_995] == Draw(3, "R1")


def test_threads_reading_one_unread_log_agree() -> None:
    base = EMPTY_LOG
    for i in range(2_000):
        base = base.record([Draw(i % 3, f"R{i}"), Public(i)], players=3)
    logs = [base.record([Public(-k)], players=3) for k in range(8)]
    expected = [Draw(i % 3, None if i % 3 != 1 else f"R{i}") for i in range(2_000)]
    with ThreadPoolExecutor(8) as pool:
        views = list(pool.map(lambda log: log.view(1).since(), logs * 4))
    for view in views:
        assert view[0:4000:2] == tuple(expected)
