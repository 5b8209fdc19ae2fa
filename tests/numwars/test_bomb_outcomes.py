"""The Bomb-outcome measurement script runs and its counts add up."""

from __future__ import annotations

import pytest

from numrules import numwars as nw
from tests.numwars.bomb_outcomes import main, measure


def test_every_round_has_exactly_one_bomb_outcome() -> None:
    tally = measure(rounds=30, players=5, seed=1)
    assert sum(tally.outcomes.values()) == 30
    captured = 30 - tally.outcomes[nw.BombOutcome.KEPT] - tally.outcomes[nw.BombOutcome.PROTECTED]
    assert sum(tally.capture_cards.values()) == captured
    # Num-X gets +30 exactly when neither a Civilian nor the Num-X player captured.
    not_spared = (
        tally.outcomes[nw.BombOutcome.BY_CIVILIAN] + tally.outcomes[nw.BombOutcome.BY_NUM_X]
    )
    assert tally.spared == 30 - not_spared
    assert tally.capture_cards["NUMX"] <= tally.outcomes[nw.BombOutcome.BY_NUM_X]


def test_the_script_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--rounds", "5", "--players", "3"])
    out = capsys.readouterr().out
    assert "5 random 3-player rounds" in out
    assert "by_deminer" in out
