"""Num Bounce tensors: the blocks of hand-built positions, the history of played games
against a tracker of the actions, seat-relativity, sampling invariance, the docs' tables.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

import attrs
import pytest

import numrules
from numrules import SeatError
from numrules import numbounce as nb
from numrules.core.cards import FAMILIES, MAX_VALUE, FamilyCard, NumCard
from numrules.core.tensors import Layout
from numrules.numbounce.combinations import value_of
from numrules.numbounce.tensors import KIND
from tests import docpages
from tests.numbounce.helpers import play, table

QUICK: dict[str, Any] = dict(nb.GAME.quick_options)
KINDS = 104
LAST_ACTIONS = (
    "open",
    "go up",
    "go down",
    "numx",
    "take draw",
    "take discard",
    "keep",
    "discard",
    "pass",
    "interrupt",
    "decline",
)


def kind(card: NumCard | str) -> int:
    """A card's kind as the reference page numbers them: 17 per family in order, NUMX, INFINITY."""
    if isinstance(card, str):
        card = nb.parse_card(card)
    if type(card) is FamilyCard:
        return FAMILIES.index(card.family) * (MAX_VALUE + 1) + card.value
    return 102 if card == nb.NUM_X else 103


def per_kind(cards: Iterable[NumCard | str]) -> list[float]:
    """A per-kind block: 1 per card (a quarter per INFINITY copy), clipped at 1."""
    block = [0.0] * KINDS
    for k, count in Counter(map(kind, cards)).items():
        block[k] = min(1.0, count / 4 if k == 103 else float(count))
    return block


def one_hot(index: int | None, size: int) -> list[float]:
    return [1.0 if i == index else 0.0 for i in range(size)]


class View:
    """A tensor cut into its layout's blocks, by name."""

    def __init__(self, values: list[float], layout: Layout) -> None:
        assert len(values) == layout.size
        self.values = values
        self.places = layout.offsets()

    def __getitem__(self, name: str) -> list[float]:
        return self.values[self.places[name]]

    def seat(self, name: str, place: int, width: int) -> list[float]:
        """The group of entries of the seat `place` seats after the observer."""
        return self[name][place * width : (place + 1) * width]


def observation_view(state: nb.State, seat: int) -> View:
    obs = nb.observe(state, seat)
    return View(nb.observation_tensor(obs), nb.observation_layout(state.config))


def state_view(state: nb.State, seat: int) -> View:
    obs = nb.observe(state, seat)
    return View(nb.information_state_tensor(obs), nb.information_state_layout(state.config))


# --- the bundle and the layouts ----------------------------------------------------------


def test_the_game_bundle_carries_the_tensors() -> None:
    tensors = nb.GAME.tensors
    assert tensors is nb.TENSORS
    assert tensors.observation is nb.observation_tensor
    assert tensors.information_state is nb.information_state_tensor
    assert tensors.observation_layout is nb.observation_layout
    assert tensors.information_state_layout is nb.information_state_layout


def test_the_card_kinds_follow_the_deck_order() -> None:
    assert [kind(card) for card in nb.ALL_CARDS[:102]] == list(range(102))
    assert {card: kind(card) for card in nb.ALL_CARDS} == KIND


@pytest.mark.parametrize("players", range(nb.MIN_PLAYERS, nb.MAX_PLAYERS + 1))
def test_the_layouts_add_up_and_the_information_state_starts_with_the_observation(
    players: int,
) -> None:
    config = nb.Config(players=players)
    observation, information = nb.observation_layout(config), nb.information_state_layout(config)
    for layout in (observation, information):
        assert sum(block.size for block in layout.blocks) == layout.size
        assert len({block.name for block in layout.blocks}) == len(layout.blocks)
        assert all(block.meaning for block in layout.blocks)
    assert information.blocks[: len(observation.blocks)] == observation.blocks
    # Only the per-seat blocks grow with the table. Per seat: mover, wins, hand size and
    # author (4), small hands (8), known (104); then four per-kind history blocks, draws,
    # interrupts (2) and the last action (11).
    assert observation.size == 665 + (4 + 8 + 104) * players
    assert information.size == observation.size + (4 * 104 + 2 + 11) * players
    # The other options leave the length alone.
    other = nb.Config(players=players, hand_size=3, target_wins=2, max_turns_per_round=40)
    assert nb.observation_layout(other) == observation
    assert nb.information_state_layout(other) == information


