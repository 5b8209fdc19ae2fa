"""Num Wars scoring: card groups, stolen pairs, every role bonus line, totals and winners.

Five-player rounds use the lot BOMB QUANTUM NUMX JOKER R1: seats 0..4 are the Bomber,
the Deminer, the Num-X player, the Accomplice and the Civilian. Each scenario starts
after a first trick won by one seat and plays the last trick (one card per hand).
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

from numrules import numwars as nw
from numrules.numwars.scoring import points_gain
from tests.numwars.helpers import cards, deal, play, table

Score = nw.RoundScore
Outcome = nw.BombOutcome
LOTS5 = "BOMB QUANTUM NUMX JOKER R1"


def last_trick(
    hands: list[str], first: str, *, leader: int = 2, lots: str = LOTS5, **rules: Any
) -> nw.State:
    """Play the last trick: `leader` won the first trick (`first`) and leads the last."""
    n = len(hands)
    state = table(
        hands,
        lots=lots,
        leader=leader,
        tricks=tuple(int(seat == leader) for seat in range(n)),
        won=[first if seat == leader else "" for seat in range(n)],
        rounds=1,
        **rules,
    )
    for k in range(n):
        seat = (leader + k) % n
        state = play(state, f"{seat}:play {hands[seat]}")
    assert nw.is_terminal(state)
    return state


def breakdown(state: nw.State) -> tuple[nw.RoundScore, ...]:
    (result,) = state.history
    assert nw.scores(state) == result.totals
    return result.scores


# --- card points --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("won", "points"),
    [
        ("", 0),
        ("R7", 7),
        ("R7 B7", 0),  # two of a value cancel out
        ("R7 B7 G7", 37),  # three: value + 30
        ("R7 B7 G7 Y7", 57),  # four: value + 50
        ("R0 B0 G0", 30),
        ("R12 Y3 Y12", 3),
        ("RB7 SH7 RB12 SH0", 0),  # trumps won in tricks score nothing
        ("BOMB JOKER QUANTUM NUMX", 0),  # specials score nothing
        ("R1 B1 G1 Y1 R16 RB16", 51 + 16),
    ],
)
def test_classic_cards_score_by_value_groups(won: str, points: int) -> None:
    assert nw.card_points(nw.Config(players=6), cards(won)) == points


def test_the_group_points_are_configurable() -> None:
    config = nw.Config(players=4, pair_points=5, triple_bonus=100, quadruple_bonus=1000)
    assert nw.card_points(config, cards("R7 B7")) == 5
    assert nw.card_points(config, cards("R7 B7 G7")) == 107
    assert nw.card_points(config, cards("R7 B7 G7 Y7")) == 1007


def test_what_a_trick_adds_to_a_won_pile_is_the_change_in_its_card_points() -> None:
    # `points_gain` (the TrickWon points) scores only the values the trick adds.
    config = nw.Config(players=4, pair_points=5, triple_bonus=100, quadruple_bonus=1000)
    rnd = random.Random(5)
    deck = list(config.all_cards())
    for _ in range(300):
        rnd.shuffle(deck)
        cut = rnd.randrange(0, 40)
        pile, trick = tuple(deck[:cut]), tuple(deck[cut : cut + rnd.randrange(1, 9)])
        change = nw.card_points(config, pile + trick) - nw.card_points(config, pile)
        assert points_gain(config, pile, trick) == change


def test_each_stolen_pair_scores_its_value() -> None:
    assert nw.pair_points(cards("RB5 SH5 RB0 SH0 RB12 SH12")) == 17


# --- the role bonus lines ---------------------------------------------------------------


def test_a_bomb_kept_unprotected_gives_the_bomber_50() -> None:
    state = last_trick(["BOMB", "Y9", "G2", "G3", "G4"], first="QUANTUM NUMX JOKER R1 Y5")
    assert state.history[0].outcome is Outcome.KEPT
    assert breakdown(state) == (
        Score(bomb_kept=50),
        Score(),
        Score(base=1 + 5, num_x_spared=30),
        Score(),
        Score(base=2 + 3 + 4 + 9),  # G4 won the trick, the Bomb with it
    )


def test_a_protected_bomb_gives_the_bomber_30_and_the_joker_player_20() -> None:
    # The Joker neutralises SH4; the Deminer wins the trick (and the Joker in it).
    state = last_trick(["BOMB", "SH4", "G2", "JOKER", "G4"], first="NUMX QUANTUM R1 Y5 Y9")
    result = state.history[0]
    assert (result.outcome, result.capturer, result.protector) == (Outcome.PROTECTED, None, 3)
    assert breakdown(state) == (
        Score(bomb_protected=30),
        Score(base=2 + 4, deminer_consolation=20),
        Score(base=1 + 5 + 9, num_x_spared=30),
        Score(joker_protects=20),
        Score(),
    )


def test_a_bomb_captured_by_the_deminer_gives_the_deminer_50() -> None:
    state = last_trick(["BOMB", "QUANTUM", "G2", "G3", "G4"], first="NUMX JOKER R1 Y5 Y9")
    result = state.history[0]
    assert (result.outcome, result.capturer) == (Outcome.BY_DEMINER, 1)
    assert breakdown(state) == (
        Score(),
        Score(deminer_captures=50),
        Score(base=15, num_x_spared=30),
        Score(),
        Score(base=9),
    )


def test_a_deminer_capturing_with_a_shadow_is_a_capture_by_the_deminer() -> None:
    state = last_trick(["BOMB", "SH6", "G2", "G3", "G4"], first="NUMX QUANTUM R1 Y5 Y9")
    assert state.history[0].outcome is Outcome.BY_DEMINER
    assert breakdown(state)[1] == Score(base=2 + 3 + 4, deminer_captures=50)
    assert breakdown(state)[2] == Score(base=15, num_x_spared=30)


def test_a_bomb_captured_by_a_civilian_gives_every_civilian_15() -> None:
    # Six players (FULL deck): seats 4 and 5 are Civilians (R1, B1).
    state = last_trick(
        ["BOMB", "G6", "G2", "G3", "SH4", "G5"],
        first="NUMX QUANTUM JOKER R1 B1 Y9",
        lots="BOMB QUANTUM NUMX JOKER R1 B1",
    )
    assert state.config.format is nw.Format.FULL
    result = state.history[0]
    assert (result.outcome, result.capturer) == (Outcome.BY_CIVILIAN, 4)
    assert breakdown(state) == (
        Score(),
        Score(),
        Score(base=9),  # R1 and B1 are two of a value: 0; no +30 after a Civilian capture
        Score(),
        Score(base=2 + 3 + 5 + 6, civilian_captures=15),
        Score(civilian_captures=15),
    )


def test_a_bomb_captured_by_num_x_costs_the_num_x_player_10() -> None:
    state = last_trick(["BOMB", "G2", "NUMX", "G3", "G4"], first="QUANTUM JOKER R1 Y5 Y9", leader=1)
    result = state.history[0]
    assert (result.outcome, result.capturer) == (Outcome.BY_NUM_X, 2)
    assert breakdown(state) == (
        Score(),
        Score(base=15, deminer_consolation=20),  # the Deminer won the JOKER in trick 1
        Score(base=9, num_x_captures=-10),
        Score(),
        Score(),
    )


def test_a_num_x_player_capturing_with_a_shadow_is_a_capture_by_num_x() -> None:
    state = last_trick(["BOMB", "G3", "SH4", "G5", "G4"], first="NUMX QUANTUM R1 Y5 Y9")
    assert state.history[0].outcome is Outcome.BY_NUM_X
    # Won: R1 Y5 Y9 then SH4 G5 G4 BOMB G3; Y5 and G5 are two of a value (0 points).
    assert breakdown(state)[2] == Score(base=1 + 9 + 3 + 4, num_x_captures=-10)


def test_a_capture_by_the_accomplice_pays_only_the_num_x_player() -> None:
    state = last_trick(["BOMB", "G3", "G2", "SH4", "G4"], first="NUMX QUANTUM JOKER R1 Y5")
    result = state.history[0]
    assert (result.outcome, result.capturer) == (Outcome.BY_ACCOMPLICE, 3)
    assert breakdown(state) == (
        Score(),
        Score(),
        Score(base=6, num_x_spared=30),
        Score(base=9),
        Score(),
    )


def test_the_deminer_winning_the_joker_in_another_trick_is_consoled_with_20() -> None:
    state = last_trick(["BOMB", "Y9", "G2", "G3", "G4"], first="NUMX JOKER R1 Y5 QUANTUM", leader=1)
    assert state.history[0].outcome is Outcome.KEPT
    assert breakdown(state) == (
        Score(bomb_kept=50),
        Score(base=1 + 5 + 9 + 2 + 3 + 4, deminer_consolation=20),
        Score(num_x_spared=30),
        Score(),
        Score(),
    )


def test_with_three_players_whoever_plays_the_joker_protects_the_bomb() -> None:
    # No Accomplice at three: the JOKER is an ordinary card, here the Deminer's.
    state = last_trick(["BOMB", "JOKER", "SH4"], first="NUMX QUANTUM Y9", lots="BOMB QUANTUM NUMX")
    result = state.history[0]
    assert (result.outcome, result.protector) == (Outcome.PROTECTED, 1)
    assert result.roles == (nw.Role.BOMBER, nw.Role.DEMINER, nw.Role.NUM_X)
    assert breakdown(state) == (
        Score(bomb_protected=30),
        Score(joker_protects=20),
        Score(base=9, num_x_spared=30),
    )


def test_every_bonus_amount_comes_from_the_config() -> None:
    state = last_trick(
        ["BOMB", "SH4", "G2", "JOKER", "G4"],
        first="NUMX QUANTUM R1 Y5 Y9",
        bomb_protected=7,
        joker_protects=8,
        deminer_consolation=9,
        num_x_spared=10,
    )
    assert [(s.bomb_protected, s.joker_protects, s.deminer_consolation) for s in breakdown(state)][
        :4
    ] == [(7, 0, 0), (0, 0, 9), (0, 0, 0), (0, 8, 0)]
    assert breakdown(state)[2].num_x_spared == 10


def test_a_round_score_is_the_sum_of_its_breakdown() -> None:
    score = Score(
        base=1,
        pairs=2,
        bomb_kept=4,
        bomb_protected=8,
        joker_protects=16,
        deminer_captures=32,
        civilian_captures=64,
        num_x_captures=-128,
        deminer_consolation=256,
        num_x_spared=512,
    )
    assert score.total == sum(getattr(score, f.name) for f in attrs.fields(Score))
    assert score.bonus == score.total - 3


# --- totals and winners -----------------------------------------------------------------


def test_scores_add_the_finished_rounds_and_this_rounds_public_points() -> None:
    state = table(
        ["RB5 R8 BOMB", "SH5 R7 QUANTUM", "SH2 R3 NUMX"], lots="BOMB QUANTUM NUMX", leader=0
    )
    state = play(state, "0:play RB5", "1:play SH5")
    assert nw.scores(state) == nw.round_points(state) == (0, 5, 0)
    for seat in (None, 0, 1, 2):
        assert nw.observe(state, seat).scores == (0, 5, 0)


def test_the_game_lasts_as_many_rounds_as_players_and_totals_add_up() -> None:
    # One-card hands: each round is one trick of the three lot cards; NUMX always captures.
    state = deal(["NUMX", "BOMB", "QUANTUM"], seed=9)
    while not nw.is_terminal(state):
        state = nw.apply(state, nw.legal_actions(state)[0])
    assert len(state.history) == 3
    totals = [0, 0, 0]
    for result in state.history:
        assert result.outcome is Outcome.BY_NUM_X
        num_x = result.roles.index(nw.Role.NUM_X)
        assert result.totals == tuple(-10 if s == num_x else 0 for s in range(3))
        totals = [t + r for t, r in zip(totals, result.totals, strict=True)]
    assert nw.scores(state) == tuple(totals)
    assert nw.observe(state, None).scores == tuple(totals)
    best = max(totals)
    assert nw.winners(state) == {s for s in range(3) if totals[s] == best}


def test_equal_best_totals_share_the_win() -> None:
    state = deal(["NUMX", "BOMB", "QUANTUM"], rounds=1, num_x_captures=0)
    state = play(state, "1:play BOMB", "2:play QUANTUM", "0:play NUMX")
    assert nw.scores(state) == (0, 0, 0)
    assert nw.winners(state) == {0, 1, 2}
    assert nw.winners(deal(["NUMX", "BOMB", "QUANTUM"])) == frozenset()


def test_the_deminer_is_consoled_even_for_winning_the_joker_it_played_itself() -> None:
    # Three players: the JOKER is the Deminer's ordinary card. Trick 1 keeps the Bomb;
    # in trick 2 the Deminer leads the JOKER, RB5 is stolen by SH5 and, with no card able
    # to win left, the trick and its JOKER go to the leader.
    state = deal(["BOMB SH5 R3", "Y9 JOKER QUANTUM", "Y2 RB5 NUMX"], rounds=1)
    state = play(state, "1:play Y9", "2:play Y2", "0:play BOMB")
    assert state.bomb is nw.Fate.KEPT
    state = play(state, "1:play JOKER", "2:play RB5", "0:play SH5")
    assert state.won[1] == cards("Y9 Y2 BOMB JOKER")
    state = play(state, "1:play QUANTUM", "2:play NUMX", "0:play R3")
    assert breakdown(state) == (
        Score(pairs=5, bomb_kept=50),
        Score(base=9 + 2, deminer_consolation=20),
        Score(base=3, num_x_spared=30),
    )
