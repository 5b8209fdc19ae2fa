"""Num Stop notation (cards and actions), what observations show, and JSON."""

from __future__ import annotations

import json

import pytest

from numrules import NotationError, SeatError, SerializationError, dumps, loads
from numrules import numstop as ns
from numrules.core.cards import NumCard
from tests.numstop.helpers import cards, play, table

R7, B7, SH5 = cards("R7 B7 SH5")
JOKER, DOUBLE, SKIP, FLIP, SWIPE, QUANTUM = ns.ACTION_CARDS


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (ns.Lock(0), "0:lock"),
        (ns.Draw(1, ns.Stock.B), "1:draw B"),
        (ns.Stop(2), "2:stop"),
        (ns.Activate(0, FLIP), "0:activate FLIP"),
        (ns.Activate(0, JOKER), "0:activate JOKER"),
        (ns.Activate(4, DOUBLE, target=2), "4:activate DOUBLE 2"),
        (ns.Activate(1, SKIP, target=0), "1:activate SKIP 0"),
        (ns.Activate(0, SWIPE, target=5), "0:activate SWIPE 5"),
        (ns.Activate(3, QUANTUM, stock=ns.Stock.A), "3:activate QUANTUM A"),
        (ns.Reserve(0, SKIP), "0:reserve SKIP"),
        (ns.Keep(0, SH5), "0:keep SH5"),
        (ns.Keep(2, None), "2:keep none"),
        (ns.Discard(1, SH5), "1:discard SH5"),
        (ns.EndTurn(2), "2:end turn"),
        (ns.Pick(0, R7), "0:pick R7"),
        (ns.Pick(3, SH5), "3:pick SH5"),
        (ns.Pass(2), "2:pass"),
        (ns.EndValidation(1), "1:end"),
    ],
)
def test_every_action_has_a_notation_that_parses_back(action: ns.Action, text: str) -> None:
    assert str(action) == text
    assert ns.parse_action(text) == action
    assert ns.parse_action(f"  {text.upper()}  ") == action
    assert loads(dumps(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "0:",
        "0 draw A",
        "a:draw A",
        "-1:draw A",
        "0:fly",
        "0:draw",
        "0:draw C",
        "0:draw A B",
        "0:lock now",
        "0:stop 1",
        "0:end now",
        "0:keep",
        "0:keep INF1",
        "0:keep R7 B7",
        "0:reserve",
        "0:reserve NUMX",
        "0:discard SH17",
        "0:activate",
        "0:activate BOMB",
        "0:activate DOUBLE x",
        "0:activate QUANTUM C",
        "0:activate DOUBLE 1 2",
        "0:validate pair R7 B7",  # a combination is validated card by card
        "0:aim pair",  # the first pick chooses the objective under decision
        "0:abandon",  # a combination begun is completed
        "0:pick",
        "0:pick X7",
        "0:pick R7 B7",
        "0:pass pair",
    ],
)
def test_malformed_action_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        ns.parse_action(text)


def test_cards_are_the_num_cards_of_num_stop_only() -> None:
    assert str(ns.parse_card(" sh16 ")) == "SH16"
    assert ns.parse_card("quantum") is QUANTUM
    assert [str(c) for c in ns.parse_cards("R7, SH3 JOKER")] == ["R7", "SH3", "JOKER"]
    for bad in ("NUMX", "BOMB", "INF1", "SH17", "R", "", "X1"):
        with pytest.raises(NotationError):
            ns.parse_card(bad)
    for parse in (ns.parse_action, ns.parse_card, ns.parse_cards):
        with pytest.raises(NotationError):
            parse(7)  # type: ignore[arg-type]


# --- observations -----------------------------------------------------------------------


