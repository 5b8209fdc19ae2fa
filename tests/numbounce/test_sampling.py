"""Num Bounce determinization: samples look right to their seat, keep every inference the
seat can make (known cards, sizes, the epochs of recycled cards) and are uniform.
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import numrules
from numrules import IllegalActionError, SamplingError
from numrules import numbounce as nb
from numrules.core.cards import NumCard
from numrules.core.rng import derive_seed, shuffled
from numrules.core.stats import chi_square
from numrules.testing import check_sample_state, play_out
from tests.numbounce.helpers import cards, table

Outcome = tuple[object, ...]


def outcome(state: nb.State, seat: int | None) -> Outcome:
    """Where the cards `seat` cannot see are: each other hand, the draw pile, the taken card."""
    hidden = nb.hidden_cards(state, seat)
    hands = tuple(frozenset(hand & hidden) for s, hand in enumerate(state.hands) if s != seat)
    taken = state.taken if state.taken in hidden else None
    return (*hands, state.draw, taken)


def uniform_p(samples: Iterable[Outcome], support: set[Outcome]) -> float:
    """The chi-square p-value of the samples against the uniform law on `support`."""
    counts = Counter(samples)
    assert set(counts) <= support, "a sample is not a consistent assignment"
    total = sum(counts.values())
    _, p = chi_square([counts[o] for o in support], [total / len(support)] * len(support))
    return p


def places(
    hidden: tuple[NumCard, ...], hands: tuple[int, ...], draw: int, taken: bool
) -> set[Outcome]:
    """Brute force: every placement of `hidden` into hands of the sizes `hands`, an ordered
    draw pile of `draw` cards and, if `taken`, the taken card."""
    found: set[Outcome] = set()
    for order in itertools.permutations(hidden):
        parts, start = [], 0
        for size in hands:
            parts.append(frozenset(order[start : start + size]))
            start += size
        rest = order[start:]
        found.add((*parts, tuple(rest[:draw]), rest[draw] if taken else None))
    return found


# --- hand-built positions: the exact law ------------------------------------------------


def test_every_placement_around_the_known_cards_is_equally_likely() -> None:
    # Seat 1 holds R1 in view of all (taken from the discard); all the other cards are seen.
    state = table(
        ["Y3 Y4", "R1 R2 R3", "B1 B2"],
        trick="G7",
        author=0,
        mover=1,
        draw="G1 G2",
        rest="discard",
        known=["", "R1", ""],
    )
    view = nb.observe(state, 0)
    hidden = cards("R2 R3 B1 B2 G1 G2")
    assert nb.hidden_cards(state, 0) == frozenset(hidden)
    support = places(hidden, (2, 2), 2, False)
    assert len(support) == math.factorial(6) // (2 * 2)  # two hands of 2, then 2 in order
    rnd = random.Random(2026)
    draws = 9000
    samples = [nb.sample_state(view, rnd) for _ in range(draws)]
    assert all(cards("R1")[0] in sample.hands[1] for sample in samples)
    assert all(sample.known == state.known for sample in samples)
    assert uniform_p((outcome(s, 0) for s in samples), support) > 0.001


def test_a_card_another_seat_took_from_the_draw_pile_is_drawn_like_the_others() -> None:
    # Seat 1 took Y5 from the draw pile and is deciding on it: seat 0 cannot see it.
    state = table(
        ["Y3 Y4", "R1", "B1"],
        trick="R7",
        author=2,
        mover=1,
        draw="G1",
        rest="discard",
        phase=nb.Phase.TAKEN,
        taken="Y5",
        source=nb.Pile.DRAW,
    )
    view = nb.observe(state, 0)
    assert view.taken is None
    hidden = cards("R1 B1 G1 Y5")
    support = places(hidden, (1, 1), 1, True)
    assert len(support) == 24
    rnd = random.Random(11)
    draws = 4800
    p = uniform_p((outcome(nb.sample_state(view, rnd), 0) for _ in range(draws)), support)
    assert p > 0.001
    # Its taker sees it, so every sample of its own view keeps it.
    for _ in range(20):
        sample = check_sample_state(nb.GAME, state, 1, rnd)
        assert sample.taken == cards("Y5")[0]
        assert sample.hands[1] == state.hands[1]


def test_a_position_without_its_history_is_sampled_from_its_fields() -> None:
    # Built by hand after a recycling (so with no events): every hidden card may be anywhere.
    state = table(["Y3 Y4", "R1 R2", "B1"], trick="G7", author=0, mover=1, draw="G1 G2")
    assert state.recycles == 1
    assert len(state.log) == 0
    rnd = random.Random(4)
    placed: Counter[NumCard] = Counter()
    for _ in range(200):
        sample = check_sample_state(nb.GAME, state, 0, rnd)
        placed.update(sample.hands[2])
    assert len(placed) > 50


# --- a real game through a recycling: epochs ---------------------------------------------

SEAT_0 = cards("R0 B0 G0 Y0 R5 Y10")
FIRST = cards("R10 B10 RB10")  # the first discard, then the draw pile (top first)
RAINBOW = FIRST[2]
RECYCLED = frozenset(cards("R10 R0 RB10"))  # the discard but its top B0, at the recycling
TO_RECYCLING = (
    *("0:play R0", "1:take draw", "1:keep"),  # seat 1 keeps B10 unseen: the trick closes
    *("0:play B0", "1:take draw", "1:discard"),  # RB10 goes face up, then the trick
    *("0:play G0", "1:take draw", "1:keep"),  # the draw pile is empty: R10 R0 RB10 recycled
)
HAND_0 = (*SEAT_0, *[c for c in nb.ALL_CARDS if c not in SEAT_0 and c not in FIRST][:46])


@functools.cache
def recycling_game(draw: NumCard, seed: int, *moves: str) -> nb.State | None:
    """Two hands of 52 (seat 0's is HAND_0), R10 first on the discard, `draw` then RB10 in
    the draw pile: the moves, or None if they do not fit (a history seat 0 rules out).

    Cached, so the histories of every test share their common moves.
    """
    if moves:
        state = recycling_game(draw, seed, *moves[:-1])
        try:
            return None if state is None else nb.apply(state, nb.parse_action(moves[-1]))
        except IllegalActionError:
            return None
    pile = (FIRST[0], draw, FIRST[2])
    deck = (*HAND_0, *(c for c in nb.ALL_CARDS if c not in HAND_0 and c not in pile), *pile)
    return nb.new_game(nb.Config(players=2, hand_size=52), seed=seed, deck=deck)


def recycle_seeds() -> list[int]:
    """One game seed for each order the recycling can give the three recycled cards."""
    pile = (FIRST[0], SEAT_0[0], FIRST[2])  # the discard but its top, bottom first
    seeds: dict[tuple[NumCard, ...], int] = {}
    for seed in itertools.count():
        seeds.setdefault(shuffled(pile, derive_seed(seed, "round", 0, "recycle", 0)), seed)
        if len(seeds) == 6:
            return sorted(seeds.values())
    raise AssertionError("unreachable")


def histories(real: nb.State, moves: tuple[str, ...]) -> Counter[Outcome]:
    """Brute force over every history seat 0 cannot tell from the real one: each card it has
    not seen as the draw pile's top at the deal (RB10 under it, seen when discarded), and
    each order of the recycled pile. Equally likely a priori: the law of the hidden cards."""
    view = nb.observe(real, 0)
    unseen = [c for c in nb.ALL_CARDS if c not in HAND_0 and c not in (FIRST[0], FIRST[2])]
    found: Counter[Outcome] = Counter()
    seeds = recycle_seeds()
    for draw in unseen:
        for seed in seeds:
            state = recycling_game(draw, seed, *moves)
            if state is not None and nb.observe(state, 0) == view:
                found[outcome(state, 0)] += 1
    return found


def test_after_a_recycling_only_the_recycled_cards_are_in_the_draw_pile() -> None:
    real = recycling_game(FIRST[1], 1, *TO_RECYCLING)
    assert real is not None
    assert real.recycles == 1
    law = histories(real, TO_RECYCLING)
    # Seat 1 holds one of the three recycled cards; the draw pile the other two, in order.
    assert len(law) == 6
    assert len(set(law.values())) == 1
    view = nb.observe(real, 0)
    rnd = random.Random(3)
    samples = [nb.sample_state(view, rnd) for _ in range(3000)]
    # Every card seat 0 did not see before the recycling (B10, seat 1's deal) was in seat
    # 1's hand then: it never comes back in the draw pile.
    assert all(set(sample.draw) <= RECYCLED for sample in samples)
    assert all(FIRST[1] in sample.hands[1] for sample in samples)
    assert uniform_p((outcome(s, 0) for s in samples), set(law)) > 0.001


def laying(how: str, seed: int) -> tuple[str, ...] | None:
    """The moves in which seat 1 lays a recycled card `how` in the game of `seed` (None if
    it cannot there): seat 1 holds one recycled card, or two after a second draw."""
    if how == "take and play":  # the drawn card is laid at once: it never joins the hand
        state = recycling_game(FIRST[1], seed, *TO_RECYCLING)
        assert state is not None
        return (*TO_RECYCLING, "0:play R5", "1:take draw", f"1:play {state.draw[0]}")
    second = (*TO_RECYCLING, "0:play Y0", "1:take draw", "1:keep")
    state = recycling_game(FIRST[1], seed, *second)
    assert state is not None
    held = sorted(state.hands[1] & RECYCLED, key=str)
    if how == "interrupt":
        return (*second, "0:play Y10", "1:interrupt RB10") if RAINBOW in held else None
    return (*second, "0:play R5", f"1:play {held[0]}")


@pytest.mark.parametrize("how", ["play", "interrupt", "take and play"])
def test_a_recycled_card_laid_by_a_seat_leaves_its_share_of_the_recycled_pile(how: str) -> None:
    for seed in recycle_seeds():
        moves = laying(how, seed)
        if moves is not None:
            break
    assert moves is not None
    real = recycling_game(FIRST[1], seed, *moves)
    assert real is not None
    law = histories(real, moves)
    assert len(law) == 2  # the two cards left: one in seat 1's hand, one in the draw pile
    assert len(set(law.values())) == 1
    view = nb.observe(real, 0)
    rnd = random.Random(8)
    samples = [nb.sample_state(view, rnd) for _ in range(2000)]
    assert all(len(sample.hands[1] & RECYCLED) == 1 for sample in samples)
    assert uniform_p((outcome(s, 0) for s in samples), set(law)) > 0.001


def test_a_log_that_contradicts_the_position_is_refused() -> None:
    real = recycling_game(FIRST[1], 1, *TO_RECYCLING)
    assert real is not None
    view = nb.observe(real, 0)
    wrong = attrs.evolve(view, discard=view.discard[1:])
    with pytest.raises(SamplingError):
        nb.sample_state(wrong, random.Random(0))


# --- random positions of random games ----------------------------------------------------


@attrs.frozen
class Position:
    state: nb.State
    epoch: dict[NumCard, int]
    """The last recycling of this round whose pile held each card (missing: none, 0)."""


@st.composite
def positions(draw: st.DrawFn) -> list[Position]:
    """Positions of a random game: two after a recycling if any, one at random, the last one.

    Large hands make the draw pile run out early.
    """
    players = draw(st.integers(nb.MIN_PLAYERS, nb.MAX_PLAYERS), label="players")
    most = (nb.DECK_SIZE - 1) // players
    hand_size = draw(st.integers(1, most) | st.integers(most - 3, most), label="hand_size")
    limit = draw(st.none() | st.integers(5, 200), label="turn limit")
    config = nb.Config(players=players, hand_size=hand_size, max_turns_per_round=limit)
    rnd = random.Random(draw(st.integers(0, 2**32), label="choices"))
    steps = draw(st.integers(0, 800), label="steps")
    state = nb.new_game(config, draw(st.integers(0, 2**32), label="seed"))
    epoch: dict[NumCard, int] = {}
    found = [Position(state, {})]
    for _ in range(steps):
        if nb.is_terminal(state):
            break
        legal = nb.legal_actions(state)
        before, state = state, nb.apply(state, legal[rnd.randrange(len(legal))])
        if state.round != before.round:
            epoch = {}
        elif state.recycles > before.recycles:
            assert state.taken is not None
            epoch = {**epoch, **dict.fromkeys((*state.draw, state.taken), state.recycles)}
        found.append(Position(state, epoch))
    recycled = [position for position in found if position.state.recycles]
    return [*rnd.sample(recycled, min(2, len(recycled))), rnd.choice(found), found[-1]]


def by_epoch(state: nb.State, seat: int | None, epoch: dict[NumCard, int]) -> Counter[object]:
    """How many cards of each epoch each place `seat` cannot see holds."""
    hidden = nb.hidden_cards(state, seat)
    where: Counter[object] = Counter()
    for other, hand in enumerate(state.hands):
        where.update((other, epoch.get(c, 0)) for c in hand & hidden)
    where.update(("draw", epoch.get(c, 0)) for c in state.draw)
    if state.taken in hidden:
        where[("taken", epoch.get(state.taken, 0))] += 1
    return where


@given(found=positions(), seed=st.integers(0, 2**32))
def test_samples_of_random_positions_look_right_and_keep_each_epoch_in_place(
    found: list[Position], seed: int
) -> None:
    rnd = random.Random(seed)
    for position in found:
        state = position.state
        for seat in (None, *range(state.config.players)):
            sample = check_sample_state(nb.GAME, state, seat, rnd)
            # Each place holds as many cards of each epoch as in the real game.
            assert by_epoch(sample, seat, position.epoch) == by_epoch(state, seat, position.epoch)
    state = found[-1].state
    seat = rnd.randrange(state.config.players)
    view = nb.observe(state, seat)
    loaded = numrules.loads(numrules.dumps(view))
    sample = nb.sample_state(loaded, random.Random(seed))
    assert sample == nb.sample_state(view, random.Random(seed))
    assert nb.observe(sample, seat) == view
    assert nb.events(sample, None) == nb.events(state, None)  # the seat's secrets stay its own
    assert nb.is_terminal(play_out(nb.GAME, sample, rnd))


# --- reproducibility ---------------------------------------------------------------------

SAMPLE_SCRIPT = """
import hashlib, random, sys
import numrules
from numrules import numbounce as nb
state = nb.new_game(nb.Config(players=2, hand_size=53), seed=5)
rnd = random.Random(1)
while not state.recycles:
    legal = nb.legal_actions(state)
    state = nb.apply(state, legal[rnd.randrange(len(legal))])
for seat in (1, None):
    sample = nb.sample_state(nb.observe(state, seat), random.Random(9))
    print(hashlib.sha256(numrules.dumps(sample).encode()).hexdigest())
"""


def test_sampling_is_reproducible_from_the_rng_seed_in_every_process() -> None:
    runs = {
        subprocess.run(
            [sys.executable, "-c", SAMPLE_SCRIPT],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "2")
    }
    assert len(runs) == 1
    state = recycling_game(FIRST[1], 1, *TO_RECYCLING)
    assert state is not None
    view = nb.observe(state, 1)
    first = nb.sample_state(view, random.Random(9))
    assert nb.sample_state(attrs.evolve(view), random.Random(9)) == first
    assert nb.sample_state(view, random.Random(9)) == first
    assert nb.sample_state(view, random.Random(10)) != first
