"""Num Wars formats, configuration, the role lot, dealing and the round sequence."""

from __future__ import annotations

from typing import Any

import pytest

from numrules import ConfigError
from numrules import numwars as nw
from numrules.core.cards import Special, special_card
from numrules.core.rng import derive_seed, shuffled
from tests.numwars.helpers import cards, deal, play

Role = nw.Role

# --- formats and sizes ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "fmt", "deck", "hand", "aside"),
    [
        (3, nw.Format.SHORT, 82, 27, 1),
        (4, nw.Format.SHORT, 82, 20, 2),
        (5, nw.Format.SHORT, 82, 16, 2),
        (6, nw.Format.FULL, 106, 17, 4),
        (7, nw.Format.FULL, 106, 15, 1),
        (8, nw.Format.FULL, 106, 13, 2),
    ],
)
def test_the_format_and_hand_size_follow_the_player_count(
    players: int, fmt: nw.Format, deck: int, hand: int, aside: int
) -> None:
    config = nw.Config(players=players)
    assert (config.format, config.hand_size, config.rounds) == (fmt, hand, players)
    assert len(nw.all_cards(config)) == deck
    assert config.aside == aside
    state = nw.new_game(config, seed=players)
    assert [len(h) for h in state.hands] == [hand] * players
    assert len(state.aside) == aside


def test_the_short_deck_runs_0_to_12_and_the_full_deck_0_to_16() -> None:
    short = nw.all_cards(nw.Config(players=3))
    full = nw.all_cards(nw.Config(players=6))
    assert set(nw.parse_cards("R0 R12 B12 G12 Y12 RB12 SH12 BOMB JOKER QUANTUM NUMX")) <= set(short)
    assert not set(nw.parse_cards("R13 RB13 SH16")) & set(short)
    assert set(short) < set(full)
    assert set(full) - set(short) == set(
        nw.parse_cards(
            " ".join(f"{f}{v}" for f in ("R", "B", "G", "Y", "RB", "SH") for v in (13, 14, 15, 16))
        )
    )


def test_the_format_can_be_overridden_and_the_hand_size_then_fits_the_deck() -> None:
    full5 = nw.Config(players=5, format=nw.Format.FULL)
    assert (full5.hand_size, full5.aside) == (16, 26)
    short6 = nw.Config(players=6, format=nw.Format.SHORT)
    assert (short6.hand_size, short6.aside) == (13, 4)  # 17 would need 102 cards of 82
    assert nw.Config(players=4, hand_size=5).aside == 62


@pytest.mark.parametrize(
    "rules",
    [
        {"players": 2},
        {"players": 9},
        {"players": "4"},
        {"players": True},
        {"format": "short"},
        {"hand_size": 0},
        {"hand_size": 28, "players": 3},
        {"hand_size": 14, "players": 6, "format": nw.Format.SHORT},
        {"rounds": 0},
        {"rounds": 1.0},
        {"joker_from": -1},
        {"joker_from": 9, "players": 8},
        {"bomb_kept": 1.5},
        {"num_x_captures": None},
        {"triple_bonus": False},
    ],
)
def test_inconsistent_configs_are_refused(rules: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        nw.Config(**rules)


# --- the role lot -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "lot"),
    [
        (3, "BOMB QUANTUM NUMX"),
        (4, "BOMB QUANTUM NUMX JOKER"),
        (5, "BOMB QUANTUM NUMX JOKER R1"),
        (6, "BOMB QUANTUM NUMX JOKER R1 B1"),
        (7, "BOMB QUANTUM NUMX JOKER R1 B1 G1"),
        (8, "BOMB QUANTUM NUMX JOKER R1 B1 G1 Y1"),
    ],
)
def test_the_role_lot_grows_with_the_player_count(players: int, lot: str) -> None:
    assert nw.Config(players=players).lot() == cards(lot)


def test_the_joker_joins_the_lot_from_a_configurable_player_count() -> None:
    assert nw.Config(players=5, joker_from=6).lot() == cards("BOMB QUANTUM NUMX R1 B1")
    assert nw.Config(players=3, joker_from=3).lot() == cards("BOMB QUANTUM NUMX")


def test_each_lot_card_gives_its_role() -> None:
    expected = {
        "BOMB": Role.BOMBER,
        "QUANTUM": Role.DEMINER,
        "NUMX": Role.NUM_X,
        "JOKER": Role.ACCOMPLICE,
        "R1": Role.CIVILIAN,
        "B1": Role.CIVILIAN,
        "G1": Role.CIVILIAN,
        "Y1": Role.CIVILIAN,
    }
    for text, role in expected.items():
        assert nw.role_of(nw.parse_card(text)) is role
    with pytest.raises(ValueError, match="not a lot card"):
        nw.role_of(nw.parse_card("R2"))


