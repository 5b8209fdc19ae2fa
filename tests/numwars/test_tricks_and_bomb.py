"""Who wins a Num Wars trick, and what becomes of the Bomb in the trick it is played in."""

from __future__ import annotations

import pytest

from numrules import numwars as nw
from numrules.core.cards import NumCard
from tests.numwars.helpers import cards, play, table

Fate = nw.Fate
LOTS5 = "BOMB QUANTUM NUMX JOKER R1"


def trick(text: str) -> tuple[NumCard | None, ...]:
    """A trick in play order, `-` for a stolen card."""
    return tuple(None if t == "-" else nw.parse_card(t) for t in text.split())


# --- the winner (leader = seat 2 of 5, so the k-th card is seat (2 + k) % 5) ---------------


@pytest.mark.parametrize(
    ("played", "seat"),
    [
        ("R5 SH12 NUMX RB16 R9", 4),  # NUMX beats everything, even the highest trumps
        ("NUMX R5 SH12 RB16 R9", 2),
        ("R5 RB3 SH9 R12 B7", 4),  # else the highest real trump
        ("R5 - SH3 - R9", 4),  # ... still in the trick (RB9 was stolen by SH9)
        ("R5 B12 R7 Y12 R6", 4),  # else the highest card of the led classic suit
        ("R2 BOMB JOKER QUANTUM R1", 2),  # specials never win
        ("JOKER G3 G8 BOMB G4", 4),  # a led special sets no suit: the first green does
        ("- - R3 Y9 B2", 2),  # the trump lead was stolen, no trump left: the leader
        ("BOMB JOKER QUANTUM NUMX", 0),  # NUMX
        ("BOMB JOKER QUANTUM", 2),  # only specials: the leader
    ],
)
def test_the_winner_of_a_trick(played: str, seat: int) -> None:
    assert nw.winner(trick(played), leader=2, players=5) == seat


def test_the_led_suit_is_set_by_the_first_classic_or_trump_card() -> None:
    assert nw.led_suit(trick("R5 SH7")) is nw.Suit.RED
    assert nw.led_suit(trick("SH7 R5")) is nw.Suit.TRUMP
    assert nw.led_suit(trick("BOMB JOKER G3 RB2")) is nw.Suit.GREEN
    assert nw.led_suit(trick("- R5 -")) is nw.Suit.TRUMP  # a stolen trump lead stays TRUMP
    assert nw.led_suit(trick("BOMB")) is None
    assert nw.led_suit(()) is None


# --- the Bomb -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("played", "fate", "capturer", "protector"),
    [
        ("R5 BOMB R7", Fate.KEPT, None, None),  # no threat
        ("RB9 BOMB RB2", Fate.KEPT, None, None),  # RAINBOW is no threat
        ("R5 BOMB JOKER", Fate.KEPT, None, None),  # a Joker with nothing to neutralise
        ("SH4 BOMB SH9", Fate.CAPTURED, 2, None),  # the first threat in play order
        ("R5 BOMB QUANTUM", Fate.CAPTURED, 4, None),  # QUANTUM is a threat
        ("SH4 BOMB JOKER NUMX", Fate.CAPTURED, 0, None),  # NUMX captures whatever else
        ("NUMX QUANTUM BOMB JOKER", Fate.CAPTURED, 2, None),
        ("SH4 BOMB JOKER QUANTUM", Fate.CAPTURED, 0, None),  # Joker stops SH4, QUANTUM takes
        ("QUANTUM SH4 BOMB JOKER", Fate.CAPTURED, 3, None),  # Joker stops QUANTUM, SH4 takes
        ("R5 BOMB SH4 JOKER", Fate.PROTECTED, None, 0),  # the only threat neutralised
        ("JOKER QUANTUM BOMB", Fate.PROTECTED, None, 2),  # whatever the order
        ("- BOMB -", Fate.KEPT, None, None),  # a stolen SHADOW is no threat
    ],
)
def test_the_fate_of_the_bomb(
    played: str, fate: nw.Fate, capturer: int | None, protector: int | None
) -> None:
    assert nw.bomb_fate(trick(played), leader=2, players=5) == (fate, capturer, protector)


def _five(hands: list[str]) -> nw.State:
    # Seat 2 leads G9; seats 0 and 1 are void in green.
    return table(["Y1 Y7 BOMB", *hands[:1], "G9 Y3 NUMX", *hands[1:]], lots=LOTS5, leader=2)


def test_a_kept_bomb_goes_with_the_trick_to_its_winner() -> None:
    state = _five(["G5 Y2 QUANTUM", "G3 Y4 JOKER", "G4 R1 Y6"])
    state = play(state, "2:play G9", "3:play G3", "4:play G4", "0:play BOMB", "1:play G5")
    assert (state.bomb, state.capturer, state.protector) == (Fate.KEPT, None, None)
    assert state.won[2] == cards("G9 G3 G4 BOMB G5")


def test_a_captured_bomb_goes_to_its_capturer_and_the_rest_to_the_winner() -> None:
    state = _five(["SH4 Y2 QUANTUM", "G3 Y4 JOKER", "G4 R1 Y6"])
    state = play(state, "2:play G9", "3:play G3", "4:play G4", "0:play BOMB")
    assert state.bomb is None
    state = play(state, "1:play QUANTUM")
    assert (state.bomb, state.capturer, state.protector) == (Fate.CAPTURED, 1, None)
    assert state.won[1] == (nw.BOMB,)
    assert state.won[2] == cards("G9 G3 G4 QUANTUM")
    assert state.tricks == (0, 0, 1, 0, 0)
    for seat in (None, 0, 3):
        seen = nw.observe(state, seat)
        assert (seen.bomb, seen.capturer) == (Fate.CAPTURED, 1)


def test_a_protected_bomb_goes_with_the_trick_and_names_the_joker_player() -> None:
    state = _five(["SH4 Y2 QUANTUM", "Y4 Y8 JOKER", "G4 R1 Y6"])
    state = play(state, "2:play G9", "3:play JOKER", "4:play G4", "0:play BOMB", "1:play SH4")
    assert (state.bomb, state.capturer, state.protector) == (Fate.PROTECTED, None, 3)
    assert state.won[1] == cards("G9 JOKER G4 BOMB SH4")
