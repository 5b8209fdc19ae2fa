"""Num Wars notation, what observations show, and the secrecy of hands and roles."""

from __future__ import annotations

import itertools
import json
import random

import attrs
import pytest

import numrules
from numrules import NotationError
from numrules import numwars as nw
from numrules.core.cards import NumCard
from numrules.testing import play_random
from tests.numwars.helpers import cards, play, table

ROLE_WORDS = {role.value for role in nw.Role}

# --- notation -------------------------------------------------------------------------------


def test_the_play_notation_parses_back() -> None:
    action = nw.Play(2, nw.parse_card("R7"))
    assert str(action) == "2:play R7"
    assert nw.parse_action("2:play R7") == action
    assert nw.parse_action("  2 : PLAY r7 ") == action
    for text in ("0:play SH12", "7:play NUMX", "3:play BOMB", "1:play RB16"):
        assert str(nw.parse_action(text)) == text


@pytest.mark.parametrize(
    "text",
    ["", "0:play", "0:play R17", "0:play DOUBLE", "0:play INF1", "0:take R5", "x:play R5", "0 R5"],
)
def test_malformed_action_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        nw.parse_action(text)


def test_the_card_notation_accepts_exactly_the_num_wars_cards() -> None:
    assert nw.parse_card("sh16") == nw.parse_card("SH16")
    assert nw.parse_cards("R7, RB5 NUMX") == cards("R7 RB5 NUMX")
    for bad in ("DOUBLE", "SKIP", "FLIP", "SWIPE", "INF1", "R17", "X1", ""):
        with pytest.raises(NotationError):
            nw.parse_card(bad)
    for parse in (nw.parse_action, nw.parse_card, nw.parse_cards):
        with pytest.raises(NotationError):
            parse(7)  # type: ignore[arg-type]


# --- what a seat sees -------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_role_and_the_public_table() -> None:
    state = table(
        ["RB5 R8 BOMB", "SH5 R7 QUANTUM", "SH2 R3 NUMX"], lots="BOMB QUANTUM NUMX", leader=0
    )
    state = play(state, "0:play RB5", "1:play SH5")
    seen = nw.observe(state, 2)
    assert (seen.seat, seen.role, seen.hand) == (2, nw.Role.NUM_X, cards("R3 SH2 NUMX"))
    assert seen.hand_sizes == (2, 2, 3)
    assert (seen.leader, seen.trick, seen.suit) == (0, (None, None), nw.Suit.TRUMP)
    assert seen.pairs == ((), cards("RB5 SH5"), ())
    assert seen.to_act == (2,)
    spectator = nw.observe(state, None)
    assert (spectator.role, spectator.hand) == (None, ())
    assert spectator.pairs == seen.pairs


def test_hidden_cards_are_the_other_hands_and_the_set_aside_cards() -> None:
    state = table(["R3 BOMB", "B2 QUANTUM", "G1 NUMX"], lots="BOMB QUANTUM NUMX")
    assert nw.hidden_cards(state, 0) == frozenset({*state.hands[1], *state.hands[2], *state.aside})
    assert nw.hidden_cards(state, None) == frozenset(
        {*(c for h in state.hands for c in h), *state.aside}
    )


def test_an_unplayed_lot_card_in_the_only_other_hand_left_is_not_hidden() -> None:
    # Lot cards are always dealt: with one other hand left, the BOMB can only be there.
    state = table(
        ["R3", "B2", "BOMB"],
        lots="QUANTUM NUMX BOMB",
        tricks=(1, 0, 0),
        won=["QUANTUM NUMX Y9", "", ""],
    )
    state = play(state, "0:play R3")
    assert nw.hidden_cards(state, 0) == frozenset({*cards("B2 BOMB"), *state.aside})
    state = play(state, "1:play B2")
    for seat in (None, 0, 1):
        assert nw.hidden_cards(state, seat) == frozenset(state.aside)


def _states(players: int, seed: int) -> tuple[nw.State, ...]:
    # Every state of one random round.
    config = nw.Config(players=players, rounds=1)
    return play_random(nw.GAME, config, seed, random.Random(seed)).states


def _exchange_lots(state: nw.State, a: int, b: int) -> nw.State:
    # The same position where seats a and b drew each other's lot card (so each other's role).
    la, lb = state.lots[a], state.lots[b]

    def swap(card: NumCard) -> NumCard:
        return lb if card == la else la if card == lb else card

    hands = tuple(tuple(swap(c) for c in hand) for hand in state.hands)
    return attrs.evolve(state, lots=tuple(swap(c) for c in state.lots), hands=hands)


@pytest.mark.parametrize("players", [3, 5, 8])
def test_no_observation_tells_another_seats_role_before_the_round_ends(players: int) -> None:
    states = _states(players, seed=players)
    for state in states[:-1]:
        for seat in [None, *range(players)]:
            seen = nw.observe(state, seat)
            words = ROLE_WORDS & {str(v) for v in _leaves(json.loads(numrules.dumps(seen)))}
            assert words == (set() if seat is None else {nw.roles(state)[seat].value})
            # Whatever roles the other seats drew (lot cards still in hand), nothing changes.
            others = [s for s in range(players) if s != seat and state.lots[s] in state.hands[s]]
            for a, b in itertools.pairwise(others):
                if state.lots[a] in nw.NEUTRAL_ONES and state.lots[b] in nw.NEUTRAL_ONES:
                    continue  # two Civilians: the same role
                other = _exchange_lots(state, a, b)
                nw.check_state(other)
                assert nw.roles(other) != nw.roles(state)
                assert nw.observe(other, seat) == seen
                if seat is not None:
                    assert nw.GAME.legal_actions_for(other, seat) == nw.GAME.legal_actions_for(
                        state, seat
                    )


def test_the_roles_are_revealed_to_everyone_when_the_round_ends() -> None:
    state = _states(4, seed=1)[-1]
    for seat in (None, 0, 1, 2, 3):
        seen = nw.observe(state, seat)
        assert seen.history[0].roles == nw.roles(state)
        assert seen.history[0] == state.history[0]


def test_the_revealed_roles_of_finished_rounds_stay_in_the_observation() -> None:
    rnd = random.Random(3)
    state = nw.new_game(nw.Config(players=3), 3)
    while state.round < 2:
        actions = nw.legal_actions(state)
        state = nw.apply(state, actions[rnd.randrange(len(actions))])
    seen = nw.observe(state, 0)
    assert len(seen.history) == 2
    assert all(
        sorted(r.value for r in result.roles) == sorted(ROLE_WORDS - {"accomplice", "civilian"})
        for result in seen.history
    )
    # This round's roles are still secret: only the seat's own appears outside the history.
    assert seen.role is nw.roles(state)[0]


def _leaves(document: object) -> list[object]:
    if isinstance(document, dict):
        return [leaf for value in document.values() for leaf in _leaves(value)]
    if isinstance(document, list):
        return [leaf for value in document for leaf in _leaves(value)]
    return [document]
