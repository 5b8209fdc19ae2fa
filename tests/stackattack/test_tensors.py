"""Stack Attack tensors: each block on hand-built turns, and their contract on played games."""

from __future__ import annotations

import random

import pytest

from numrules import SeatError
from numrules import stackattack as sa
from numrules.core.tensors import Layout
from numrules.testing import play_random
from tests import docpages
from tests.stackattack.helpers import play, reveal, table


def blocks(layout: Layout, values: list[float]) -> dict[str, list[float]]:
    """The tensor cut into its named blocks."""
    assert len(values) == layout.size
    return {name: values[where] for name, where in layout.offsets().items()}


def view(state: sa.State, seat: int) -> dict[str, list[float]]:
    """Seat `seat`'s information-state tensor by block (the observation's blocks first)."""
    obs = sa.observe(state, seat)
    layout = sa.information_state_layout(state.config)
    values = sa.information_state_tensor(obs)
    assert values[: sa.observation_layout(state.config).size] == sa.observation_tensor(obs)
    return blocks(layout, values)


def ones(block: list[float]) -> list[int]:
    """Where a block holds a nonzero value."""
    return [i for i, value in enumerate(block) if value]


def cards(block: list[float], deck: int = 64) -> list[list[int]]:
    """A block of one deck-wide part per seat or row, as the card numbers set in each."""
    return [
        [i % deck + 1 for i in ones(block) if i // deck == part]
        for part in range(len(block) // deck)
    ]


def test_the_default_layouts() -> None:
    config = sa.Config()
    observation = sa.observation_layout(config)
    information = sa.information_state_layout(config)
    d, p, r, h = 64, 4, 4, 10
    assert observation.size == 3 * d + 2 * r * d + 2 * p * d + 4 * p + h + 3 * r + 9 == 1263
    # The history: 2 SWITCH and 2 BLOCK cards.
    history = 2 * p * d + 2 * d + r * d + p + 2 * (2 * p) + 2 * (p + r)
    assert information.size == observation.size + history == 2195
    assert information.blocks[: len(observation.blocks)] == observation.blocks
    names = [block.name for block in information.blocks]
    assert len(names) == len(set(names))
    # Another table: the per-seat and per-row blocks follow the config.
    small = sa.Config(
        players=2,
        rows=3,
        deck_size=30,
        hand_size=5,
        switch=(6,),
        block=(14,),
        shield=(18,),
        decreasing=(27,),
    )
    sizes = {block.name: block.size for block in sa.information_state_layout(small).blocks}
    assert sizes["rows"] == 3 * 30
    assert sizes["revealed"] == 2 * 30
    assert sizes["turn"] == 5
    assert sizes["switches"] == 1 * 2 * 2
    assert sizes["blocks"] == 1 * (2 + 3)


def test_a_choice_is_seen_by_its_chooser_only() -> None:
    state = play(table(["5 12", "25 26", "33 34"], ["10", "20", "30", "40"]), "0:choose 5")
    mine, yours = view(state, 0), view(state, 1)
    assert cards(mine["hand"]) == [[12]]
    assert cards(mine["choice"]) == [[5]]
    assert cards(yours["choice"]) == [[]]
    assert cards(yours["hand"]) == [[25, 26]]
    # Seat 0 has chosen: the observer first, then the next seats (seat 0 is 2 after seat 1).
    assert ones(mine["chosen"]) == [0]
    assert ones(yours["chosen"]) == [2]
    assert ones(mine["to act"]) == [1, 2]
    assert ones(yours["to act"]) == [0, 1]
    assert ones(mine["phase"]) == [0]
    assert ones(mine["turn"]) == [0]
    assert not any(yours["revealed"])  # nothing is revealed before every seat has chosen


def test_the_rows_their_ends_lengths_and_points() -> None:
    state = table(["1", "2"], ["10 11 12", "20", "30", "40 55"], hand_size=3, taken=["", "7"])
    mine = view(state, 0)
    assert cards(mine["rows"]) == [[10, 11, 12], [20], [30], [40, 55]]
    assert cards(mine["row ends"]) == [[12], [20], [30], [55]]
    assert mine["row lengths"] == pytest.approx([3 / 5, 1 / 5, 1 / 5, 2 / 5])
    high = 8 + 5 * 4 + 3 * 2  # the row limit and both SHIELDs: the 7 costliest cards
    points = [(3 + 5 + 1) / high, 3 / high, 3 / high, (3 + 8) / high]
    assert mine["row points"] == pytest.approx(points)
    assert ones(mine["turn"]) == [2]


def test_a_reveal_a_take_and_the_round_history() -> None:
    state = reveal(table(["5 12", "25 26", "33 34"], ["10", "20", "30", "40"]), 5, 25, 33)
    # 5 is below every row: seat 0 (2 seats after seat 1) picks the row to take.
    yours = view(state, 1)
    assert ones(yours["phase"]) == [3]
    assert ones(yours["to act"]) == [2]
    assert cards(yours["revealed"]) == [[25], [33], [5]]
    assert cards(yours["queue"]) == [[5, 25, 33]]
    assert yours["placing"] == [1.0]
    assert cards(yours["revealed by"]) == [[25], [33], [5]]
    assert ones(yours["reveal turn"]) == [4, 24, 32]
    assert {yours["reveal turn"][i] for i in (4, 24, 32)} == {1 / 2}
    state = play(state, "0:take 1")
    mine, yours = view(state, 0), view(state, 1)
    assert cards(mine["rows"]) == [[10, 25], [5], [30, 33], [40]]
    assert cards(mine["taken"]) == [[20], [], []]
    assert cards(yours["taken"]) == [[], [], [20]]
    assert mine["round points"] == [3 / 64, 0.0, 0.0]
    assert mine["totals"] == [3 / 64, 0.0, 0.0]
    assert cards(mine["revealed"]) == [[], [], []]
    assert ones(mine["turn"]) == [1]
    assert cards(yours["placed by"]) == [[25], [33], [5]]
    assert cards(yours["placed on"]) == [[25], [5], [33], []]
    assert cards(yours["took a row"]) == [[5]]
    assert yours["rows taken"] == [0.0, 0.0, 1 / 2]


def test_a_switch_and_a_block_in_the_history() -> None:
    state = reveal(table(["6 1", "14 2", "33 3"], ["10", "20", "30", "40"]), 6, 14, 33)
    state = play(state, "0:switch 2")
    mine = view(state, 0)
    assert ones(mine["phase"]) == [2]  # seat 1's BLOCK
    assert cards(mine["revealed"]) == [[33], [14], [6]]
    # SWITCH 6 (the first): held by seat 0, swapped with seat 2 (P = 3).
    assert ones(mine["switches"]) == [0, 3 + 2]
    state = play(state, "1:block 2", "2:take 0")
    mine = view(state, 0)
    # BLOCK 14 (the first): held by seat 1, closed row 2 (P + R = 7).
    assert ones(mine["blocks"]) == [1, 3 + 2]
    assert cards(mine["revealed by"]) == [[6], [14], [33]]
    assert cards(mine["placed by"]) == [[33], [14], [6]]
    assert cards(mine["placed on"]) == [[6, 14], [33], [], []]
    assert cards(mine["took a row"]) == [[6]]
    assert mine["blocked"] == [0.0] * 4  # a BLOCK lasts one turn
    # Seat 2's view: seat 0 is 1 seat after it, and it swapped with seat 2 itself.
    assert ones(view(state, 2)["switches"]) == [1, 3 + 0]


def test_the_end_of_the_game_and_the_last_round() -> None:
    state = table(["5", "25"], ["10", "20", "30", "40"], hand_size=1, max_rounds=1)
    assert view(state, 0)["last round"] == [1.0]
    over = play(reveal(state, 5, 25), "0:take 0")
    assert sa.is_terminal(over)
    mine = view(over, 0)
    assert ones(mine["phase"]) == [5]
    assert ones(mine["turn"]) == []
    assert ones(mine["to act"]) == []
    # The history still shows the last round.
    assert cards(mine["revealed by"]) == [[5], [25]]
    assert cards(view(sa.new_game(sa.Config(), 1), 0)["revealed by"]) == [[]] * 4


def test_a_spectator_has_no_tensors() -> None:
    obs = sa.observe(sa.new_game(sa.Config(), 1), None)
    with pytest.raises(SeatError, match="spectator"):
        sa.observation_tensor(obs)
    with pytest.raises(SeatError, match="spectator"):
        sa.information_state_tensor(obs)


@pytest.mark.parametrize(
    "config",
    [
        sa.Config(players=2, hand_size=4, end_score=8),
        sa.Config(players=6, hand_size=3, end_score=10),
        sa.Config(
            players=3,
            rows=2,
            row_limit=3,
            deck_size=40,
            hand_size=5,
            end_score=12,
            block=(14,),
            shield=(18,),
            decreasing=(27,),
        ),
    ],
)
def test_random_games_give_fixed_lengths_in_the_unit_interval(config: sa.Config) -> None:
    trajectory = play_random(sa.GAME, config, 3, random.Random(3))
    observation = sa.observation_layout(config).size
    information = sa.information_state_layout(config).size
    for state in trajectory.states:
        for seat in range(config.players):
            obs = sa.observe(state, seat)
            first, full = sa.observation_tensor(obs), sa.information_state_tensor(obs)
            assert len(first) == observation
            assert len(full) == information
            assert full[:observation] == first
            assert all(0.0 <= value <= 1.0 for value in full)


def test_a_sampled_state_keeps_the_seat_s_tensors_and_changes_another_s() -> None:
    config = sa.Config()
    trajectory = play_random(sa.GAME, config, 5, random.Random(5))
    rng = random.Random(1)
    changed = 0
    for state in trajectory.states[5:-1:17]:
        for seat in range(config.players):
            obs = sa.observe(state, seat)
            sample = sa.sample_state(obs, rng)
            again = sa.observe(sample, seat)
            assert sa.observation_tensor(again) == sa.observation_tensor(obs)
            assert sa.information_state_tensor(again) == sa.information_state_tensor(obs)
            other = (seat + 1) % config.players
            changed += sa.observation_tensor(sa.observe(sample, other)) != sa.observation_tensor(
                sa.observe(state, other)
            )
    assert changed


def test_the_reference_page_lists_both_layouts() -> None:
    assert sa.GAME.tensors is sa.TENSORS
    section = docpages.section(docpages.reference_page("stackattack"), "Tensors")
    assert sa.observation_layout(sa.Config()).table() in section
    assert sa.information_state_layout(sa.Config()).table() in section