def test_a_spectator_has_no_tensors() -> None:
    obs = nb.observe(nb.new_game(nb.Config(), 1), None)
    with pytest.raises(SeatError, match="spectator"):
        nb.observation_tensor(obs)
    with pytest.raises(SeatError, match="spectator"):
        nb.information_state_tensor(obs)


# --- hand-built positions ------------------------------------------------------------------


def position() -> nb.State:
    """Three seats; seat 2 laid B5 G5 on R3 Y3; seat 1 holds RB5 and two INFINITY cards."""
    return table(
        ["R1 R2", "RB5 INF1 INF2 Y7", "B9 G9 SH5"],
        trick="R3 Y3 B5 G5",
        ref=2,
        author=2,
        mover=0,
        discard="Y1 R9",
        known=["", "INF1", "B9"],
        wins=(1, 0, 0),
        round_=1,
    )


def test_every_block_of_a_position_seen_by_seat_1() -> None:
    state = position()
    view = observation_view(state, 1)  # the seats in its order: 1, 2, 0
    assert view["phase"] == [1.0, 0.0, 0.0, 0.0]
    assert view["mover"] == [0.0, 0.0, 1.0]
    assert view["may interrupt"] == [1.0]  # it holds RB5, the reference is two 5s
    assert view["round"] == [0.5]  # round 1 of rounds 0..2
    assert view["turn"] == [0.0]  # no turn limit
    assert view["wins"] == [0.0, 0.0, 1 / 3]
    assert view["hand"] == per_kind(["RB5", "INF1", "INF2", "Y7"])
    assert view["hand"][103] == 0.5
    assert view["hand sizes"] == [4 / 107, 3 / 107, 2 / 107]
    assert view["small hands"] == one_hot(3, 8) + one_hot(2, 8) + one_hot(1, 8)
    assert view["known"] == per_kind(["INF1"]) + per_kind(["B9"]) + per_kind([])
    assert view["draw size"] == [len(state.draw) / 107]
    assert state.recycles == 1  # the draw pile is bigger than the deal leaves
    assert view["recycled"] == [1.0]
    assert view["discard size"] == [2 / 107]
    assert view["discard top"] == one_hot(kind("R9"), KINDS)
    assert view["discard"] == per_kind(["Y1", "R9"])
    assert view["trick"] == per_kind(["R3", "Y3", "B5", "G5"])
    assert view["reference"] == per_kind(["B5", "G5"])
    assert view["reference size"] == one_hot(1, 10)
    assert view["reference value"] == one_hot(5, 18)
    assert view["author"] == [0.0, 1.0, 0.0]
    assert view["interrupted"] == [0.0]
    assert view["source"] == [0.0, 0.0]
    assert view["taken"] == [0.0] * KINDS


def test_the_blocks_turn_with_the_observer() -> None:
    state = position()
    view = observation_view(state, 2)  # its order: 2, 0, 1
    assert view["mover"] == [0.0, 1.0, 0.0]
    assert view["author"] == [1.0, 0.0, 0.0]
    assert view["wins"] == [0.0, 1 / 3, 0.0]
    assert view["hand"] == per_kind(["B9", "G9", "SH5"])
    assert view["hand sizes"] == [3 / 107, 2 / 107, 4 / 107]
    assert view["known"] == per_kind(["B9"]) + per_kind([]) + per_kind(["INF1"])
    # The author holds SH5 but may not interrupt its own reference; seat 0 holds neither.
    assert view["may interrupt"] == [0.0]
    assert observation_view(state, 0)["may interrupt"] == [0.0]
    assert nb.interrupters(state) == {1}