def strings(data: object) -> set[str]:
    """Every string inside decoded JSON."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return {s for key, value in data.items() for s in {key} | strings(value)}
    if isinstance(data, list):
        return {s for item in data for s in strings(item)}
    return set()


def shown(state: ns.State, seat: int | None) -> set[str]:
    return strings(json.loads(dumps(ns.observe(state, seat))))


def notation(zone: tuple[NumCard, ...]) -> set[str]:
    return {str(card) for card in zone}


def test_stock_sizes_are_public_and_stock_cards_never_shown() -> None:
    state = play(ns.new_game(ns.Config(players=3), 5, deck=cards("R5")), "0:draw A")
    stock_cards = notation(state.stocks[0]) | notation(state.stocks[1])
    for seat in (None, 0, 1, 2):
        seen = ns.observe(state, seat)
        assert seen.stock_sizes == (len(state.stocks[0]), len(state.stocks[1]))
        assert seen.tops == (None, None)
        assert not shown(state, seat) & stock_cards
        assert ns.hidden_cards(state, seat) == set(state.stocks[0]) | set(state.stocks[1])
        assert seen.unseen() == ns.hidden_cards(state, seat)


def test_piles_collections_reserves_discard_and_pending_are_public() -> None:
    state = table(
        a="SH8",
        piles=["R3 B5", "G1"],
        collections=["Y4", "", "Y6"],
        reserves=["JOKER", "FLIP"],
        discard="R0 DOUBLE",
        doubled=[2],
        scorecards=[(None,) * 9 + (30,)],
    )
    state = play(state, "0:draw A")
    for seat in (None, 0, 1, 2):
        seen = ns.observe(state, seat)
        assert (seen.piles, seen.collections, seen.reserves) == (
            state.piles,
            state.collections,
            state.reserves,
        )
        assert (seen.discard, seen.pending) == (state.discard, cards("SH8"))
        assert (seen.phase, seen.player, seen.to_act, seen.drawn) == (
            ns.Phase.SHADOW,
            0,
            (0,),
            1,
        )
        assert (seen.doubled, seen.skipped, seen.scorecards) == (
            frozenset({2}),
            frozenset(),
            state.scorecards,
        )
        assert seen.points == (30, 0, 0)
        assert "SH8" in shown(state, seat)


def test_a_flip_top_is_shown_to_its_seat_only_in_json_too() -> None:
    state = table(a="R5", b="G7", reserves=["FLIP"])
    state = play(state, "0:activate FLIP")
    assert {"R5", "G7"} <= shown(state, 0)
    for seat in (None, 1, 2):
        assert not {"R5", "G7"} & shown(state, seat)


def test_observing_a_seat_that_does_not_exist_is_an_error() -> None:
    state = table()
    for seat in (3, -1, "0"):
        with pytest.raises(SeatError):
            ns.observe(state, seat)  # type: ignore[arg-type]


# --- JSON -------------------------------------------------------------------------------


def test_states_round_trip_through_json_in_every_phase() -> None:
    positions = [
        table(),
        play(table(a="SH8"), "0:draw A"),
        play(table(a="DOUBLE"), "0:draw A"),
        play(table(a="R1 R2 R3", reserves=["QUANTUM"]), "0:activate QUANTUM A"),
        table(phase=ns.Phase.SKIPPED, player=1, doubled=[1], discard="SKIP DOUBLE"),
        table(phase=ns.Phase.VALIDATION, collections=["R1 B1"], scored=["", "R2 B2"]),
        table(collections=["R1 B1 SH4"], objective="pair", selection="R1"),
        table(collections=["R1 B1 SH4"], objective="three_of_a_kind", phase=ns.Phase.VALIDATION),
        table(collections=["R1 B1 SH4"], phase=ns.Phase.VALIDATION, decided=True),
        play(table(phase=ns.Phase.VALIDATION, players=2, max_rounds=1), "0:end", "1:end"),
    ]
    for state in positions:
        assert loads(dumps(state)) == state


def test_an_impossible_state_in_json_is_refused() -> None:
    data = json.loads(dumps(table(piles=["R1 B2"])))
    data["data"]["piles"][0] = ["R1", "B1"]  # a pair of ones never stays in a pile
    data["data"]["discard"] = [c for c in data["data"]["discard"] if c != "B1"]
    data["data"]["stocks"][1] = [c for c in data["data"]["stocks"][1] if c != "B1"]
    data["data"]["stocks"][1].append("B2")
    with pytest.raises(SerializationError, match="could not have been built"):
        loads(json.dumps(data))


def test_reported_spellings_are_canonicalised() -> None:
    assert str(ns.parse_action("0:PASS")) == "0:pass"
    assert str(ns.parse_action("pick r7", seat=0)) == "0:pick R7"
