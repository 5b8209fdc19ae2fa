"""Num Wars invariants over random games (Hypothesis).

Cards are conserved; every trick holds one card per seat that has played, minus the
stolen pairs; `refusal` and `legal_plays` agree on every card of the hand; every round
score is the sum of its breakdown, and the breakdown matches the cards won.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
from hypothesis import given
from hypothesis import strategies as st

from numrules import numwars as nw
from numrules.core.cards import sort_num_cards
from numrules.numwars.tricks import refusal


@st.composite
def rounds(draw: st.DrawFn, count: int = 1) -> list[tuple[nw.State, nw.Play | None]]:
    """The states of a random game of `count` rounds, each with the action played from it."""
    players = draw(st.integers(nw.MIN_PLAYERS, nw.MAX_PLAYERS), label="players")
    seed = draw(st.integers(0, 2**32), label="seed")
    rnd = random.Random(draw(st.integers(0, 2**32), label="choices"))
    state = nw.new_game(nw.Config(players=players, rounds=count), seed)
    path: list[tuple[nw.State, nw.Play | None]] = []
    while not nw.is_terminal(state):
        actions = nw.legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        path.append((state, action))
        state = nw.apply(state, action)
    path.append((state, None))
    return path


@given(path=rounds(count=2))
def test_cards_are_conserved(path: list[tuple[nw.State, nw.Play | None]]) -> None:
    deck = Counter(nw.all_cards(path[0][0].config))
    for state, _ in path:
        assert Counter(c for zone in nw.card_zones(state).values() for c in zone) == deck
        nw.check_state(state)


@given(path=rounds())
def test_every_trick_has_one_card_per_seat_minus_the_stolen_pairs(
    path: list[tuple[nw.State, nw.Play | None]],
) -> None:
    for (state, action), (after, _) in itertools.pairwise(path):
        assert action is not None
        n = state.players
        present = [card for card in state.trick if card is not None]
        stolen = state.trick.count(None)
        assert stolen % 2 == 0
        assert len(present) + stolen == len(state.trick) < n
        played = n * sum(state.tricks) + len(state.trick)
        kept = sum(map(len, state.won)) + sum(map(len, state.pairs)) + len(present)
        assert kept == played
        assert sum(map(len, state.hands)) == n * state.config.hand_size - played
        if len(state.trick) == n - 1:  # this play completes the trick
            new_pairs = sum(map(len, after.pairs)) - sum(map(len, state.pairs))
            gained = sum(map(len, after.won)) - sum(map(len, state.won))
            assert gained == n - (stolen + new_pairs)
            assert sum(after.tricks) == sum(state.tricks) + 1


@given(path=rounds())
def test_refusal_agrees_with_legal_plays(path: list[tuple[nw.State, nw.Play | None]]) -> None:
    for state, _ in path[:-1]:
        seat = state.turn
        hand = state.hands[seat]
        legal = nw.legal_plays(hand, state.trick)
        assert legal
        for card in hand:
            assert (refusal(hand, state.trick, card) is None) == (card in legal)
        assert tuple(a.card for a in nw.legal_actions(state)) == sort_num_cards(legal)


@given(path=rounds())
def test_a_round_score_is_the_sum_of_its_breakdown_and_matches_the_cards_won(
    path: list[tuple[nw.State, nw.Play | None]],
) -> None:
    final = path[-1][0]
    (result,) = final.history
    config = final.config
    assert result.roles == nw.roles(final)
    assert result.outcome is nw.bomb_outcome(final)
    for seat, score in enumerate(result.scores):
        fields = [getattr(score, f.name) for f in attrs.fields(nw.RoundScore)]
        assert score.total == sum(fields)
        assert score.base == nw.card_points(config, final.won[seat])
        assert score.pairs == nw.pair_points(final.pairs[seat])
    assert nw.scores(final) == result.totals
    assert sum(1 for won in final.won if nw.BOMB in won) == 1
