"""Num Wars action ids: one per card of the format's deck."""

from __future__ import annotations

import pytest

from numrules import IllegalActionError, Reason
from numrules import numwars as nw
from numrules.core.cards import FamilyCard
from tests.generic.helpers import check_encoding_steps
from tests.numwars.helpers import cards, deal


def test_the_space_is_the_deck_of_the_format() -> None:
    assert nw.num_actions(nw.Config(players=4)) == 82  # SHORT: 6 x 13 + 4 specials
    assert nw.num_actions(nw.Config(players=6)) == 106  # FULL: 6 x 17 + 4 specials
    assert nw.num_actions(nw.Config(players=4, format=nw.Format.FULL)) == 106


@pytest.mark.parametrize(
    ("players", "card", "expected"),
    [
        (4, "R0", 0),
        (4, "R12", 12),
        (4, "B0", 13),
        (4, "SH12", 77),
        (4, "JOKER", 78),
        (4, "BOMB", 81),
        (6, "B0", 17),
        (6, "SH16", 101),
        (6, "BOMB", 105),
    ],
)
def test_the_id_of_a_play_is_its_cards_place_in_the_deck(
    players: int, card: str, expected: int
) -> None:
    config = nw.Config(players=players)
    (parsed,) = cards(card)
    assert nw.encode_action(config, nw.Play(2, parsed)) == expected
    assert config.all_cards()[expected] == parsed


def test_decoding_gives_the_play_of_the_seat_to_act() -> None:
    state = deal(["R2 B3 BOMB", "R5 B6 QUANTUM", "R8 B9 NUMX"])
    (seat,) = nw.to_act(state)
    for action in nw.legal_actions(state):
        action_id = nw.encode_action(state.config, action)
        assert nw.decode_action(state, seat, action_id) == action
    mask = nw.legal_action_mask(state, seat)
    assert sum(mask) == len(nw.legal_actions(state))


def test_an_id_no_legal_action_has_is_refused() -> None:
    state = deal(["R2 B3 BOMB", "R5 B6 QUANTUM", "R8 B9 NUMX"])
    (seat,) = nw.to_act(state)
    other = (seat + 1) % 3
    assert not any(nw.legal_action_mask(state, other))
    held = nw.encode_action(state.config, nw.legal_actions(state)[0])
    for bad in (held, -1, nw.num_actions(state.config), "0"):
        target = other if bad == held else seat
        with pytest.raises(IllegalActionError) as caught:
            nw.decode_action(state, target, bad)  # type: ignore[arg-type]
        assert caught.value.reason is Reason.BAD_TARGET


@pytest.mark.parametrize(
    "junk",
    [
        nw.Play(0, cards("R16")[0]),  # a FULL card in a SHORT game
        nw.Play(0, FamilyCard("R", 7)),  # type: ignore[arg-type]
        nw.Play(0, ["R7"]),  # type: ignore[arg-type]
        "0:play R7",
    ],
)
def test_what_no_id_names_is_malformed(junk: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        nw.encode_action(nw.Config(players=4), junk)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED


def test_masks_equal_the_legal_actions_over_thousands_of_random_steps() -> None:
    assert check_encoding_steps(nw.GAME, 3000, seed=23, rounds=1) == 0
