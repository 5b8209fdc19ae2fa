"""Num Stop action ids: the table of docs/reference/numstop.md, a stacked deck, refusals."""

from __future__ import annotations

import pytest

from numrules import IllegalActionError, Reason, SeatError
from numrules import numstop as ns
from numrules.core.cards import Family, FamilyCard, NumCard, num_card_key
from numrules.numstop.cards import ACTION_CARDS, DOUBLE, FLIP, JOKER, QUANTUM, SKIP, SWIPE
from tests.generic.helpers import check_encoding_steps
from tests.numstop.helpers import cards, play, table

CONFIG = ns.Config()  # 4 players, values 0..16: 102 family cards
A, B = ns.Stock.A, ns.Stock.B


def card(notation: str) -> NumCard:
    (parsed,) = cards(notation)
    return parsed


def test_the_space_is_three_ids_a_seat_two_a_family_card_and_17() -> None:
    assert ns.num_actions(CONFIG) == 3 * 4 + 2 * 102 + 17 == 233
    assert ns.num_actions(ns.Config(players=2, max_value=5)) == 3 * 2 + 2 * 36 + 17 == 95
    assert ns.num_actions(ns.Config(players=6)) == 239  # the largest space
    discovery = ns.Config(mode=ns.Mode.DISCOVERY)
    assert ns.num_actions(discovery) == 233  # the same ids; the action cards' never legal
    assert ns.encode_action(discovery, ns.Pick(0, card("SH16"))) == 230


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        (ns.Lock(0), 0),
        (ns.Stop(2), 1),
        (ns.Draw(0, A), 2),
        (ns.Draw(3, B), 3),
        (ns.Activate(1, JOKER), 4),
        (ns.Activate(1, DOUBLE, target=0), 5),
        (ns.Activate(1, DOUBLE, target=1), 6),  # a DOUBLE may aim at its own seat
        (ns.Activate(1, DOUBLE, target=3), 8),
        (ns.Activate(0, SKIP, target=1), 9),
        (ns.Activate(0, SKIP, target=3), 11),
        (ns.Activate(2, SKIP, target=0), 9),
        (ns.Activate(2, SKIP, target=3), 11),  # the own seat is left out
        (ns.Activate(0, FLIP), 12),
        (ns.Activate(1, SWIPE, target=0), 13),
        (ns.Activate(1, SWIPE, target=2), 14),
        (ns.Activate(0, QUANTUM, stock=A), 16),
        (ns.Activate(0, QUANTUM, stock=B), 17),
        (ns.Reserve(0, JOKER), 18),
        (ns.Reserve(0, FLIP), 21),
        (ns.Reserve(0, QUANTUM), 23),
        (ns.Keep(0, card("R0")), 24),
        (ns.Keep(0, card("B0")), 41),
        (ns.Keep(0, card("SH5")), 114),
        (ns.Keep(0, card("SH16")), 125),
        (ns.Keep(0, None), 126),
        (ns.Discard(0, card("SH5")), 127),
        (ns.Discard(0, card("SH16")), 127),  # only the Shadow just drawn is ever offered
        (ns.EndTurn(0), 128),
        (ns.Pick(0, card("R0")), 129),
        (ns.Pick(0, card("R7")), 136),
        (ns.Pick(0, card("B7")), 153),
        (ns.Pick(0, card("SH16")), 230),
        (ns.Pass(0), 231),
        (ns.EndValidation(0), 232),
    ],
)
def test_the_ids_follow_the_table_of_the_reference_page(action: ns.Action, expected: int) -> None:
    assert ns.encode_action(CONFIG, action) == expected


