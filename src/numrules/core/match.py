"""The match driver: `play_match` runs a game to its end with one bot per seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from numrules.core.bots import Bot
from numrules.core.errors import ConfigError, NumrulesError
from numrules.core.game import Game, resolve_game
from numrules.core.rng import check_seed


class BotError(NumrulesError):
    """A bot returned something other than one of the actions it was offered."""


class MatchAbortedError(NumrulesError):
    """A match exceeded its `max_actions` limit."""


@attrs.frozen(slots=True)
class MatchResult:
    """The outcome of `play_match`: everything needed to replay and audit the game."""

    game: str
    """The game's registry name."""
    config: Any
    """The game's `Config`."""
    seed: int
    """The seed passed to `new_game`."""
    deck: tuple[Any, ...] | None
    """The stacked first-round deck, if one was given."""
    actions: tuple[Any, ...]
    """Every applied action, in order."""
    final_state: Any
    """The terminal state."""
    scores: tuple[int, ...]
    """`scores(final_state)`."""
    winners: frozenset[int]
    """`winners(final_state)`."""

    def replay(self) -> Any:
        """Rebuild the final state from (config, seed, deck, actions)."""
        return replay(self.game, self.config, self.seed, self.actions, deck=self.deck)


def asking_order(game: Game, state: Any) -> tuple[int, ...]:
    """The order in which the driver offers the seats of `to_act` a decision.

    Optional seats (out-of-turn actions) come first, starting left of the seat that must
    act and going round the table; the seats that must act come last, in seat order.
    """
    seats = game.to_act(state)
    optional = game.optional_seats(state) & seats
    required = sorted(seats - optional)
    if not optional:
        return tuple(required)
    players = state.config.players
    mover = required[0] if len(required) == 1 else -1
    ordered = sorted(optional, key=lambda s: (s - mover - 1) % players)
    return (*ordered, *required)


def play_match(
    game: Game | str,
    config: Any,
    bots: Sequence[Bot],
    seed: int,
    *,
    deck: Sequence[Any] | None = None,
    max_actions: int | None = None,
) -> MatchResult:
    """Play one game to the end, asking each seat's bot in turn.

    At every step the driver offers a decision to the seats of `to_act` in
    `asking_order`; an optional seat may decline (its bot returns None) and the next
    seat is asked. The first action returned is applied, and the driver starts again
    on the new state. Simultaneous choices are thus collected one seat at a time; each
    bot sees only its own observation, so the order reveals nothing.

    Args:
        game: a `Game` or a game name.
        config: the game's `Config`; `config.players` bots are needed.
        bots: one bot per seat.
        seed: the game seed.
        deck: an optional stacked first-round deck (see the game's `new_game`).
        max_actions: raise `MatchAbortedError` after this many actions.

    Raises:
        ConfigError: the number of bots does not match the number of players.
        BotError: a bot returned an action it was not offered, or declined a required one.

    """
    g = resolve_game(game)
    check_seed(seed)
    if len(bots) != config.players:
        raise ConfigError(f"{config.players} players need {config.players} bots, got {len(bots)}")
    state = g.new_game(config, seed, deck)
    log: list[Any] = []
    declined: set[int] = set()
    while not g.is_terminal(state):
        if max_actions is not None and len(log) >= max_actions:
            raise MatchAbortedError(f"the match passed {max_actions} actions without ending")
        optional = g.optional_seats(state)
        legal = g.legal_actions(state)
        for seat in asking_order(g, state):
            if seat in declined:
                continue
            mine = tuple(a for a in legal if a.seat == seat)
            choice = bots[seat].act(g.observe(state, seat), mine, seat in optional)
            if choice is None:
                if seat not in optional:
                    raise BotError(f"the bot of seat {seat} declined a required decision")
                declined.add(seat)
                continue
            if choice not in mine:
                raise BotError(f"the bot of seat {seat} returned {choice!r}, not a legal action")
            state = g.apply(state, choice)
            log.append(choice)
            declined.clear()
            break
        else:
            raise BotError("every seat declined and no seat had to act")
    return MatchResult(
        game=g.name,
        config=config,
        seed=seed,
        deck=None if deck is None else tuple(deck),
        actions=tuple(log),
        final_state=state,
        scores=g.scores(state),
        winners=g.winners(state),
    )


def replay(
    game: Game | str,
    config: Any,
    seed: int,
    actions: Sequence[Any],
    *,
    deck: Sequence[Any] | None = None,
) -> Any:
    """Rebuild a state from (config, seed, deck, actions); raises on any illegal action.

    Each action is an action object or its notation (`"0:choose 55"`, parsed with the
    game's `parse_action`).

    Raises:
        NotationError: a string is not an action of the game.
        IllegalActionError: an action is not legal where it comes.

    """
    g = resolve_game(game)
    state = g.new_game(config, seed, deck)
    for action in actions:
        state = g.apply(state, g.parse_action(action) if isinstance(action, str) else action)
    return state
