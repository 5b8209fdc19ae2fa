"""Num Wars tensors: each block on hand-built tricks, and their contract on played games."""

from __future__ import annotations

import random

import pytest

from numrules import SeatError
from numrules import numwars as nw
from numrules.core.tensors import Layout
from numrules.testing import play_random
from tests import docpages
from tests.numwars.helpers import deal, play, table

SHORT = nw.Config(players=3).all_cards()


def blocks(layout: Layout, values: list[float]) -> dict[str, list[float]]:
    """The tensor cut into its named blocks."""
    assert len(values) == layout.size
    return {name: values[where] for name, where in layout.offsets().items()}


def view(state: nw.State, seat: int) -> dict[str, list[float]]:
    """Seat `seat`'s information-state tensor by block (the observation's blocks first)."""
    obs = nw.observe(state, seat)
    values = nw.information_state_tensor(obs)
    assert values[: nw.observation_layout(state.config).size] == nw.observation_tensor(obs)
    return blocks(nw.information_state_layout(state.config), values)


def ones(block: list[float]) -> list[int]:
    """Where a block holds a nonzero value."""
    return [i for i, value in enumerate(block) if value]


def cards(block: list[float]) -> list[str]:
    """A block over the short deck, or one such part per seat, as its cards in deck order."""
    deck = len(SHORT)
    return [
        " ".join(str(SHORT[i % deck]) for i in ones(block) if i // deck == part)
        for part in range(len(block) // deck)
    ]


BONUSES = (
    "bomb_kept",
    "bomb_protected",
    "joker_protects",
    "deminer_captures",
    "civilian_captures",
    "num_x_captures",
    "deminer_consolation",
    "num_x_spared",
)


def high(config: nw.Config) -> int:
    """B, the most a seat can score or lose in a round: as the reference page states it."""
    values = range(config.format.max_value + 1)
    grouped = sum(
        max(
            abs(v),
            abs(config.pair_points),
            abs(v + config.triple_bonus),
            abs(v + config.quadruple_bonus),
        )
        for v in values
    )
    bonuses: int = sum(abs(getattr(config, line)) for line in BONUSES)
    return grouped + sum(values) + bonuses


def scaled(points: int, config: nw.Config, rounds: int = 1) -> float:
    """A score as the tensors write it: 0.5 + points / 2B (B for a round, N * B for a total)."""
    return 0.5 + points / (2 * high(config) * rounds)


COLUMNS = {
    nw.Suit.RED: 0,
    nw.Suit.BLUE: 1,
    nw.Suit.GREEN: 2,
    nw.Suit.YELLOW: 3,
    nw.Suit.TRUMP: 4,
    None: 5,
}
"""The columns of the block of voids: the suits, then the specials (no suit)."""

HANDS = ["QUANTUM R5 B3 RB2", "BOMB R7 R9 SH4", "NUMX G2 SH2 RB4"]
"""Seat 0 is the Deminer, seat 1 the Bomber (it leads), seat 2 the Num-X player."""


def test_the_default_layouts() -> None:
    config = nw.Config()
    observation = nw.observation_layout(config)
    information = nw.information_state_layout(config)
    d, p, h, n = 82, 4, 20, 4
    assert (config.hand_size, config.rounds) == (h, n)
    assert observation.size == d + 3 * p * d + 9 * p + 5 + n + 1 + 5 + 3 == 1120
    assert information.size == observation.size + p * d + d + 6 * p + n * p == 1570
    assert information.blocks[: len(observation.blocks)] == observation.blocks
    names = [block.name for block in information.blocks]
    assert len(names) == len(set(names))
    seven = nw.information_state_layout(nw.Config(players=7))
    sizes = {block.name: block.size for block in seven.blocks}
    assert sizes["trick"] == 7 * 106
    assert sizes["round"] == sizes["round scores"] // 7 == 7
    assert high(config) == 78 + 13 * 50 + 78 + 225  # every value four times, every pair


def test_the_hand_role_and_round() -> None:
    state = deal(HANDS, rounds=2)
    mine = view(state, 0)
    assert cards(mine["hand"]) == ["R5 B3 RB2 QUANTUM"]
    assert ones(mine["role"]) == [1]  # the Deminer
    assert ones(view(state, 1)["role"]) == [0]  # the Bomber
    assert ones(mine["round"]) == [0]
    assert mine["over"] == [0.0]
    assert ones(mine["to act"]) == ones(mine["leader"]) == [1]  # seat 1 leads
    assert mine["hand sizes"] == [1.0] * 3
    assert mine["round points"] == mine["totals"] == [0.5] * 3
    assert ones(view(state, 2)["leader"]) == [2]  # seat 1 is 2 seats after seat 2


def test_a_steal_empties_two_places_of_the_trick() -> None:
    state = play(deal(HANDS), "1:play SH4", "2:play RB4")
    mine = view(state, 0)
    assert cards(mine["trick"]) == ["", "", ""]
    assert ones(mine["stolen"]) == [1, 2]
    assert ones(mine["suit"]) == [4]  # still trumps
    assert cards(mine["pairs"]) == ["", "", "RB4 SH4"]
    assert cards(mine["played by"]) == ["", "SH4", "RB4"]
    assert ones(mine["voids"]) == []  # a steal shows nothing
    state = play(state, "0:play RB2")  # the only trump left in the trick wins it
    mine = view(state, 0)
    assert ones(mine["stolen"]) == []
    assert cards(mine["won"]) == ["RB2", "", ""]
    assert mine["tricks"] == [1 / 4, 0.0, 0.0]
    assert {mine["trick number"][SHORT.index(card)] for card in nw.parse_cards("SH4 RB4 RB2")} == {
        1 / 4
    }


def test_a_trick_a_void_and_the_points() -> None:
    state = play(deal(HANDS), "1:play SH4", "2:play RB4", "0:play RB2", "0:play R5", "1:play R7")
    yours = view(state, 2)
    assert cards(yours["trick"]) == ["", "R5", "R7"]  # seat 0 leads: 1 seat after seat 2
    assert ones(yours["leader"]) == [1]
    assert ones(yours["suit"]) == [0]  # red
    assert ones(yours["to act"]) == [0]
    state = play(state, "2:play SH2")  # no red: a trump, which wins the trick
    mine = view(state, 0)
    assert ones(mine["voids"]) == [2 * 6 + 0]  # seat 2 showed no red
    assert cards(mine["won"]) == ["RB2", "", "R5 R7 SH2"]
    assert mine["trick number"][SHORT.index(nw.parse_card("R7"))] == 2 / 4
    config = state.config
    assert mine["round points"] == [0.5, 0.5, scaled(4 + 5 + 7, config)]  # a pair, R5, R7
    assert mine["totals"] == [0.5, 0.5, scaled(4 + 5 + 7, config, rounds=3)]


def test_a_special_led_shows_a_hand_of_specials() -> None:
    state = table(["QUANTUM R5", "BOMB JOKER", "NUMX G2"], lots="QUANTUM BOMB NUMX", leader=1)
    state = play(state, "1:play JOKER", "2:play G2")
    mine = view(state, 0)
    assert ones(mine["voids"]) == [6 + 0, 6 + 1, 6 + 2, 6 + 3, 6 + 4]  # seat 1: specials only
    assert ones(mine["suit"]) == [2]  # green: the special set no suit
    state = play(state, "0:play QUANTUM")
    mine = view(state, 0)
    assert ones(mine["voids"]) == [2, 6, 7, 8, 9, 10]  # and seat 0 no green (it may cut)
    assert cards(mine["won"]) == ["", "", "G2 JOKER QUANTUM"]
    assert cards(mine["played by"]) == ["QUANTUM", "JOKER", "G2"]


def test_the_bomb_the_voids_and_the_end_of_the_game() -> None:
    state = play(deal(HANDS, rounds=1), "1:play SH4", "2:play RB4", "0:play RB2")
    state = play(state, "0:play R5", "1:play R7", "2:play SH2")
    # Neither green nor a trump: the specials must go; QUANTUM captures the Bomb.
    state = play(state, "2:play G2", "0:play QUANTUM", "1:play BOMB")
    mine = view(state, 0)
    assert ones(mine["bomb"]) == [2]  # captured
    assert ones(mine["capturer"]) == [0]
    assert ones(mine["protector"]) == []
    state = play(state, "2:play NUMX", "0:play B3", "1:play R9")
    assert nw.is_terminal(state)
    mine = view(state, 0)
    assert mine["over"] == [1.0]
    assert ones(mine["to act"]) == ones(mine["leader"]) == []
    # Seat 2 led NUMX (specials only) after showing no red; seat 0 showed no green;
    # seat 1 no green, then on blue neither blue, a trump nor a special.
    assert ones(mine["voids"]) == [2, 6 + 1, 6 + 2, 6 + 4, 6 + 5, 12, 13, 14, 15, 16]
    totals = nw.scores(state)
    config = state.config
    assert mine["round points"] == [0.5] * 3  # the round is scored
    assert mine["totals"] == [scaled(total, config) for total in totals]
    assert mine["round scores"] == [scaled(total, config) for total in totals]
    # The history still shows the last round.
    assert cards(mine["played by"]) == ["R5 B3 RB2 QUANTUM", "R7 R9 SH4 BOMB", "G2 RB4 SH2 NUMX"]


def test_a_spectator_has_no_tensors() -> None:
    obs = nw.observe(nw.new_game(nw.Config(), 1), None)
    with pytest.raises(SeatError, match="spectator"):
        nw.observation_tensor(obs)
    with pytest.raises(SeatError, match="spectator"):
        nw.information_state_tensor(obs)


@pytest.mark.parametrize(
    "config",
    [
        nw.Config(players=3, hand_size=6, rounds=2),
        nw.Config(players=5, hand_size=5, rounds=2, triple_bonus=-10_000, num_x_spared=9_000),
        nw.Config(players=8, hand_size=4, rounds=1),
    ],
)
def test_random_games_give_fixed_lengths_in_the_unit_interval(config: nw.Config) -> None:
    trajectory = play_random(nw.GAME, config, 3, random.Random(3))
    observation = nw.observation_layout(config).size
    information = nw.information_state_layout(config)
    at = information.offsets()
    for state in trajectory.states:
        points, totals = nw.round_points(state), nw.scores(state)
        for seat in range(config.players):
            obs = nw.observe(state, seat)
            first, full = nw.observation_tensor(obs), nw.information_state_tensor(obs)
            assert len(first) == observation
            assert len(full) == information.size
            assert full[:observation] == first
            assert all(0.0 <= value <= 1.0 for value in full)
            # The points are the scoring's, seat-relative, as 0.5 + x / 2B.
            order = [(seat + k) % config.players for k in range(config.players)]
            assert full[at["round points"]] == pytest.approx(
                [scaled(points[s], config) for s in order]
            )
            assert full[at["totals"]] == pytest.approx(
                [scaled(totals[s], config, config.rounds) for s in order]
            )
            # A void shown is a void: the hand holds no card of that suit (or no special).
            voids = full[at["voids"]]
            for k, other in enumerate(order):
                held = {COLUMNS[nw.suit_of(card)] for card in state.hands[other]}
                shown = {column for column in range(6) if voids[k * 6 + column]}
                assert not held & shown, f"seat {other} holds a suit it showed it lacks"


def test_a_sampled_state_keeps_the_seat_s_tensors_and_changes_another_s() -> None:
    config = nw.Config()
    trajectory = play_random(nw.GAME, config, 5, random.Random(5))
    rng = random.Random(1)
    changed = 0
    for state in trajectory.states[7:-1:37]:
        for seat in range(config.players):
            obs = nw.observe(state, seat)
            sample = nw.sample_state(obs, rng)
            again = nw.observe(sample, seat)
            assert nw.observation_tensor(again) == nw.observation_tensor(obs)
            assert nw.information_state_tensor(again) == nw.information_state_tensor(obs)
            other = (seat + 1) % config.players
            changed += nw.observation_tensor(nw.observe(sample, other)) != nw.observation_tensor(
                nw.observe(state, other)
            )
    assert changed


def test_the_reference_page_lists_both_layouts() -> None:
    assert nw.GAME.tensors is nw.TENSORS
    section = docpages.section(docpages.reference_page("numwars"), "Tensors")
    assert nw.observation_layout(nw.Config()).table() in section
    assert nw.information_state_layout(nw.Config()).table() in section
