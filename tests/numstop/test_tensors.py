"""Num Stop's observation and information-state tensors: layouts, blocks, what they may know."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from numrules import ConfigError, SeatError, StateError
from numrules import numstop as ns
from numrules.core.cards import FAMILIES, Family, FamilyCard, NumCard
from numrules.core.tensors import Layout
from numrules.numstop.tensors import ROUND_HORIZON
from tests import docpages

from .helpers import cards, finish, play, scorecard, table, validate

# A 3-player round stacked so that: seat 0 keeps R1 B2 unlocked (then locks it), seat 1
# reserves a FLIP and keeps G5, seat 2 busts on three yellows; then seat 1 flips.
DECK = "R1 B2 FLIP G5 Y7 Y8 Y9 R10 B11"
OPENING = (
    "0:draw A",  # R1
    "0:draw A",  # B2
    "0:stop",
    "1:draw A",  # FLIP
    "1:reserve FLIP",
    "1:draw A",  # G5
    "1:stop",
    "2:draw A",  # Y7
    "2:draw A",  # Y8
    "2:draw A",  # Y9: three yellows, the pile is lost
    "0:lock",
    "1:activate FLIP",  # seat 1 sees R10 on stock A and stock B's top
)


def opening() -> ns.State:
    config = ns.Config(players=3)
    return play(ns.new_game(config, seed=11, deck=cards(DECK)), *OPENING)


def block(vector: list[float], layout: Layout, name: str) -> list[float]:
    """The floats of one named block."""
    return vector[layout.offsets()[name]]


def flagged(config: ns.Config, values: list[float]) -> str:
    """The cards flagged in a card block (in `all_cards` order), in notation."""
    assert len(values) == len(config.all_cards())
    return " ".join(str(c) for c, x in zip(config.all_cards(), values, strict=True) if x == 1.0)


def one_hot(index: int, size: int) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


def tensors(state: ns.State, seat: int) -> tuple[list[float], list[float]]:
    view = ns.observe(state, seat)
    return ns.observation_tensor(view), ns.information_state_tensor(view)


QUICK: dict[str, Any] = dict(ns.GAME.quick_options)
"""The options of a short game."""

CONFIGS = [
    ns.Config(players=n, mode=mode, **options)
    for n in range(ns.MIN_PLAYERS, ns.MAX_PLAYERS + 1)
    for mode in ns.Mode
    for options in ({}, QUICK, {"max_rounds": 3, "reserve_size": 0})
]


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_blocks_sum_to_the_length_and_the_history_follows_the_observation(
    config: ns.Config,
) -> None:
    observation, information = ns.observation_layout(config), ns.information_state_layout(config)
    assert observation.size == sum(b.size for b in observation.blocks) > 0
    assert information.size == sum(b.size for b in information.blocks)
    assert information.blocks[: len(observation.blocks)] == observation.blocks
    assert information.size > observation.size
    names = [b.name for b in information.blocks]
    assert len(set(names)) == len(names)
    per_seat = [name for name in names if name.startswith("seat0.")]
    for seat in range(config.players):
        assert [name for name in names if name.startswith(f"seat{seat}.")] == [
            name.replace("seat0.", f"seat{seat}.") for name in per_seat
        ]
    action_blocks = {"seat0.reserve", "seat0.activated", "seat0.hit"}
    assert action_blocks <= set(names) if config.classic else not action_blocks & set(names)


def test_classic_discovery_and_each_player_count_have_their_own_length() -> None:
    sizes = {(c.players, c.mode): ns.observation_layout(c).size for c in CONFIGS[::3]}
    assert len(set(sizes.values())) == len(sizes)
    assert ns.GAME.tensors is ns.TENSORS
    assert ns.TENSORS.observation_layout(ns.Config()) is ns.observation_layout(ns.Config())


def test_the_observers_blocks_come_first_then_the_next_seats() -> None:
    state = opening()
    config = state.config
    layout = ns.observation_layout(config)
    assert state.piles == ((), cards("G5"), ())
    for seat in range(3):
        vector = ns.observation_tensor(ns.observe(state, seat))
        for k in range(3):
            owner = (seat + k) % 3
            pile = " ".join(map(str, state.piles[owner]))
            collection = " ".join(map(str, state.collections[owner]))
            assert flagged(config, block(vector, layout, f"seat{k}.pile")) == pile
            assert flagged(config, block(vector, layout, f"seat{k}.collection")) == collection
        # Seat 1 plays (it may draw or stop after its FLIP); round 0 opened with seat 0.
        assert block(vector, layout, "player") == one_hot((1 - seat) % 3, 3)
        assert block(vector, layout, "first") == one_hot(-seat % 3, 3)


def test_the_observation_blocks_carry_the_table() -> None:
    state = opening()
    config = state.config
    assert state.phase is ns.Phase.FLIPPED
    layout = ns.observation_layout(config)
    mine = ns.observation_tensor(ns.observe(state, 1))
    theirs = ns.observation_tensor(ns.observe(state, 0))
    assert block(mine, layout, "phase") == one_hot(list(ns.Phase).index(ns.Phase.FLIPPED), 11)
    # Stock A lost 7 cards of its 54; stock B none.
    assert block(mine, layout, "stocks") == [47 / 54, 1.0]
    assert block(mine, layout, "turn") == [0.0, 0.0, 0.0]
    # Both stocks were looked at by seat 1: relative 0 for itself, 1 for seat 0.
    assert block(mine, layout, "peeks") == [1.0, 0.0, 0.0] * 2
    assert block(theirs, layout, "peeks") == [0.0, 1.0, 0.0] * 2
    # Only seat 1 knows the tops.
    top_b = str(state.stocks[1][0])
    assert flagged(config, block(mine, layout, "top_a")) == "R10"
    assert flagged(config, block(mine, layout, "top_b")) == top_b
    assert not any(block(theirs, layout, "top_a") + block(theirs, layout, "top_b"))
    # The busted yellows and the activated FLIP are out of the round.
    assert flagged(config, block(mine, layout, "discard")) == "Y7 Y8 Y9 FLIP"
    # Seat 0 locked R1 B2; seat 1's pile is G5: family G, value 5, one G at its end.
    assert flagged(config, block(mine, layout, "seat2.collection")) == "R1 B2"
    end = block(mine, layout, "seat0.pile_end")
    assert end[:6] == [1.0 if family is Family.GREEN else 0.0 for family in FAMILIES]
    assert end[6:-1] == [1.0 if value == 5 else 0.0 for value in range(17)]
    assert end[-1] == 1 / (config.family_run - 1)
    assert block(mine, layout, "seat0.reserve") == [0.0] * 6


def test_the_reserve_pending_effects_and_turn_blocks() -> None:
    state = table(
        players=3,
        a="R3",
        phase=ns.Phase.DRAW,
        player=1,
        drawn=1,
        double=True,
        skipped=[0],
        discard="DOUBLE SKIP G9",
        piles=["", "B4"],
        reserves=["", "QUANTUM JOKER"],
    )
    layout = ns.observation_layout(state.config)
    vector = ns.observation_tensor(ns.observe(state, 1))
    # One DOUBLE draw of two made: one still owed.
    assert block(vector, layout, "turn") == [1.0, 1.0, 0.5]
    assert block(vector, layout, "seat0.reserve") == [1.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    assert block(vector, layout, "seat2.effects") == [0.0, 1.0]  # seat 0: a SKIP waits
    assert block(vector, layout, "seat0.effects") == [0.0, 0.0]
    waiting = table(players=3, a="R3", doubled=[2], discard="DOUBLE")
    vector = ns.observation_tensor(ns.observe(waiting, 1))
    assert block(vector, layout, "seat1.effects") == [1.0, 0.0]  # seat 2: a DOUBLE waits
    assert block(vector, layout, "turn") == [0.0, 0.0, 0.0]
    choice = table(players=3, a="R3", b="B8", phase=ns.Phase.SHADOW, pending="SH4", drawn=1)
    pending = block(ns.observation_tensor(ns.observe(choice, 2)), layout, "pending")
    assert flagged(choice.config, pending) == "SH4"


def test_the_validation_blocks_carry_the_objective_the_picks_and_the_scorecards() -> None:
    state = table(
        players=2,
        collections=["R4 B4 G9 Y9"],
        scorecards=[scorecard(flush=40, pair=0), scorecard(shadow_straight=30)],
        objective="two_pairs",
        selection="R4",
        player=0,
    )
    config = state.config
    assert state.phase is ns.Phase.SELECTION
    layout = ns.observation_layout(config)
    vector = ns.observation_tensor(ns.observe(state, 1))
    assert block(vector, layout, "objective") == [
        1.0 if o is ns.Objective.TWO_PAIRS else 0.0 for o in ns.OBJECTIVES
    ]
    assert flagged(config, block(vector, layout, "selection")) == "R4"
    # Seat 1 is the observer: its scorecard first, the validating seat 0's second.
    ours = block(vector, layout, "seat0.scorecard")
    theirs = block(vector, layout, "seat1.scorecard")
    flush, pair = ns.Objective.FLUSH.index, ns.Objective.PAIR.index
    straight = ns.Objective.SHADOW_STRAIGHT.index
    assert theirs[:10] == [1.0 if i in (flush, pair) else 0.0 for i in range(10)]
    most_flush = config.bonus(ns.Objective.FLUSH) + 5 * max(config.max_value, config.wild_points)
    assert theirs[10 + flush] == pytest.approx(40 / most_flush)
    assert theirs[10 + pair] == 0.0
    assert ours[:10] == [1.0 if i == straight else 0.0 for i in range(10)]
    assert ours[10 + straight] == 1.0  # a Shadow straight always scores its flat bonus
    assert block(vector, layout, "seat1.totals")[1] == 2 / 10


def test_the_history_blocks_recall_the_round_as_each_seat_was_told_it() -> None:
    state = opening()
    config = state.config
    layout = ns.information_state_layout(config)
    observation = ns.observation_layout(config)
    mine, theirs = tensors(state, 1)[1], tensors(state, 0)[1]
    assert mine[: observation.size] == ns.observation_tensor(ns.observe(state, 1))
    # Seat 1 saw both tops with its FLIP; seat 0 only knows that it looked.
    tops = {ns.parse_card("R10"), state.stocks[1][0]}
    in_order = " ".join(str(c) for c in config.all_cards() if c in tops)
    assert flagged(config, block(mine, layout, "seen")) == in_order
    assert not any(block(theirs, layout, "seen"))
    flip = [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]  # JOKER DOUBLE SKIP FLIP SWIPE QUANTUM
    assert block(mine, layout, "seat0.activated") == flip
    assert block(theirs, layout, "seat1.activated") == flip
    # Seat 1 drew FLIP and G5; seat 2 drew three yellows and lost them; seat 0 drew R1 B2.
    assert flagged(config, block(mine, layout, "seat0.drew")) == "G5 FLIP"
    assert flagged(config, block(mine, layout, "seat1.drew")) == "Y7 Y8 Y9"
    assert flagged(config, block(mine, layout, "seat1.lost")) == "Y7 Y8 Y9"
    assert flagged(config, block(mine, layout, "seat2.drew")) == "R1 B2"
    assert not any(block(mine, layout, "seat2.lost"))
    assert flagged(config, block(theirs, layout, "seat2.lost")) == "Y7 Y8 Y9"


def test_the_history_blocks_recall_quantum_cards_and_thrown_away_shadows() -> None:
    state = play(
        table(players=2, a="R1 B2 SH3 SH5 G4", reserves=["QUANTUM"]),
        "0:activate QUANTUM A",  # takes R1 B2 SH3
        "0:keep B2",
        "1:draw A",  # SH5
        "1:discard SH5",
    )
    config = state.config
    layout = ns.information_state_layout(config)
    vector = tensors(state, 1)[1]
    assert flagged(config, block(vector, layout, "seat1.drew")) == "R1 B2 SH3"
    assert flagged(config, block(vector, layout, "seat1.lost")) == "R1 SH3"
    assert block(vector, layout, "seat1.activated") == [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    assert flagged(config, block(vector, layout, "seat0.drew")) == "SH5"
    assert flagged(config, block(vector, layout, "seat0.lost")) == "SH5"
    assert not any(block(vector, layout, "seat0.activated"))


def test_the_history_blocks_recall_skipped_turns_and_the_validation_decisions() -> None:
    state = play(
        table(players=3, a="R1 B2 G3 Y4", reserves=["SKIP"]),
        "0:activate SKIP 1",
        "0:draw A",
        "0:stop",
    )
    layout = ns.information_state_layout(state.config)
    vector = tensors(state, 0)[1]
    assert block(vector, layout, "seat0.activated") == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert block(vector, layout, "seat1.hit") == [0.0, 1.0]  # seat 1's turn is skipped
    assert block(vector, layout, "seat0.hit") == [0.0, 0.0]

    validating = table(players=2, phase=ns.Phase.VALIDATION, collections=["R4 B4 G4"])
    # Decided in DECISION_ORDER: the three of a kind (passed), then the pair.
    done = finish(validate(validating, "pair", "R4 B4"))
    assert (done.phase, done.player) == (ns.Phase.VALIDATION, 1)
    layout = ns.information_state_layout(done.config)
    seat0 = block(tensors(done, 1)[1], layout, "seat1.validation")
    passed, validated, ended = seat0[:10], seat0[10:20], seat0[20]
    assert passed == [1.0 if o is ns.Objective.THREE_OF_A_KIND else 0.0 for o in ns.OBJECTIVES]
    assert validated == [1.0 if o is ns.Objective.PAIR else 0.0 for o in ns.OBJECTIVES]
    assert ended == 1.0
    assert block(tensors(done, 0)[1], layout, "seat0.validation") == seat0


def test_a_new_round_starts_a_new_history() -> None:
    rnd = random.Random(3)
    state = ns.new_game(ns.Config(players=2, max_value=5, max_rounds=2), seed=3)
    while state.round == 0:
        legal = ns.legal_actions(state)
        state = ns.apply(state, legal[rnd.randrange(len(legal))])
    assert any(isinstance(e, ns.Drew) for e in ns.events(state, 0))
    observation = ns.observation_layout(state.config)
    for seat in (0, 1):
        assert not any(tensors(state, seat)[1][observation.size :])


def test_a_spectator_has_no_tensor() -> None:
    view = ns.observe(opening(), None)
    with pytest.raises(SeatError):
        ns.observation_tensor(view)
    with pytest.raises(SeatError):
        ns.information_state_tensor(view)


def test_cards_made_by_hand_give_the_same_tensor_and_foreign_cards_are_refused() -> None:
    view = ns.observe(opening(), 1)
    by_hand = tuple(
        FamilyCard(c.family, c.value) if isinstance(c, FamilyCard) else c for c in view.discard
    )
    assert by_hand == view.discard
    assert any(a is not b for a, b in zip(by_hand, view.discard, strict=True))
    copy = attrs.evolve(view, discard=by_hand)
    assert ns.observation_tensor(copy) == ns.observation_tensor(view)
    assert ns.information_state_tensor(copy) == ns.information_state_tensor(view)
    small = ns.Config(players=3, max_value=5)
    foreign: NumCard = ns.parse_card("R16")
    with pytest.raises(StateError):
        ns.observation_tensor(attrs.evolve(view, config=small, discard=(foreign,)))
    with pytest.raises(ConfigError):
        ns.observation_layout("players=4")  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_tensor_of_a_random_game_has_its_length_and_values_in_0_1(
    players: int, seed: int
) -> None:
    config = ns.Config(players=players, **QUICK)
    sizes = ns.observation_layout(config).size, ns.information_state_layout(config).size
    rnd = random.Random(seed)
    state = ns.new_game(config, seed=seed)
    steps = 0
    while True:
        for seat in range(players):
            for vector, size in zip(tensors(state, seat), sizes, strict=True):
                assert len(vector) == size
                assert all(0.0 <= x <= 1.0 for x in vector)
        if ns.is_terminal(state):
            break
        legal = ns.legal_actions(state)
        state = ns.apply(state, legal[rnd.randrange(len(legal))])
        steps += 1
    assert steps > 20


def test_a_seats_tensors_are_the_same_for_every_state_it_cannot_tell_apart() -> None:
    rnd = random.Random(5)
    config = ns.Config(players=3, **QUICK)
    states = [opening()]
    state = ns.new_game(config, seed=5)
    for step in range(400):
        if ns.is_terminal(state):
            break
        if step % 10 == 0:
            states.append(state)
        legal = ns.legal_actions(state)
        state = ns.apply(state, legal[rnd.randrange(len(legal))])
    assert len(states) > 5
    for state in states:
        for seat in range(state.config.players):
            mine = tensors(state, seat)
            for _ in range(3):
                assert tensors(ns.sample_state(ns.observe(state, seat), rnd), seat) == mine


def test_another_seats_flip_knowledge_differs_between_samples() -> None:
    # Seat 1 saw both tops with FLIP; seat 0 cannot know them, so a state drawn from
    # seat 0's view gives seat 1 other tops in some draws.
    state = opening()
    rnd = random.Random(7)
    observation, information = tensors(state, 1)
    samples = [ns.sample_state(ns.observe(state, 0), rnd) for _ in range(10)]
    assert all(tensors(sample, 0) == tensors(state, 0) for sample in samples)
    assert any(tensors(sample, 1)[0] != observation for sample in samples)
    assert any(tensors(sample, 1)[1] != information for sample in samples)


def test_the_reference_page_lists_both_layouts_of_the_default_game() -> None:
    section = docpages.section(docpages.reference_page("numstop"), "Tensors")
    config = ns.Config(players=4)
    assert ns.observation_layout(config).table() in section
    assert ns.information_state_layout(config).table() in section
    discovery = ns.Config(players=4, mode=ns.Mode.DISCOVERY)
    for shown in (config, discovery):
        sizes = ns.observation_layout(shown).size, ns.information_state_layout(shown).size
        assert all(f"{size:,} " in section for size in sizes), shown
    assert f"by {ROUND_HORIZON}, clipped to 1" in section