def test_every_seat_draws_one_lot_card_which_stays_in_its_hand() -> None:
    for players in range(3, 9):
        config = nw.Config(players=players)
        state = nw.new_game(config, seed=100 + players)
        assert sorted(map(str, state.lots)) == sorted(map(str, config.lot()))
        for seat, lot_card in enumerate(state.lots):
            assert lot_card in state.hands[seat]
            assert not (set(config.lot()) - {lot_card}) & set(state.hands[seat])


# --- stacked decks ----------------------------------------------------------------------


def test_a_stacked_deck_gives_lot_cards_in_order_then_deals_seat_by_seat() -> None:
    config = nw.Config(players=3, hand_size=3)
    deck = cards("R5 NUMX R6 BOMB R7 R8 QUANTUM R9 R10 R11 JOKER")
    state = nw.new_game(config, seed=4, deck=deck)
    assert state.lots == cards("NUMX BOMB QUANTUM")
    assert nw.roles(state) == (Role.NUM_X, Role.BOMBER, Role.DEMINER)
    assert state.hands == (cards("R5 R6 NUMX"), cards("R7 R8 BOMB"), cards("R9 R10 QUANTUM"))
    assert {*cards("R11 JOKER")} <= set(state.aside)
    assert len(state.aside) == 82 - 9
    assert (state.round, state.leader, nw.dealer(state)) == (0, 1, 0)
    assert nw.to_act(state) == {1}


def test_unlisted_cards_follow_from_the_seed() -> None:
    config = nw.Config(players=4)
    deck = cards("JOKER R5 R6")
    one = nw.new_game(config, seed=1, deck=deck)
    assert one == nw.new_game(config, seed=1, deck=deck)
    other = nw.new_game(config, seed=2, deck=deck)
    assert one.lots[0] == other.lots[0] == nw.JOKER
    assert {*cards("R5 R6")} <= set(one.hands[0]) & set(other.hands[0])
    assert one.hands != other.hands


@pytest.mark.parametrize(
    "deck",
    [
        cards("R5 R5"),
        cards("R13"),
        [special_card(Special.BOMB), nw.BOMB],
        [special_card(Special.DOUBLE)],
        ["R5"],
        [5],
        "R5 R6",
    ],
    ids=["duplicate", "not-in-format", "bomb-twice", "not-a-num-wars-card", "str", "int", "text"],
)
def test_a_bad_stacked_deck_is_a_config_error(deck: Any) -> None:
    with pytest.raises(ConfigError):
        nw.new_game(nw.Config(players=3), seed=0, deck=deck)


def test_new_game_refuses_a_foreign_config_or_a_bad_seed() -> None:
    with pytest.raises(ConfigError):
        nw.new_game(object(), 0)  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        nw.new_game(nw.Config(), "1")  # type: ignore[arg-type]


# --- rounds -----------------------------------------------------------------------------


def test_rounds_rotate_the_dealer_redraw_the_roles_and_deal_from_the_seed() -> None:
    # One-card hands: each hand is just its lot card, so a round is a single trick.
    config = nw.Config(players=3, hand_size=1)
    state = deal(["NUMX", "BOMB", "QUANTUM"], seed=42)
    assert (state.leader, nw.to_act(state)) == (1, frozenset({1}))
    state = play(state, "1:play BOMB", "2:play QUANTUM", "0:play NUMX")
    assert state.round == 1
    assert len(state.history) == 1
    order = shuffled(config.all_cards(), derive_seed(42, "round", 1))
    expected_lots = tuple(card for card in order if card in config.lot())
    assert state.lots == expected_lots
    assert state.hands == tuple((card,) for card in expected_lots)
    assert sorted(map(str, state.aside)) == sorted(str(c) for c in order if c not in config.lot())
    assert (nw.dealer(state), state.leader) == (1, 2)
    assert state.won == ((), (), ())
    assert state.tricks == (0, 0, 0)
    assert state.bomb is None
    for _ in range(3):
        state = nw.apply(state, nw.legal_actions(state)[0])
    assert (state.round, nw.dealer(state), state.leader) == (2, 2, 0)
    for _ in range(3):
        state = nw.apply(state, nw.legal_actions(state)[0])
    assert nw.is_terminal(state)
    assert (state.round, len(state.history)) == (2, 3)
    assert nw.to_act(state) == frozenset()
    assert nw.legal_actions(state) == ()


def test_the_number_of_rounds_is_configurable() -> None:
    state = deal(["NUMX", "BOMB", "QUANTUM"], rounds=1)
    state = play(state, "1:play BOMB", "2:play QUANTUM", "0:play NUMX")
    assert nw.is_terminal(state)
    assert len(state.history) == 1
    state = deal(["NUMX", "BOMB", "QUANTUM"], rounds=4)
    for _ in range(9):
        state = nw.apply(state, nw.legal_actions(state)[0])
    assert (state.round, nw.dealer(state), state.leader) == (3, 0, 1)  # the dealer wraps
