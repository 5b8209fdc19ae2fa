"""The Ray backend against a real local Ray (two CPUs): the same results as one process."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

import numrules
from numrules.apps.cli import _build
from numrules.apps.simulation import game_seed, outcomes, simulate
from numrules.apps.tournament import play_tournament

ray = pytest.importorskip("ray")

STACK = numrules.get_game("stackattack")
SHORT = STACK.Config(players=2, end_score=20)


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    # A local Ray started for these tests only, and always shut down.
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


@pytest.mark.usefixtures("local_ray")
def test_ray_gives_the_same_summary_as_one_process() -> None:
    one = simulate(STACK, SHORT, ["random", "first"], 40, seed=6, workers=1, figures=True)
    on_ray = simulate(
        STACK, SHORT, ["random", "first"], 40, seed=6, backend="ray", workers=2, figures=True
    )
    assert on_ray.backend == "ray"
    assert on_ray == one
    # The outcomes stream back in game order.
    streamed = list(outcomes(STACK, SHORT, ["random", "first"], 40, seed=6, backend="ray"))
    assert [o.index for o in streamed] == list(range(40))
    assert [o.seed for o in streamed] == [game_seed(6, i) for i in range(40)]


@pytest.mark.usefixtures("local_ray")
def test_a_tournament_on_ray_matches_one_process() -> None:
    args = {"games": 6, "players": 2, "seed": 3, "config": SHORT}
    one = play_tournament(STACK, ["random", "first"], **args)
    on_ray = play_tournament(STACK, ["random", "first"], backend="ray", **args)
    assert on_ray.games == one.games
    assert [s.wins for s in on_ray.standings] == [s.wins for s in one.standings]
    assert [s.mu for s in on_ray.standings] == [s.mu for s in one.standings]


@pytest.mark.usefixtures("local_ray")
def test_the_command_runs_on_ray() -> None:
    tables = []
    for backend, expected in ((["-j", "1"], "processes"), (["--backend", "ray"], "ray")):
        result = CliRunner().invoke(
            _build(), ["simulate", "numwars", "-n", "4", "-p", "3", "-s", "2", "--json", *backend]
        )
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        tables.append(data["seats"])
        assert data["backend"] == expected
    assert tables[0] == tables[1]


def test_an_address_needs_the_ray_backend() -> None:
    result = CliRunner().invoke(_build(), ["simulate", "numwars", "--address", "auto"])
    assert result.exit_code == 2
    assert "an address is for the ray backend" in result.output