@pytest.mark.parametrize(
    ("hand", "trick", "ref", "may"),
    [
        ("SH5 R1", "B5 G5", 2, True),  # a SHADOW on two cards
        ("SH5 R1", "B5", 1, False),  # a SHADOW needs two cards or more
        ("RB5 R1", "B5", 1, True),  # a RAINBOW joins a single
        ("RB5 R1", "B5 G5", 2, True),
        ("RB6 SH4 R1", "B5 G5", 2, False),  # not of the reference value
        ("RB5 R1", "INF3", 1, False),  # an all-INFINITY reference has no value
    ],
)
def test_may_interrupt_follows_the_rules(hand: str, trick: str, ref: int, may: bool) -> None:
    state = table(["R2 R4", hand, "Y9 Y8"], trick=trick, ref=ref, author=2, mover=0)
    assert observation_view(state, 1)["may interrupt"] == [float(may)]
    assert (1 in nb.interrupters(state)) is may


def test_an_interrupted_trick_and_an_all_infinity_reference() -> None:
    state = table(["R2 R4", "RB9 R1", "Y9 Y8"], trick="B5 G5 INF3", ref=1, author=2, mover=0)
    view = observation_view(state, 1)
    assert view["reference value"] == one_hot(17, 18)
    assert view["reference size"] == one_hot(0, 10)
    assert view["may interrupt"] == [0.0]
    state = table(
        ["R2 R4", "SH5 R1", "Y9 Y8"], trick="B5 G5 RB5", ref=3, author=2, interrupted=True
    )
    view = observation_view(state, 1)
    assert view["interrupted"] == [1.0]
    assert view["may interrupt"] == [0.0]  # one interrupt per trick
    assert view["reference size"] == one_hot(2, 10)


@pytest.mark.parametrize(
    ("source", "taker_sees", "other_sees"),
    [(nb.Pile.DRAW, True, False), (nb.Pile.DISCARD, True, True)],
)
def test_a_pending_take_shows_its_card_to_whom_may_see_it(
    source: nb.Pile, taker_sees: bool, other_sees: bool
) -> None:
    state = table(
        ["R2 R4", "R1 Y2", "Y9 Y8"],
        trick="B5",
        author=0,
        mover=1,
        phase=nb.Phase.TAKEN,
        taken="Y13",
        source=source,
    )
    pile = one_hot(0 if source is nb.Pile.DRAW else 1, 2)
    for seat, sees in ((1, taker_sees), (2, other_sees)):
        view = observation_view(state, seat)
        assert view["phase"] == [0.0, 1.0, 0.0, 0.0]
        assert view["source"] == pile
        assert view["taken"] == (one_hot(kind("Y13"), KINDS) if sees else [0.0] * KINDS)


def test_the_match_format_and_the_turn_limit_scale_round_wins_and_turns() -> None:
    state = table(
        ["R2 R4", "R1 Y2", "Y9 Y8"],
        round_=2,
        wins=(1, 1, 0),
        turn=10,
        target_wins=2,
        rounds=None,
        max_turns_per_round=40,
    )
    view = observation_view(state, 0)
    assert view["round"] == [2 / 3]  # a first-to-2 match of 3 seats lasts 4 rounds at most
    assert view["wins"] == [0.5, 0.5, 0.0]
    assert view["turn"] == [10 / 40]


