"""The match driver: `play_match` runs a game to its end with one bot per seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from numrules.core.bot import Bot
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import BotError, ConfigError, IllegalActionError, NumrulesError, Reason
from numrules.core.game import AnyGame, resolve_game
from numrules.core.notation import non_action_advice
from numrules.core.rng import check_seed
from numrules.core.validation import quote


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


def check_config(game: AnyGame, config: Any) -> None:
    """Raise `ConfigError` unless `config` is a `Config` of `game`."""
    if not isinstance(config, game.Config):
        got = "None" if config is None else f"{type(config).__module__}.{type(config).__qualname__}"
        raise ConfigError(
            f"config must be a {game.title} Config (e.g. get_game({game.name!r}).Config("
            f"players={game.min_players})), got {got}"
        )


def check_bots(bots: Any, players: int) -> None:
    """Raise `ConfigError` unless `bots` is a sequence of `players` objects with `act`."""
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ConfigError(
            f"bots must be a list of {players} bots (one per seat), got {quote(bots)}"
        )
    if len(bots) != players:
        raise ConfigError(f"{players} players need {players} bots, got {len(bots)}")
    for seat, bot in enumerate(bots):
        if not callable(getattr(bot, "act", None)):
            kind = "a function" if callable(bot) else quote(bot)
            raise ConfigError(
                f"the bot of seat {seat} is {kind}, not a bot: a bot is an object with a "
                "method act(observation, actions, optional) (see docs/bots.md)"
            )


def play_match(
    game: AnyGame | str,
    config: Any,
    bots: Sequence[Bot],
    seed: int,
    *,
    deck: Sequence[Any] | None = None,
    max_actions: int | None = None,
) -> MatchResult:
    """Play one game to the end, asking each seat's bot in turn.

    At every step the driver offers a decision to the seats of `to_act` in
    `asking_order`, through a `DecisionCursor` (see `numrules.core.cursor`): an optional
    seat may decline (its bot returns None) and the next seat is asked. The first action
    returned is applied, and the driver starts again on the new state. Simultaneous
    choices are thus collected one seat at a time; each bot sees only its own
    observation, so the order reveals nothing. A bot whose `needs_observation` attribute
    is False is passed None instead of an observation, which saves building one (see
    docs/bots.md).

    Args:
        game: a `Game` or a game name.
        config: the game's `Config`; `config.players` bots are needed.
        bots: one bot per seat.
        seed: the game seed.
        deck: an optional stacked first-round deck (see the game's `new_game`).
        max_actions: raise `MatchAbortedError` after this many actions.

    Raises:
        UnknownGameError: `game` names no game.
        ConfigError: any bad argument, before the match starts: `config` is not a
            `Config` of `game` (None included), `bots` is not a sequence of one bot per
            seat, a bot has no `act` method (a plain function included), a bad seed or
            deck, a `max_actions` that is not a non-negative int.
        BotError: a bot returned an action it was not offered (a string included), or
            declined a required decision (`DecisionCursor.decline`); or every seat
            declined and none had to act.

    """
    g = resolve_game(game)
    check_config(g, config)
    check_seed(seed)
    check_bots(bots, config.players)
    if max_actions is not None and (type(max_actions) is not int or max_actions < 0):
        raise ConfigError(
            f"max_actions must be None or a non-negative int, got {quote(max_actions)}"
        )
    state = g.new_game(config, seed, deck)
    log: list[Any] = []
    is_terminal, legal_actions, observe, apply = g.is_terminal, g.legal_actions, g.observe, g.apply
    cursor_of = DecisionCursor.of
    # Observations are built only for the bots that read them (see docs/bots.md).
    observes = [getattr(bot, "needs_observation", True) is not False for bot in bots]
    while not is_terminal(state):
        if max_actions is not None and len(log) >= max_actions:
            raise MatchAbortedError(f"the match passed {max_actions} actions without ending")
        cursor = cursor_of(g, state)
        legal = legal_actions(state)
        alone = len(cursor.order) == 1
        while (seat := cursor.next_seat) is not None:
            # With one seat to act, every legal action is that seat's.
            mine = legal if alone else tuple(a for a in legal if a.seat == seat)
            observation = observe(state, seat) if observes[seat] else None
            choice = bots[seat].act(observation, mine, seat in cursor.optional)
            if choice is None:
                cursor = cursor.decline(seat)
                continue
            if choice not in mine:
                raise BotError(_refusal(g, seat, choice))
            state = apply(state, choice)
            log.append(choice)
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
    game: AnyGame | str,
    config: Any,
    seed: int,
    actions: Sequence[Any],
    *,
    deck: Sequence[Any] | None = None,
) -> Any:
    """Rebuild a state from (config, seed, deck, actions).

    Each action is an action object or its notation (`"0:choose 55"`, parsed with the
    game's `parse_action`).

    Raises:
        ConfigError: `config` is not a `Config` of `game`, or a bad seed or deck.
        NotationError: a string is not an action of the game.
        IllegalActionError: an action is refused by `apply`; for an object that is not
            an action of the game the reason is MALFORMED and the detail names its place
            in the log and what to pass instead.

    """
    g = resolve_game(game)
    check_config(g, config)
    if isinstance(actions, str) or not isinstance(actions, Sequence):
        raise ConfigError(f"actions must be a sequence of {g.title} actions, got {quote(actions)}")
    state = g.new_game(config, seed, deck)
    kinds = frozenset(g.action_types)
    for index, item in enumerate(actions):
        action = g.parse_action(item) if isinstance(item, str) else item
        if type(action) not in kinds:
            advice = non_action_advice(action, g.action_types, g.title, g.example)
            raise IllegalActionError(action, Reason.MALFORMED, f"action {index}: {advice}")
        state = g.apply(state, action)
    return state


def _refusal(game: AnyGame, seat: int, choice: Any) -> str:
    # Why a bot's choice is refused, and what it should return instead.
    if choice is not None and type(choice) not in game.action_types:
        what = "a string" if isinstance(choice, str) else type(choice).__name__
        return (
            f"the bot of seat {seat} returned {what} ({quote(choice)}): a bot returns one of the "
            "action objects it is offered (the `actions` argument of act), not notation"
        )
    return f"the bot of seat {seat} returned {quote(choice)}, not one of its legal actions"
