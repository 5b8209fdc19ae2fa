"""The conformance kit: every check numrules runs on its own games, for any game.

Like PettingZoo's `api_test`, the kit checks a `Game` against the contract of
docs/architecture.md by playing it. A third-party game calls `check_game(GAME)` from
its own tests; numrules' own suite (tests/generic) runs exactly the same checks on
every game of the registry, driving them with Hypothesis. Each check raises
`AssertionError` with a message naming the game (and the seed and step where it
applies) and what went wrong.

The checks come in two registries, by what they need:

- `PLAY_CHECKS`: checks of one played game (a `Trajectory`) and a random source:
  invariants, legality, notation, JSON, hidden information, protocols, rendering,
  action ids, tensors.
- `GAME_CHECKS`: checks of the `Game` alone, which play what they need: bad seats and
  configs, `play_match` and `replay`, other processes, `quick_options`, the report
  figure and the rules page.

One more check needs the game author's help: `check_event_completeness` feeds one
seat's events to a `Tracker` written from the rules, which must rebuild what the
observation shows (`check_game(..., tracker=..., public_part=...)`).

The modules: `played` (random games, the states to look at), `contract` (the rules of
the contract on played games), `hidden` (hidden information, events, sampling),
`notation` (seat-aware notation, `apply_as`), `encoding` (action ids), `tensors` (the
observation tensors), `protocols` (the protocols and the fields every tool reads) and
`robustness` (bad input, other processes).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from numrules.core.errors import UnknownGameError
from numrules.core.game import AnyGame, get_game
from numrules.testing.contract import (
    check_apply_iff_legal,
    check_determinism,
    check_events_recorded,
    check_json_round_trip,
    check_legal_actions_for,
    check_notation,
    check_playout,
    check_refused_after_end,
    check_tampered_json,
)
from numrules.testing.encoding import check_action_encoding, has_encoding
from numrules.testing.hidden import (
    PublicPart,
    Tracker,
    TrackerFactory,
    check_event_completeness,
    check_events_hide_secrets,
    check_observation_hides_cards,
    check_sample_state,
    check_sampling,
    exchanged,
)
from numrules.testing.notation import (
    check_apply_as,
    check_apply_as_refuses,
    check_canonical_spelling,
    check_card_order,
    check_non_action_advice,
    check_parse_action_refuses_bad_seats,
    check_seat_notation,
    check_strings_in_matches,
)
from numrules.testing.played import (
    MAX_STEPS,
    Trajectory,
    play_out,
    play_random,
    sample_states,
)
from numrules.testing.protocols import (
    check_figure,
    check_protocols,
    check_quick_options,
    check_render,
    check_rules,
)
from numrules.testing.robustness import (
    check_config_bounds,
    check_every_player_count_ends,
    check_hash_independence,
    check_nothing_mutable,
    check_observe_refuses_bad_seats,
    check_play_match,
)
from numrules.testing.tensors import check_tensors

PlayCheck = Callable[[Trajectory, random.Random], object]
"""A check of one played game, given a random source for what it samples."""
GameCheck = Callable[[AnyGame], object]
"""A check of a game alone (it plays what it needs)."""


def _apply_iff_legal(trajectory: Trajectory, rnd: random.Random) -> None:
    """`check_apply_iff_legal` on the first, last and 8 random states."""
    states = sample_states(trajectory, rnd, 8)
    check_apply_iff_legal(trajectory.game, trajectory.config, states, rnd)


def _json_round_trip(trajectory: Trajectory, rnd: random.Random) -> None:
    """`check_json_round_trip` on the first, last and 3 random states."""
    check_json_round_trip(trajectory.game, trajectory.config, sample_states(trajectory, rnd, 3))


def _observation_hides_cards(trajectory: Trajectory, rnd: random.Random) -> None:
    """`check_observation_hides_cards` on the first, last and 4 random states."""
    states = sample_states(trajectory, rnd, 4)
    check_observation_hides_cards(trajectory.game, trajectory.config, states, rnd)


def _events_hide_secrets(trajectory: Trajectory, rnd: random.Random) -> None:
    """`check_events_hide_secrets` for every seat and a spectator; some replay compared."""
    seats = [None, *range(trajectory.config.players)]
    compared = sum(check_events_hide_secrets(trajectory, s, rnd, pairs=2) for s in seats)
    assert compared > 0, f"{trajectory.game.name}: no exchange of hidden cards could be replayed"


def _sampling(trajectory: Trajectory, rnd: random.Random) -> None:
    """`check_sampling` on 3 random states, for a game with `sample_state`."""
    if trajectory.game.sample_state is not None:
        check_sampling(trajectory, rnd, count=3)


def _ignore_rnd(check: Callable[[Trajectory], None]) -> PlayCheck:
    # A check of a whole played game, which samples nothing.
    def run(trajectory: Trajectory, rnd: random.Random) -> None:
        check(trajectory)

    run.__doc__ = check.__doc__
    return run


PLAY_CHECKS: Mapping[str, PlayCheck] = MappingProxyType(
    {
        "playout": _ignore_rnd(check_playout),
        "events_recorded": _ignore_rnd(check_events_recorded),
        "notation": _ignore_rnd(check_notation),
        "apply_iff_legal": _apply_iff_legal,
        "refused_after_end": _ignore_rnd(check_refused_after_end),
        "determinism": _ignore_rnd(check_determinism),
        "json_round_trip": _json_round_trip,
        "tampered_json": check_tampered_json,
        "legal_actions_for": check_legal_actions_for,
        "observation_hides_cards": _observation_hides_cards,
        "events_hide_secrets": _events_hide_secrets,
        "sampling": _sampling,
        "seat_notation": check_seat_notation,
        "apply_as": check_apply_as,
        "canonical_spelling": check_canonical_spelling,
        "card_order": check_card_order,
        "protocols": check_protocols,
        "render": check_render,
        "action_encoding": check_action_encoding,
        "tensors": check_tensors,
    }
)
"""Every check of one played game, by name: `check(trajectory, rnd)`."""

GAME_CHECKS: Mapping[str, GameCheck] = MappingProxyType(
    {
        "observe_refuses_bad_seats": check_observe_refuses_bad_seats,
        "config_bounds": check_config_bounds,
        "nothing_mutable": check_nothing_mutable,
        "every_player_count_ends": check_every_player_count_ends,
        "play_match": check_play_match,
        "hash_independence": check_hash_independence,
        "parse_action_refuses_bad_seats": check_parse_action_refuses_bad_seats,
        "apply_as_refuses": check_apply_as_refuses,
        "non_action_advice": check_non_action_advice,
        "strings_in_matches": check_strings_in_matches,
        "quick_options": check_quick_options,
        "figure": check_figure,
        "rules": check_rules,
    }
)
"""Every check of a game alone, by name: `check(game)`."""


def check_trajectory(
    trajectory: Trajectory,
    rnd: random.Random,
    *,
    tracker: TrackerFactory | None = None,
    public_part: PublicPart | None = None,
) -> None:
    """Every check of `PLAY_CHECKS` on one played game (and, given a tracker, completeness)."""
    if tracker is not None and public_part is None:
        raise TypeError("a tracker needs public_part, the same part read from an observation")
    for check in PLAY_CHECKS.values():
        check(trajectory, rnd)
    if tracker is not None and public_part is not None:
        check_event_completeness(trajectory, tracker, public_part)


def check_game(
    game: AnyGame,
    *,
    players: Sequence[int] | None = None,
    games: int = 3,
    seed: int = 0,
    config: Callable[[int], Any] | None = None,
    tracker: TrackerFactory | None = None,
    public_part: PublicPart | None = None,
) -> int:
    """Run every check of the kit on `game`; return the number of random games checked.

    Every check of `GAME_CHECKS` runs once, and every check of `PLAY_CHECKS` on each of
    `games` random games per player count (with a tracker, `check_event_completeness`
    too). These are the checks numrules' own suite runs on its games.

    Args:
        game: the `Game` to check. It must be registered (`numrules.register_game`, or
            installed through its entry point: the JSON checks look it up by name) and
            importable (`check_hash_independence` plays it in another process).
        players: the player counts to play (default: from `min_players` to `max_players`).
        games: random games per player count.
        seed: the first game seed; everything is reproducible from it.
        config: builds the config of the random games for a player count (default:
            `game.Config(players=n)`).
        tracker: a `Tracker` factory for the event completeness check (optional).
        public_part: what the tracker rebuilds, read from an observation.

    Raises:
        AssertionError: a check failed (the message names the game, and the seed and
            step where it applies), or `game` is not the game registered under its name.
        RuntimeError: Python runs with -O, which strips the checks' assertions.

    """
    if not __debug__:
        raise RuntimeError("the conformance kit asserts: run it without python -O")
    if tracker is not None and public_part is None:
        raise TypeError("a tracker needs public_part, the same part read from an observation")
    try:
        known = get_game(game.name)
    except UnknownGameError:
        known = None
    assert known is game, (
        f"{game.name}: the registry holds another game under this name, or none: install "
        "the game (its entry point) or call numrules.register_game(GAME) first"
    )
    for check in GAME_CHECKS.values():
        check(game)
    counts = range(game.min_players, game.max_players + 1) if players is None else players
    build = config if config is not None else (lambda n: game.Config(players=n))
    played = 0
    for n in counts:
        for i in range(games):
            game_seed = seed + 1000 * n + i
            rnd = random.Random(game_seed)
            trajectory = play_random(game, build(n), game_seed, rnd)
            check_trajectory(trajectory, rnd, tracker=tracker, public_part=public_part)
            played += 1
    return played


__all__ = [
    "GAME_CHECKS",
    "MAX_STEPS",
    "PLAY_CHECKS",
    "GameCheck",
    "PlayCheck",
    "PublicPart",
    "Tracker",
    "TrackerFactory",
    "Trajectory",
    "check_action_encoding",
    "check_apply_as",
    "check_apply_as_refuses",
    "check_apply_iff_legal",
    "check_canonical_spelling",
    "check_card_order",
    "check_config_bounds",
    "check_determinism",
    "check_event_completeness",
    "check_events_hide_secrets",
    "check_events_recorded",
    "check_every_player_count_ends",
    "check_figure",
    "check_game",
    "check_hash_independence",
    "check_json_round_trip",
    "check_legal_actions_for",
    "check_non_action_advice",
    "check_notation",
    "check_nothing_mutable",
    "check_observation_hides_cards",
    "check_observe_refuses_bad_seats",
    "check_parse_action_refuses_bad_seats",
    "check_play_match",
    "check_playout",
    "check_protocols",
    "check_quick_options",
    "check_refused_after_end",
    "check_render",
    "check_rules",
    "check_sample_state",
    "check_sampling",
    "check_seat_notation",
    "check_strings_in_matches",
    "check_tampered_json",
    "check_tensors",
    "check_trajectory",
    "exchanged",
    "has_encoding",
    "play_out",
    "play_random",
    "sample_states",
]