def test_the_history_of_a_trick_taken_back_and_a_discard() -> None:
    state = table(["R3 B3 G7 R11", "R8 Y1 Y2", "G1 G2 B9"], draw="R12", discard="Y9 SH4", mover=0)
    state = play(
        state,
        "0:play R3 B3",
        "1:take discard",
        "1:keep",
        "2:take draw",
        "2:discard",  # the trick comes back to seat 0 and closes
        "0:play G7",
        "1:play R8",
        "2:play G2",  # goes down, takes R8 back
    )
    view = state_view(state, 1)  # its order: 1, 2, 0
    assert view["played"] == per_kind(["R8"]) + per_kind(["G2"]) + per_kind(["R3", "B3", "G7"])
    assert view["taken back"] == per_kind([]) + per_kind(["R8"]) + per_kind([])
    assert view["took discard"] == per_kind(["SH4"]) + per_kind([]) + per_kind([])
    assert view["discarded"] == per_kind([]) + per_kind(["R12"]) + per_kind([])
    assert view["draws"] == [0.0, 1 / 107, 0.0]
    assert view["interrupts"] == [0.0, 0.0, 0.0]
    assert view["last action"] == (
        one_hot(LAST_ACTIONS.index("go up"), 11)
        + one_hot(LAST_ACTIONS.index("go down"), 11)
        + one_hot(LAST_ACTIONS.index("open"), 11)
    )
    assert view["known"] == per_kind(["SH4"]) + per_kind(["R8"]) + per_kind([])
    # The observation's blocks come first, the same as in the observation tensor.
    observation = observation_view(state, 1).values
    assert view.values[: len(observation)] == observation


def test_the_history_of_an_interrupt_and_a_numx() -> None:
    state = table(["R5 B5 NUMX R1", "RB5 Y2 Y4", "SH6 R6 G6 Y3"], discard="Y9", mover=0)
    state = play(state, "0:play R5 B5", "1:interrupt RB5", "2:play R6 G6 SH6", "0:numx")
    view = state_view(state, 2)  # its order: 2, 0, 1
    assert view["played"] == (
        per_kind(["R6", "G6", "SH6"]) + per_kind(["R5", "B5", "NUMX"]) + per_kind(["RB5"])
    )
    assert view["interrupts"] == [0.0, 0.0, 1 / 34]
    assert view["last action"] == (
        one_hot(LAST_ACTIONS.index("go up"), 11)
        + one_hot(LAST_ACTIONS.index("numx"), 11)
        + one_hot(LAST_ACTIONS.index("interrupt"), 11)
    )


def all_but(named: str) -> list[str]:
    """Every other card of the deck, dealt into two hands of two seats."""
    taken = set(nb.parse_cards(named))
    rest = [str(card) for card in nb.ALL_CARDS if card not in taken]
    half = len(rest) // 2
    return [" ".join(rest[:half]), " ".join(rest[half:])]


def test_a_recycling_of_the_discard_before_a_draw() -> None:
    state = table(all_but("R3 Y1 Y2 Y3"), trick="R3", author=0, mover=1, discard="Y1 Y2 Y3")
    assert not state.draw
    state = play(state, "1:take draw")  # the discard but Y3 becomes the draw pile
    assert state.taken in nb.parse_cards("Y1 Y2")
    taker, other = state_view(state, 1), state_view(state, 0)
    for view in (taker, other):
        assert view["recycled"] == [1.0]
        assert view["draw size"] == [1 / 107]
        assert view["discard size"] == [1 / 107]
        assert view["discard top"] == one_hot(kind("Y3"), KINDS)
        assert view["source"] == [1.0, 0.0]
    assert taker["taken"] == one_hot(kind(state.taken), KINDS)
    assert other["taken"] == [0.0] * KINDS
    assert taker["draws"] == [1 / 107, 0.0]
    assert other["draws"] == [0.0, 1 / 107]
    assert other.seat("last action", 1, 11) == one_hot(LAST_ACTIONS.index("take draw"), 11)


def test_a_pass_when_no_card_can_be_taken() -> None:
    state = table(all_but("R3"), trick="R3", author=0, mover=1)
    assert not state.draw
    assert not state.discard
    state = play(state, "1:pass")  # the trick comes back to seat 0 and closes
    view = state_view(state, 0)
    assert view.seat("last action", 1, 11) == one_hot(LAST_ACTIONS.index("pass"), 11)
    assert view["discard top"] == one_hot(kind("R3"), KINDS)
    assert view["reference size"] == [0.0] * 10
    assert view["author"] == [0.0, 0.0]
    assert view["hand sizes"] == [53 / 107, 53 / 107]
    assert view["small hands"] == [0.0] * 16  # no one-hot past 8 cards


# --- played games --------------------------------------------------------------------------