@pytest.mark.parametrize(
    "config", [ns.Config(players=2, max_value=5), CONFIG, ns.Config(players=6)]
)
def test_every_id_names_one_action_of_a_seat(config: ns.Config) -> None:
    # Every action seat 1 could ever take, each Discard counted once: one id each.
    n, seat = config.players, 1
    family = sorted((c for c in config.all_cards() if type(c) is FamilyCard), key=num_card_key)
    actions: list[ns.Action] = [ns.Lock(seat), ns.Stop(seat), ns.Draw(seat, A), ns.Draw(seat, B)]
    actions += [ns.Activate(seat, JOKER), ns.Activate(seat, FLIP)]
    actions += [ns.Activate(seat, DOUBLE, target=t) for t in range(n)]
    others = [t for t in range(n) if t != seat]
    actions += [ns.Activate(seat, c, target=t) for c in (SKIP, SWIPE) for t in others]
    actions += [ns.Activate(seat, QUANTUM, stock=s) for s in (A, B)]
    actions += [ns.Reserve(seat, c) for c in ACTION_CARDS]
    actions += [ns.Keep(seat, c) for c in family] + [ns.Keep(seat, None)]
    actions += [ns.Discard(seat, FamilyCard(Family.SHADOW, 3)), ns.EndTurn(seat)]
    actions += [ns.Pick(seat, c) for c in family] + [ns.Pass(seat), ns.EndValidation(seat)]
    ids = sorted(ns.encode_action(config, action) for action in actions)
    assert ids == list(range(ns.num_actions(config)))


def check_ids(state: ns.State, expected: list[tuple[str, int]]) -> None:
    """The legal actions of the seat to act and their ids; each decodes back; the mask."""
    seat = state.player
    legal = ns.legal_actions_for(state, seat)
    assert [(str(a), ns.encode_action(state.config, a)) for a in legal] == expected
    for action, action_id in zip(legal, (i for _, i in expected), strict=True):
        assert ns.decode_action(state, seat, action_id) == action
    mask = ns.legal_action_mask(state, seat)
    assert len(mask) == ns.num_actions(state.config)
    assert [i for i, flag in enumerate(mask) if flag] == sorted(i for _, i in expected)
    for other in range(state.players):
        if other != seat:
            assert not any(ns.legal_action_mask(state, other))


def test_a_turn_from_a_stacked_deck_has_the_ids_of_the_table() -> None:
    state = table(
        4,
        a="R2 R9 SH5 QUANTUM B9 G9 Y1",
        b="FLIP R3",
        piles=["R1"],
        reserves=["DOUBLE", "", "JOKER SKIP", "SWIPE"],
    )
    doubles = [(f"0:activate DOUBLE {t}", 5 + t) for t in range(4)]
    check_ids(state, [("0:lock", 0), ("0:draw A", 2), ("0:draw B", 3), *doubles])
    state = play(state, "0:draw B")  # FLIP, with room in the reserve
    check_ids(state, [("0:activate FLIP", 12), ("0:reserve FLIP", 21)])
    state = play(state, "0:reserve FLIP")
    draws = [("0:stop", 1), ("0:draw A", 2), ("0:draw B", 3)]
    check_ids(state, [*draws, *doubles, ("0:activate FLIP", 12)])
    state = play(state, "0:activate FLIP", "0:draw A", "0:stop", "1:draw A", "1:stop")
    skips = [("2:activate SKIP 0", 9), ("2:activate SKIP 1", 10), ("2:activate SKIP 3", 11)]
    check_ids(state, [("2:draw A", 2), ("2:draw B", 3), *skips])
    state = play(state, "2:activate SKIP 3", "2:draw A")  # SH5
    check_ids(state, [("2:activate JOKER", 4), ("2:keep SH5", 114), ("2:discard SH5", 127)])
    state = play(state, "2:activate JOKER", "2:draw A")  # QUANTUM, with room in the reserve
    quantum = [("2:activate QUANTUM A", 16), ("2:activate QUANTUM B", 17)]
    check_ids(state, [*quantum, ("2:reserve QUANTUM", 23)])
    state = play(state, "2:activate QUANTUM A")  # B9 G9 Y1
    kept = [("2:keep B9", 50), ("2:keep G9", 67), ("2:keep Y1", 76), ("2:keep none", 126)]
    check_ids(state, kept)
    state = play(state, "2:keep G9")  # seat 3 is skipped; it swipes with a neighbour or ends
    assert state.phase is ns.Phase.SKIPPED
    swipes = [("3:activate SWIPE 0", 13), ("3:activate SWIPE 2", 15)]
    check_ids(state, [*swipes, ("3:end turn", 128)])


