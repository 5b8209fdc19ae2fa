"""Third-party games: the conformance kit on a plug-in game, and entry-point discovery.

The kit must pass the High Card plug-in as it is, and catch each kind of breakage of
the contract in a copy of it: a leak, a protocol member missing or of the wrong type,
a renderer that is not one, quick options that are not quick, a rules page without
its heading, a figure that counts nothing. tests/test_plugin_end_to_end.py runs the
installed plug-in through every application.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import numrules
from numrules import testing
from numrules.core.figure import FigureKind, ReportFigure
from tests.plugged import Tracker, highcard, install, public_part, registered, run_cli


@pytest.fixture
def game() -> Iterator[Any]:
    with registered() as plugged:
        yield plugged


def test_the_conformance_kit_passes_on_a_third_party_game(game: Any) -> None:
    played = testing.check_game(game, games=2, tracker=Tracker, public_part=public_part)
    assert played == 2 * 4


def test_check_game_runs_every_check_of_the_kit(game: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # What tests/generic runs (the two registries and completeness) is what check_game runs.
    ran: Counter[str] = Counter()

    def recording(name: str) -> Callable[..., object]:
        # Counts the calls only: the test above runs the checks themselves.
        def run(*args: Any) -> object:
            ran[name] += 1
            return None

        return run

    plays = {name: recording(name) for name in testing.PLAY_CHECKS}
    alone = {name: recording(name) for name in testing.GAME_CHECKS}
    monkeypatch.setattr(testing, "PLAY_CHECKS", plays)
    monkeypatch.setattr(testing, "GAME_CHECKS", alone)
    monkeypatch.setattr(testing, "check_event_completeness", recording("completeness"))
    played = testing.check_game(
        game, players=[2, 3], games=2, tracker=Tracker, public_part=public_part
    )
    assert played == 4
    assert ran == Counter({**dict.fromkeys(plays, 4), **dict.fromkeys(alone, 1), "completeness": 4})


def played(game: Any, players: int = 3, seed: int = 1) -> testing.Trajectory:
    return testing.play_random(game, game.Config(players=players), seed, random.Random(seed))


def test_the_kit_catches_a_leak(game: Any) -> None:
    def leaky(state: Any, seat: int | None) -> Any:
        seen = highcard.observe(state, seat)
        return attrs.evolve(seen, hand=state.hands[0])

    broken = attrs.evolve(game, observe=leaky)
    trajectory = played(broken)
    with pytest.raises(AssertionError, match="sees hidden cards"):
        testing.check_observation_hides_cards(
            broken, trajectory.config, trajectory.states[:1], random.Random(0)
        )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"to_act": [0]}, "to_act is not a tuple"),
        ({"to_act": (2, 0)}, "is not sorted"),
        ({"scores": (0,)}, "scores for 3 players"),
        ({"scores": (0.0, 0.0, 0.0)}, "hold non-ints"),
        ({"phase": "play"}, "phase is not an Enum"),
        ({"log": ()}, "log is not a SeatLog"),
        ({"seat": 7}, "observation.seat is 7"),
    ],
)
def test_the_kit_catches_an_observation_off_the_protocol(
    game: Any, change: dict[str, Any], message: str
) -> None:
    def observe(state: Any, seat: int | None) -> Any:
        seen = highcard.observe(state, seat)
        return attrs.evolve(seen, **change) if seat is not None else seen

    broken = attrs.evolve(game, observe=observe)
    with pytest.raises(AssertionError, match=message):
        testing.check_protocols(played(broken), random.Random(0))


def test_the_kit_catches_a_state_off_the_protocol(game: Any) -> None:
    @attrs.frozen
    class Rounded(highcard.State):
        """A state whose round is not an int."""

        @property
        def round(self) -> Any:
            return "first"

    def new_game(config: Any, seed: int, deck: Any = None) -> Any:
        return Rounded(*attrs.astuple(highcard.new_game(config, seed, deck), recurse=False))

    broken = attrs.evolve(game, State=Rounded, new_game=new_game)
    config = highcard.Config(players=3)
    trajectory = testing.Trajectory(broken, config, 1, (new_game(config, 1),), ())
    with pytest.raises(AssertionError, match="round is 'first', not an int"):
        testing.check_protocols(trajectory, random.Random(0))


def test_the_kit_catches_a_renderer_that_is_not_one(game: Any) -> None:
    broken = attrs.evolve(game, render=str)
    with pytest.raises(AssertionError, match="render gives str"):
        testing.check_render(played(broken), random.Random(0))


def test_the_kit_catches_a_renderer_other_than_the_registered_one(game: Any) -> None:
    # Terminal play, the viewer and the server find the renderer through the registry
    # (`layout_of`): the Game checked must be the one registered under its name.
    def misplaced(observation: Any) -> Any:
        leader = (observation.leader + 1) % observation.config.players
        return highcard.layout(attrs.evolve(observation, leader=leader))

    broken = attrs.evolve(game, render=misplaced)
    with pytest.raises(AssertionError, match="layout_of finds another render"):
        testing.check_render(played(broken), random.Random(0))


def test_the_kit_catches_quick_options_that_are_not_quick(game: Any) -> None:
    testing.check_quick_options(game)
    endless = attrs.evolve(
        game,
        is_terminal=lambda state: False,
        legal_actions=lambda state: (highcard.Play(0, highcard.Card(1)),),
        apply=lambda state, action: state,
    )
    with pytest.raises(AssertionError, match="no end after 2000"):
        testing.check_quick_options(endless)


def test_the_kit_catches_a_rules_page_without_its_heading(game: Any) -> None:
    testing.check_rules(attrs.evolve(game, rules=lambda: "# High Card\n\nPlay high."))
    for page, message in [
        ("High Card\n=========\n", "does not start with '# '"),
        ("# Low Card\n", "does not name it"),
    ]:
        with pytest.raises(AssertionError, match=message):
            testing.check_rules(attrs.evolve(game, rules=lambda p=page: p))


def count_tricks(events: tuple[Any, ...]) -> Counter[tuple[str, int | str]]:
    """Tricks (`"tricks"`) by the card that won them."""
    counts: Counter[tuple[str, int | str]] = Counter()
    trick: list[int] = []
    for event in events:
        if isinstance(event, highcard.Played):
            trick.append(event.card)
        elif isinstance(event, highcard.Won):
            counts["tricks", max(trick)] += 1
            trick = []
    return counts


def test_the_kit_checks_a_figure_that_counts_from_events(game: Any) -> None:
    figure = ReportFigure(
        title="High Card: winning cards",
        count=count_tricks,
        kind=FigureKind.BARS,
        series="tricks",
        xlabel="the winning card",
        ylabel="tricks",
    )
    testing.check_figure(attrs.evolve(game, figure=figure))
    for broken, message in [
        (attrs.evolve(figure, title="Winning cards"), "title does not name it"),
        (attrs.evolve(figure, series="rounds"), "is none of"),
        (attrs.evolve(figure, count=lambda events: Counter()), "nothing to draw"),
        (
            attrs.evolve(figure, count=lambda events: Counter({("tricks", id(events)): 1})),
            "counting again differs|copies of the events",
        ),
    ]:
        with pytest.raises(AssertionError, match=message):
            testing.check_figure(attrs.evolve(game, figure=broken))


def test_a_game_without_sample_state_is_offered_no_sampling_bot(game: Any) -> None:
    # ISMCTS searches over sampled states: High Card offers none, so the bot is neither
    # listed (the server's game list, the command line) nor accepted for a seat.
    assert numrules.bot_names(game) == ("random", "first")
    for spec in ("ismcts", "ismcts?iterations=10"):
        with pytest.raises(numrules.ConfigError, match="needs sample_state, which High Card"):
            numrules.check_bot(spec, game)
    with pytest.raises(numrules.ConfigError, match="needs sample_state"):
        numrules.make_bot("ismcts", 0, game)
    assert "ismcts" in numrules.bot_names(numrules.get_game("stackattack"))


def test_a_broken_installed_game_is_skipped_with_a_warning(tmp_path: Path) -> None:
    install(tmp_path, "nosuch = numrules_nosuch_module:GAME")
    listed = run_cli(tmp_path, "games")
    assert listed.returncode == 0, listed.stderr
    assert "stackattack" in listed.stdout
    assert "cannot load game 'nosuch'" in listed.stderr


def test_check_game_needs_the_game_registered() -> None:
    with pytest.raises(AssertionError, match="register_game"):
        testing.check_game(highcard.GAME)
