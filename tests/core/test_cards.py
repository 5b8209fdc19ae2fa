"""The Num card model shared by Num Stop, Num Bounce and Num Wars."""

from __future__ import annotations

import copy
import pickle

import pytest

from numrules import NotationError
from numrules import numstop as ns
from numrules.core.cards import (
    CLASSIC_FAMILIES,
    Family,
    FamilyCard,
    Special,
    SpecialCard,
    family_card,
    family_cards,
    format_cards,
    infinity_cards,
    is_num_card,
    parse_num_card,
    parse_num_cards,
    sort_num_cards,
    special_card,
)

ALL = (
    *family_cards(),
    *infinity_cards(),
    *(special_card(k) for k in Special if k is not Special.INFINITY),
)


def test_the_full_deck_has_102_family_cards() -> None:
    assert len(family_cards()) == 102
    assert len(set(family_cards())) == 102
    assert len(family_cards(CLASSIC_FAMILIES, range(13))) == 52


def test_every_card_has_a_notation_that_parses_back() -> None:
    texts = [str(card) for card in ALL]
    assert len(set(texts)) == len(ALL)
    for card in ALL:
        assert parse_num_card(str(card)) is card
        assert parse_num_card(str(card).lower()) is card


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("R7", FamilyCard(Family.RED, 7)),
        ("B0", FamilyCard(Family.BLUE, 0)),
        ("G16", FamilyCard(Family.GREEN, 16)),
        ("Y3", FamilyCard(Family.YELLOW, 3)),
        ("RB5", FamilyCard(Family.RAINBOW, 5)),
        ("SH12", FamilyCard(Family.SHADOW, 12)),
        ("NUMX", SpecialCard(Special.NUM_X)),
        ("INF3", SpecialCard(Special.INFINITY, 3)),
        ("JOKER", SpecialCard(Special.JOKER)),
    ],
)
def test_notation_examples(text: str, card: FamilyCard | SpecialCard) -> None:
    assert parse_num_card(text) == card
    assert str(card) == text


@pytest.mark.parametrize("text", ["", "R17", "R-1", "X5", "INF0", "INF5", "RB", "7R", "R07"])
def test_bad_notation_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        parse_num_card(text)


def test_cards_are_interned_and_compare_by_value() -> None:
    assert family_card(Family.RED, 7) is family_card(Family.RED, 7)
    assert FamilyCard(Family.RED, 7) == family_card(Family.RED, 7)
    assert hash(FamilyCard(Family.RED, 7)) == hash(family_card(Family.RED, 7))
    with pytest.raises(NotationError):
        family_card(Family.RED, 17)
    with pytest.raises(NotationError):
        special_card(Special.JOKER, 2)


def test_sorting_and_formatting() -> None:
    hand = parse_num_cards("JOKER, SH2 R9 INF2 R1")
    assert format_cards(sort_num_cards(hand)) == "R1 R9 SH2 JOKER INF2"
    assert Family.RAINBOW.code == "RB"
    assert Family.RED.is_classic
    assert not Family.SHADOW.is_classic
    assert not family_card(Family.RED, 1).is_special
    assert special_card(Special.BOMB).is_special


def test_a_card_sent_to_another_process_is_the_interned_card() -> None:
    # The engines compare cards by identity: pickling (what a process pool does to a
    # config or a state) and copying must give back the very same card objects.
    for card in (parse_num_card("JOKER"), parse_num_card("RB7"), parse_num_card("INF3")):
        assert pickle.loads(pickle.dumps(card)) is card
        assert copy.deepcopy(card) is card
    config = pickle.loads(pickle.dumps(ns.Config(players=4)))
    assert all(
        a is b for a, b in zip(config.all_cards(), ns.Config(players=4).all_cards(), strict=True)
    )


def test_a_card_is_well_formed_when_its_fields_have_their_types() -> None:
    assert all(is_num_card(card) for card in ALL)
    # Built by hand, equal to an interned card, or not a card of any deck: the types decide.
    assert is_num_card(FamilyCard(Family.RED, 7))
    assert is_num_card(FamilyCard(Family.RED, 99))
    assert is_num_card(SpecialCard(Special.INFINITY, 3))
    for junk in (
        FamilyCard("R", 7),  # type: ignore[arg-type]
        FamilyCard(Family.RED, 7.0),  # type: ignore[arg-type]
        FamilyCard(Family.RED, True),
        FamilyCard(Family.RED, "7"),  # type: ignore[arg-type]
        SpecialCard("JOKER"),  # type: ignore[arg-type]
        SpecialCard(Special.JOKER, None),  # type: ignore[arg-type]
        "R7",
        7,
        None,
    ):
        assert not is_num_card(junk)
