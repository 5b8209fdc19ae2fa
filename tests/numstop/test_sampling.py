"""Num Stop determinization: the stocks are drawn uniformly, keeping what FLIP showed."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import attrs
import pytest

import numrules
from numrules import SamplingError
from numrules import numstop as ns
from numrules.core.stats import chi_square
from numrules.testing import check_sample_state, play_out

from .helpers import cards, play, table


def four_cards_left() -> ns.State:
    # Every card but four has left the stocks; seat 0 holds a FLIP in its reserve.
    return table(a="B5 G1", b="Y2 R3", reserves=["FLIP"], rest="discard")


def frequencies(view: ns.Observation, draws: int, seed: int) -> Counter[tuple[str, str]]:
    rnd = random.Random(seed)
    counts: Counter[tuple[str, str]] = Counter()
    for _ in range(draws):
        a, b = ns.sample_state(view, rnd).stocks
        counts[(" ".join(map(str, a)), " ".join(map(str, b)))] += 1
    return counts


def test_every_order_of_the_unseen_cards_is_equally_likely() -> None:
    view = ns.observe(four_cards_left(), 1)
    counts = frequencies(view, 4800, seed=3)
    expected = {
        (f"{p[0]} {p[1]}", f"{p[2]} {p[3]}") for p in permutations(map(str, cards("B5 G1 Y2 R3")))
    }
    assert set(counts) == expected
    _, p = chi_square(list(counts.values()), [4800 / 24] * 24)
    assert p > 0.001


def test_the_tops_a_flip_showed_stay_on_top_for_that_seat_only() -> None:
    flipped = play(four_cards_left(), "0:activate FLIP")
    mine = frequencies(ns.observe(flipped, 0), 2000, seed=4)
    assert set(mine) == {("B5 G1", "Y2 R3"), ("B5 R3", "Y2 G1")}
    _, p = chi_square(list(mine.values()), [1000, 1000])
    assert p > 0.001
    # Seat 1 knows that seat 0 looked, not what it saw: all 24 orders remain.
    theirs = frequencies(ns.observe(flipped, 1), 2400, seed=5)
    assert len(theirs) == 24
    rnd = random.Random(6)
    for seat in (0, 1, 2, None):
        sample = check_sample_state(ns.GAME, flipped, seat, rnd)
        assert sample.peeks == (0, 0)


def test_samples_of_real_games_look_the_same_and_play_on() -> None:
    rnd = random.Random(11)
    for mode in ns.Mode:
        state = ns.new_game(ns.Config(players=3, mode=mode), seed=11)
        for _ in range(300):
            legal = ns.legal_actions(state)
            state = ns.apply(state, legal[rnd.randrange(len(legal))])
        for seat in (0, 1, 2, None):
            sample = check_sample_state(ns.GAME, state, seat, rnd)
            assert sorted(map(str, (*sample.stocks[0], *sample.stocks[1]))) == sorted(
                map(str, (*state.stocks[0], *state.stocks[1]))
            )
        assert ns.is_terminal(play_out(ns.GAME, sample, rnd))


def test_an_observation_read_back_from_json_samples_the_same() -> None:
    view = ns.observe(play(four_cards_left(), "0:activate FLIP"), 0)
    loaded = numrules.loads(numrules.dumps(view))
    first, again = (ns.sample_state(v, random.Random(8)) for v in (view, loaded))
    assert first.stocks == again.stocks
    assert first.seed == again.seed
    assert ns.observe(again, 0) == ns.observe(first, 0) == view


def test_stock_sizes_the_unseen_cards_cannot_fill_are_refused_with_a_sampling_error() -> None:
    view = ns.observe(four_cards_left(), 1)
    a, b = view.stock_sizes
    for sizes in ((a + 1, b), (a, b - 1), (a + b + 1, -1)):
        with pytest.raises(SamplingError):
            ns.sample_state(attrs.evolve(view, stock_sizes=sizes), random.Random(0))