def test_a_validation_has_the_ids_of_its_picks_pass_and_end() -> None:
    state = table(4, phase=ns.Phase.VALIDATION, collections=["R7 B7 G7 Y2"])
    assert state.objective is ns.Objective.THREE_OF_A_KIND
    check_ids(state, [("0:pick R7", 136), ("0:pass", 231)])
    state = play(state, "0:pick R7")
    check_ids(state, [("0:pick B7", 153)])
    state = play(state, "0:pick B7")
    check_ids(state, [("0:pick G7", 170)])
    state = play(state, "0:pick G7")  # Y2 fills nothing: every objective is decided
    check_ids(state, [("0:end", 232)])


def test_an_id_no_legal_action_of_the_seat_has_is_refused() -> None:
    state = table(4, phase=ns.Phase.VALIDATION, collections=["R7 B7 G7 Y2"])
    for seat, bad in [(0, 153), (0, 232), (1, 136), (0, -1), (0, 233), (0, "136"), (0, None)]:
        with pytest.raises(IllegalActionError) as caught:
            ns.decode_action(state, seat, bad)  # type: ignore[arg-type]
        assert caught.value.reason is Reason.BAD_TARGET
    with pytest.raises(SeatError):
        ns.decode_action(state, 4, 136)
    with pytest.raises(SeatError):
        ns.legal_action_mask(state, -1)


@pytest.mark.parametrize(
    "junk",
    [
        ns.Pick(0, JOKER),  # not a family card
        ns.Pick(0, FamilyCard(Family.RED, 17)),  # not in the deck
        ns.Pick(0, FamilyCard("R", 7)),  # type: ignore[arg-type]
        ns.Keep(0, QUANTUM),
        ns.Reserve(0, card("R5")),
        ns.Discard(0, card("R5")),  # only a Shadow is discarded
        ns.Draw(0, "A"),  # type: ignore[arg-type]
        ns.Activate(0, card("R5")),
        ns.Activate(0, SKIP, target=0),  # its own seat
        ns.Activate(0, SWIPE, target=4),  # no seat 4
        ns.Activate(0, DOUBLE),  # no target
        ns.Activate(0, DOUBLE, target=1, stock=A),
        ns.Activate(0, FLIP, target=1),
        ns.Activate(0, JOKER, stock=A),
        ns.Activate(0, QUANTUM),  # no stock
        ns.Activate(0, QUANTUM, stock="A"),  # type: ignore[arg-type]
        ns.Activate("x", SKIP, target=1),  # type: ignore[arg-type]
        "0:lock",
        None,
    ],
)
def test_what_no_id_names_is_malformed(junk: object) -> None:
    with pytest.raises(IllegalActionError) as caught:
        ns.encode_action(CONFIG, junk)  # type: ignore[arg-type]
    assert caught.value.reason is Reason.MALFORMED


def test_a_card_outside_a_small_deck_has_no_id() -> None:
    small = ns.Config(players=2, max_value=5)
    # The picks are the 36 ids before pass and end: R0 .. R5, B0 .. SH5.
    assert ns.encode_action(small, ns.Pick(0, card("R5"))) == 95 - 2 - 36 + 5
    with pytest.raises(IllegalActionError) as caught:
        ns.encode_action(small, ns.Pick(0, card("R6")))
    assert caught.value.reason is Reason.MALFORMED


def test_the_game_bundle_has_the_four_fields() -> None:
    game = ns.GAME
    assert game.encode_action is ns.encode_action
    assert game.decode_action is ns.decode_action
    assert game.num_actions is ns.num_actions
    assert game.legal_action_mask is ns.legal_action_mask


@pytest.mark.parametrize(
    ("rules", "seed"),
    [({"max_rounds": 1}, 23), ({"mode": ns.Mode.DISCOVERY, "max_value": 5, "max_rounds": 2}, 29)],
)
def test_masks_equal_the_legal_actions_over_thousands_of_random_steps(
    rules: dict[str, object], seed: int
) -> None:
    assert check_encoding_steps(ns.GAME, 3000, seed=seed, **rules) == 0
