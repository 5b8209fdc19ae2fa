"""The optional native core: the four games in Rust, bit-identical to the Python engines.

The core is a separate package, `numrules-native` (the `native/` folder of the
repository), built by maturin: `pip install ./native`. numrules works the same without
it; with it, `numrules simulate` plays its random and heuristic bots in Rust, and
learning code can walk games through `Handle` objects, far faster than through the
Python engines:

    >>> from numrules import native                       # doctest: +SKIP
    >>> h = native.new_handle("numwars", numwars.Config(players=4), seed=7)
    >>> while not h.is_terminal():
    ...     h = h.apply_id(random.choice(h.legal_action_ids()))
    >>> h.scores(), h.to_state()  # the exact Python State, log included

A handle walks a game one seat at a time exactly as `numrules.rl.sequential` does (the
same ids, the same pass id, the same order of seats), so its `legal_action_ids()` equal
`Sequential.legal_ids` at every step. The pure-Python engines stay the reference: the
differential tests (`tests/native`) play millions of actions through both and compare
them at every step.

Set the environment variable `NUMRULES_NATIVE=0` to make numrules ignore an installed
core (for comparisons and debugging).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from numrules.core.errors import IllegalActionError, Reason
from numrules.core.game import resolve_game

if TYPE_CHECKING:
    from numrules_native import Handle

_core: Any
try:
    import numrules_native as _core
except ImportError:  # the core is optional
    _core = None

__all__ = ["available", "core_games", "evaluates", "handle", "new_handle"]


def _enabled() -> bool:
    return _core is not None and os.environ.get("NUMRULES_NATIVE", "1") != "0"


def available(game: str | None = None) -> bool:
    """Whether the native core is installed and enabled (and plays `game`, if given)."""
    if not _enabled():
        return False
    return game is None or game in core_games()


def core_games() -> frozenset[str]:
    """The names of the games the installed core plays (empty without the core)."""
    if not _enabled():
        return frozenset()
    return frozenset(_core.game_names())


def evaluates(game: str) -> bool:
    """Whether the installed core has `game`'s `Game.evaluate` (False without the core).

    ISMCTS rolls out in the core only a game whose `evaluate` (if it has one) the core
    has too.
    """
    return available(game) and bool(_core.evaluates(resolve_game(game).name))


def _module() -> Any:
    if not _enabled():
        raise ImportError(
            "the native core is not installed (pip install ./native from a checkout of "
            "numrules) or is turned off (NUMRULES_NATIVE=0)"
        )
    return _core


def handle(game: str, state: Any) -> Handle:
    """The native handle of a Python `state` of `game` (nobody asked yet at its step).

    Raises:
        ImportError: the core is not installed or is turned off.
        ValueError: the core does not play `game`, or cannot hold this state (a seed
            outside the 128-bit range).

    """
    return _module().from_state(resolve_game(game).name, state)  # type: ignore[no-any-return]


def new_handle(game: str, config: Any, seed: int) -> Handle:
    """The native handle of `new_game(config, seed)` of `game` (no stacked deck).

    Raises:
        ImportError: the core is not installed or is turned off.
        ValueError: the core does not play `game`.

    """
    return _module().new_game(resolve_game(game).name, config, seed)  # type: ignore[no-any-return]


# An action of a handle's history: (seat, id), or (seat, id, pick) (`Handle.history`).
_Step = tuple[int, int] | tuple[int, int, int | None]


def _action(game: str, state: Any, seat: int, action_id: int, pick: int | None = None) -> Any:
    # The action a handle played: `decode_action`'s for the id, or (a bot's pick among
    # several actions with one id) the `pick`-th of the seat's legal actions with the id.
    g = resolve_game(game)
    assert g.decode_action is not None
    if pick is None:
        return g.decode_action(state, seat, action_id)
    assert g.encode_action is not None
    config = state.config
    same = [a for a in g.legal_actions_for(state, seat) if g.encode_action(config, a) == action_id]
    return same[pick]


def _replay(game: str, state: Any, history: Sequence[_Step]) -> Any:
    # A handle's Python state: its root state, then each action it played.
    g = resolve_game(game)
    for seat, action_id, *pick in history:
        state = g.apply(state, _action(game, state, seat, action_id, *pick))
    return state


def _replay_new(game: str, config: Any, seed: int, history: Sequence[_Step]) -> Any:
    # The Python state of a handle made by `new_handle`.
    return _replay(game, resolve_game(game).new_game(config, seed), history)


def _refusal(game: str, state: Any, seat: int | None, action_id: object) -> Exception:
    # The error the Python engine gives for an id the core refused (`Sequential.step`'s).
    if seat is None:
        return IllegalActionError(action_id, Reason.GAME_OVER, "the game is over")
    g = resolve_game(game)
    assert g.decode_action is not None
    try:
        g.apply(state, g.decode_action(state, seat, action_id))  # type: ignore[arg-type]
    except IllegalActionError as error:
        return error
    return RuntimeError(
        f"the native core refused id {action_id!r} of seat {seat} in {game}, which the Python "
        "engine accepts: please report this bug"
    )
