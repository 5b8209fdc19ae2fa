"""Stack Attack determinization: samples look right to their seat and are uniform."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

import numrules
from numrules import SamplingError
from numrules import stackattack as sa
from numrules.core.stats import chi_square
from numrules.testing import check_sample_state, play_out

from .helpers import play


def small_game(seed: int = 3) -> sa.State:
    # Ten cards: three hands of two, two rows, two cards left out of the deal.
    config = sa.Config(
        players=3, hand_size=2, rows=2, deck_size=10, switch=(), block=(), shield=(), decreasing=()
    )
    return sa.new_game(config, seed=seed)


def split(sample: sa.State) -> tuple[tuple[int, ...], ...]:
    # Where the cards seat 0 cannot see went: seat 1, seat 2, the unused cards.
    return (sample.hands[1], sample.hands[2], tuple(sorted(sample.unused)))


def test_every_split_of_the_unseen_cards_is_equally_likely() -> None:
    state = small_game()
    view = sa.observe(state, 0)
    rnd = random.Random(2026)
    draws = 9000
    counts = Counter(split(sa.sample_state(view, rnd)) for _ in range(draws))
    # Six unseen cards into two hands of two and two unused cards: 6!/(2!2!2!) = 90 splits.
    assert len(counts) == 90
    _, p = chi_square(list(counts.values()), [draws / 90] * 90)
    assert p > 0.001


def test_a_secret_choice_is_drawn_like_any_other_unseen_card() -> None:
    state = small_game()
    mine = state.hands[0][0]
    state = play(state, f"1:choose {state.hands[1][0]}", f"0:choose {mine}")
    view = sa.observe(state, 0)
    assert view.chosen == (True, True, False)
    rnd = random.Random(7)
    draws = 6000
    seen = {*view.hand, mine, *(card for row in view.rows for card in row)}
    unseen = sorted(set(state.config.all_cards()) - seen)
    assert len(unseen) == 6
    counts: Counter[int] = Counter()
    for i in range(draws):
        checked = i < 50  # the full check on some samples, a plain draw on the rest
        sample = (
            check_sample_state(sa.GAME, state, 0, rnd) if checked else sa.sample_state(view, rnd)
        )
        assert sample.played[0] == mine
        assert sample.played[2] is None
        choice = sample.played[1]
        assert choice is not None
        counts[choice] += 1
    assert sorted(counts) == unseen
    _, p = chi_square([counts[c] for c in unseen], [draws / len(unseen)] * len(unseen))
    assert p > 0.001


def test_a_spectator_sample_deals_every_hand() -> None:
    state = small_game(seed=11)
    rnd = random.Random(1)
    hands = {check_sample_state(sa.GAME, state, None, rnd).hands for _ in range(40)}
    assert len(hands) > 1


def test_samples_of_a_real_game_play_on_to_the_end() -> None:
    rnd = random.Random(5)
    state = sa.new_game(sa.Config(players=4), seed=5)
    for _ in range(25):
        legal = sa.legal_actions(state)
        state = sa.apply(state, legal[rnd.randrange(len(legal))])
    for seat in (0, 1, 2, 3, None):
        sample = check_sample_state(sa.GAME, state, seat, rnd)
        assert sample.seed != state.seed
        assert sa.is_terminal(play_out(sa.GAME, sample, rnd))


def test_sampling_is_reproducible_from_the_rng_seed() -> None:
    view = sa.observe(small_game(), 1)
    first = [sa.sample_state(view, random.Random(9)) for _ in range(2)]
    assert first[0] == first[1]


def test_a_sample_of_an_observation_read_from_json_keeps_the_secrets_secret() -> None:
    state = play(small_game(seed=4), f"0:choose {small_game(seed=4).hands[0][0]}")
    view = numrules.loads(numrules.dumps(sa.observe(state, 0)))
    assert view.log.seat == 0
    sample = sa.sample_state(view, random.Random(3))
    # The other seats and a spectator are told only the public version of seat 0's deal
    # and pick, as in the real game.
    for seat in (1, 2, None):
        assert sa.events(sample, seat) == sa.events(state, None)
    assert sa.observe(sample, 0) == sa.observe(state, 0)


def test_hand_sizes_the_unseen_cards_cannot_fill_are_refused_with_a_sampling_error() -> None:
    view = sa.observe(small_game(), 0)
    unseen = len(view.config.all_cards()) - len(view.hand) - sum(map(len, view.rows))
    for sizes in ((2, unseen, 1), (2, -1, 2)):
        with pytest.raises(SamplingError):
            sa.sample_state(attrs.evolve(view, hand_sizes=sizes), random.Random(0))