class Tracker:
    """The history blocks, worked out from the actions applied (not from the events)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.reset()

    def reset(self) -> None:
        n = self.players
        self.played: list[list[NumCard]] = [[] for _ in range(n)]
        self.back: list[list[NumCard]] = [[] for _ in range(n)]
        self.took: list[list[NumCard]] = [[] for _ in range(n)]
        self.discarded: list[list[NumCard]] = [[] for _ in range(n)]
        self.draws = [0] * n
        self.interrupts = [0] * n
        self.last: list[str | None] = [None] * n

    def step(self, before: nb.State, action: nb.Action, after: nb.State) -> None:
        seat = action.seat
        if isinstance(action, nb.Play):
            self.played[seat] += action.cards
            value, ref = value_of(action.cards), nb.reference_value(before)
            if not before.ref_size:
                self.last[seat] = "open"
            elif value is not None and ref is not None and value < ref:
                self.last[seat] = "go down"
                self.back[seat] += before.reference
            else:
                self.last[seat] = "go up"
        elif isinstance(action, nb.NumX):
            self.played[seat].append(nb.NUM_X)
            self.last[seat] = "numx"
        elif isinstance(action, nb.Take):
            if action.pile is nb.Pile.DRAW:
                self.draws[seat] += 1
                self.last[seat] = "take draw"
            else:
                self.took[seat].append(before.discard[-1])
                self.last[seat] = "take discard"
        elif isinstance(action, nb.Discard):
            assert before.taken is not None
            self.discarded[seat].append(before.taken)
            self.last[seat] = "discard"
        elif isinstance(action, nb.Interrupt):
            self.played[seat].append(action.card)
            self.interrupts[seat] += 1
            self.last[seat] = "interrupt"
        else:
            self.last[seat] = {nb.Keep: "keep", nb.Pass: "pass", nb.Decline: "decline"}[
                type(action)
            ]
        if after.round != before.round:
            self.reset()  # a new round is dealt

    def check(self, view: View, observer: int) -> None:
        n = self.players
        for place in range(n):
            seat = (observer + place) % n
            assert view.seat("played", place, KINDS) == per_kind(self.played[seat])
            assert view.seat("taken back", place, KINDS) == per_kind(self.back[seat])
            assert view.seat("took discard", place, KINDS) == per_kind(self.took[seat])
            assert view.seat("discarded", place, KINDS) == per_kind(self.discarded[seat])
            assert view["draws"][place] == min(1.0, self.draws[seat] / 107)
            assert view["interrupts"][place] == min(1.0, self.interrupts[seat] / 34)
            last = self.last[seat]
            expected = one_hot(None if last is None else LAST_ACTIONS.index(last), 11)
            assert view.seat("last action", place, 11) == expected


@pytest.mark.parametrize(
    ("players", "seed", "rules", "covers"),
    [
        # Two rounds (the second starts afresh) with a NUMX and a SHADOW declined.
        (2, 19, {"rounds": 2}, {nb.NumX, nb.Interrupt, nb.Decline, nb.Discard}),
        (3, 12, QUICK, {nb.Interrupt, nb.Discard}),
        (4, 13, QUICK, {nb.Interrupt, nb.Discard}),
    ],
)
def test_random_games_give_tensors_of_the_layout_in_0_1_with_the_right_history(
    players: int, seed: int, rules: dict[str, Any], covers: set[type[nb.Action]]
) -> None:
    config = nb.Config(players=players, **rules)
    observation, information = nb.observation_layout(config), nb.information_state_layout(config)
    rnd = random.Random(seed)
    state = nb.new_game(config, seed)
    tracker = Tracker(players)
    rounds = set()
    played: set[type[nb.Action]] = set()
    while True:
        rounds.add(state.round)
        interrupters = nb.interrupters(state)
        for seat in range(players):
            obs = nb.observe(state, seat)
            small = nb.observation_tensor(obs)
            full = nb.information_state_tensor(obs)
            assert len(small) == observation.size
            assert len(full) == information.size
            assert all(0.0 <= x <= 1.0 for x in full)
            assert full[: len(small)] == small
            view = View(full, information)
            assert view["may interrupt"] == [float(seat in interrupters)]
            assert view["mover"] == one_hot((state.mover - seat) % players, players)
            tracker.check(view, seat)
        if nb.is_terminal(state):
            break
        legal = nb.legal_actions(state)
        action = legal[rnd.randrange(len(legal))]
        after = nb.apply(state, action)
        tracker.step(state, action, after)
        played.add(type(action))
        state = after
    assert len(rounds) == config.rounds
    assert covers <= played


def random_game(config: nb.Config, seed: int) -> list[nb.State]:
    """The positions of a game of random legal actions, the end left out."""
    rnd = random.Random(seed)
    state = nb.new_game(config, seed)
    out = []
    while not nb.is_terminal(state):
        out.append(state)
        legal = nb.legal_actions(state)
        state = nb.apply(state, legal[rnd.randrange(len(legal))])
    return out


def positions(seed: int, every: int) -> list[nb.State]:
    """Every `every`-th position of a random 4-seat quick game."""
    return random_game(nb.Config(players=4, **QUICK), seed)[::every]


def both(obs: nb.Observation) -> tuple[list[float], list[float]]:
    return nb.observation_tensor(obs), nb.information_state_tensor(obs)


def test_a_seat_cannot_tell_its_tensors_from_those_of_a_sample_of_its_view() -> None:
    sample_state = nb.GAME.sample_state
    assert sample_state is not None
    rnd = random.Random(5)
    others_differ = 0
    checked = 0
    for state in positions(21, 7):
        seat = rnd.randrange(4)
        other = (seat + rnd.randrange(1, 4)) % 4
        obs = nb.observe(state, seat)
        mine, theirs = both(obs), both(nb.observe(state, other))
        for _ in range(3):
            sample = sample_state(obs, rnd)
            assert both(nb.observe(sample, seat)) == mine
            others_differ += both(nb.observe(sample, other)) != theirs
            checked += 1
    assert checked >= 10
    assert others_differ  # another seat's hand, hence its tensors, changes with the draw


def test_the_history_starts_at_the_deal_of_the_round_however_far_back_it_is() -> None:
    # The builder looks back a few events per turn first, then further: a turn counter
    # of 0 (a tampered one) makes it look back step by step, to the same deal.
    state = random_game(nb.Config(players=2, rounds=2), 19)[-1]
    assert state.round == 1
    assert state.turn > 20
    obs = nb.observe(state, 1)
    assert nb.information_state_tensor(attrs.evolve(obs, turn=0)) == (
        nb.information_state_tensor(obs)
    )


def test_the_tensors_of_an_observation_read_back_from_json_are_the_same() -> None:
    state = positions(22, 40)[-1]
    obs = nb.observe(state, 2)
    back = numrules.loads(numrules.dumps(obs))
    assert both(back) == both(obs)
    # A call leaves nothing behind for the next one.
    other = nb.observe(state, 3)
    assert both(other) != both(obs)
    assert both(obs) == both(back)


# --- the reference page ---------------------------------------------------------------------


def test_the_reference_page_shows_exactly_the_layouts_of_the_default_config() -> None:
    section = docpages.section(docpages.reference_page("numbounce"), "Tensors")
    tables = re.findall(r"(?:^\|.*\|\n)+", section + "\n", re.MULTILINE)
    config = nb.Config()
    assert [t.rstrip("\n") for t in tables] == [
        nb.observation_layout(config).table(),
        nb.information_state_layout(config).table(),
    ]
    sizes = [
        nb.observation_layout(nb.Config(players=2)).size,
        nb.information_state_layout(nb.Config(players=2)).size,
        nb.observation_layout(nb.Config(players=8)).size,
        nb.information_state_layout(nb.Config(players=8)).size,
    ]
    stated = "{:,} and {:,} floats for 2 players, {:,} and {:,} for 8".format(*sizes)
    assert stated in " ".join(section.split())
