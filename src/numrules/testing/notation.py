"""Input a server can trust and a person can type: seat-aware notation and `apply_as`.

- `check_seat_notation`: `parse_action(text, seat=...)` reads a bare text as that
  seat's, and refuses a prefix naming another seat; without `seat` the prefix is needed.
- `check_apply_as`: `apply_as` applies text and objects as the sending seat only.
- `check_canonical_spelling`: any spelling of an action (case, spacing, card order)
  parses to it, and prints canonically.
- `check_card_order`: every order of the cards of a multi-card action is that action.
- Checks on the game alone: `check_parse_action_refuses_bad_seats`,
  `check_apply_as_refuses`, `check_non_action_advice` (what `apply` says of a string or
  other non-action) and `check_strings_in_matches` (what `replay` and `play_match` say).
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Sequence
from typing import Any

import attrs

from numrules.core.errors import (
    BotError,
    ConfigError,
    IllegalActionError,
    NotationError,
    Reason,
    SeatError,
)
from numrules.core.game import AnyGame, apply_as
from numrules.core.match import play_match, replay
from numrules.testing.played import Trajectory, first_game, open_states, raises

PERMUTATIONS = 24
"""The most orders of one multi-card action `check_card_order` tries (chosen at random)."""


def unprefixed(action: Any) -> str:
    """The notation of `action` without its `<seat>:` prefix (which must be its seat)."""
    prefix, colon, rest = str(action).partition(":")
    assert colon, f"{action}: the notation has no '<seat>:' prefix"
    assert prefix == str(action.seat), f"{action}: the prefix is not seat {action.seat}"
    return rest


def _other(seat: int, players: int) -> int:
    return (seat + 1) % players


def check_seat_notation(trajectory: Trajectory, rnd: random.Random, count: int = 8) -> int:
    """Every legal action of `count` random states parses for its seat; the number checked.

    `parse_action(bare, seat=s)`, `parse_action(bare, s)`, the full notation with `seat`
    and the prefix spelled with spaces all give the action; the full notation with
    another seat is a `NotationError` naming both seats, and bare text without a seat
    is a `NotationError` saying it names no seat.
    """
    game = trajectory.game
    players = trajectory.config.players
    checked = 0
    for state in open_states(trajectory, rnd, count):
        for action in game.legal_actions(state):
            seat, bare = action.seat, unprefixed(action)
            what = f"{game.name}: {action}"
            assert game.parse_action(bare, seat=seat) == action, f"{what}: bare with its seat"
            assert game.parse_action(bare, seat) == action, f"{what}: seat passed by position"
            assert game.parse_action(str(action), seat=seat) == action, f"{what}: with its seat"
            spaced = f" {seat} : {bare} "
            assert game.parse_action(spaced, seat=seat) == action, f"{what}: as {spaced!r}"
            other = _other(seat, players)
            raises(
                NotationError,
                f"{what} read for seat {other}",
                game.parse_action,
                str(action),
                other,
                match=f"action of seat {seat}, not of seat {other}",
            )
            raises(
                NotationError,
                f"{what} without its prefix nor a seat",
                game.parse_action,
                bare,
                match="names no seat",
            )
            checked += 1
    assert checked, f"{game.name}: no action to check"
    return checked


def check_apply_as(trajectory: Trajectory, rnd: random.Random, count: int = 4) -> None:
    """`apply_as(game, state, seat, x)` applies `x` as `seat`'s action, never another's.

    Bare text, full notation and the object give `apply(state, action)` from the
    action's seat. From another seat: the full notation is a `NotationError`, the object
    is refused (NOT_YOUR_TURN, saying who sent it), and the bare text is read as the
    sender's own, applied only if that is legal.
    """
    game = trajectory.game
    players = trajectory.config.players
    for state in open_states(trajectory, rnd, count):
        legal = game.legal_actions(state)
        for action in legal:
            seat, other, bare = action.seat, _other(action.seat, players), unprefixed(action)
            what = f"{game.name}: apply_as {action}"
            expected = game.apply(state, action)
            assert apply_as(game, state, seat, bare) == expected, f"{what}: bare text"
            assert apply_as(game.name, state, seat, str(action)) == expected, f"{what}: text"
            assert apply_as(game, state, seat, action) == expected, f"{what}: the object"
            raises(
                NotationError,
                f"{what} sent by seat {other}",
                apply_as,
                game,
                state,
                other,
                str(action),
                match=f"not of seat {other}",
            )
            error = raises(
                IllegalActionError,
                f"{what} (the object) sent by seat {other}",
                apply_as,
                game,
                state,
                other,
                action,
                match=f"seat {other} sent it",
            )
            assert isinstance(error, IllegalActionError)
            assert error.reason is Reason.NOT_YOUR_TURN, f"{what}: {error.reason}"
            try:
                after = apply_as(game, state, other, bare)
            except (IllegalActionError, NotationError):
                continue
            own = game.parse_action(bare, seat=other)
            assert own in legal, f"{what}: seat {other}'s text applied, but not legal for it"
            assert after == game.apply(state, own), f"{what}: applied as another seat's"


def _card_fields(action: Any, deck: set[Any]) -> list[tuple[Any, ...]]:
    # The values of the action's fields that are tuples of two or more cards.
    found = []
    for field in attrs.fields(type(action)):
        value = getattr(action, field.name)
        if isinstance(value, tuple) and len(value) >= 2 and all(card in deck for card in value):
            found.append(value)
    return found


def respell(action: Any, deck: set[Any], rnd: random.Random) -> str:
    """The notation of `action` with its card tokens shuffled, in random case and spacing.

    The cards of one multi-card field are shuffled among themselves; every token may be
    lower-cased, and spaces are doubled or added at the ends at random.
    """
    tokens = str(action).replace(":", ": ").split()
    fields = _card_fields(action, deck)
    if len(fields) == 1:
        cards = {str(card) for card in fields[0]}
        places = [i for i, token in enumerate(tokens) if token in cards]
        shuffled = [tokens[i] for i in places]
        rnd.shuffle(shuffled)
        for i, token in zip(places, shuffled, strict=True):
            tokens[i] = token
    tokens = [t.lower() if rnd.random() < 0.3 else t for t in tokens]
    return " " * rnd.randrange(2) + (" " * rnd.randint(1, 2)).join(tokens) + " "


def check_canonical_spelling(trajectory: Trajectory, rnd: random.Random, count: int = 60) -> None:
    """Any spelling of a legal action (`respell`) parses to it and prints canonically."""
    game = trajectory.game
    deck = set(game.all_cards(trajectory.config))
    states = trajectory.states[:-1]
    for state in rnd.sample(states, min(count, len(states))):
        for action in game.legal_actions(state):
            text = respell(action, deck, rnd)
            parsed = game.parse_action(text)
            assert parsed == action, f"{game.name}: {text!r} parses as {parsed}, not {action}"
            assert str(parsed) == str(action), f"{game.name}: {text!r} prints as {parsed}"
            again = game.parse_action(unprefixed(action), seat=action.seat)
            assert str(again) == str(action), f"{game.name}: {action} prints as {again}"


def check_card_order(trajectory: Trajectory, rnd: random.Random, limit: int = 60) -> int:
    """Every order of the cards of a multi-card action is that same action.

    For up to `limit` legal actions with one field holding two or more cards, the
    notation with those cards in another order (up to `PERMUTATIONS` orders) parses to
    the action and prints canonically. Returns the number of actions checked (0 for a
    game without multi-card actions).
    """
    game = trajectory.game
    deck = set(game.all_cards(trajectory.config))
    seen = 0
    states = list(trajectory.states[:-1])
    rnd.shuffle(states)
    for state in states:
        for action in game.legal_actions(state):
            fields = _card_fields(action, deck)
            text = str(action)
            joined = " ".join(map(str, fields[0])) if len(fields) == 1 else ""
            if not joined or text.count(joined) != 1:
                continue
            orders = list(itertools.permutations(fields[0]))
            for order in rnd.sample(orders, min(PERMUTATIONS, len(orders))):
                respelled = text.replace(joined, " ".join(map(str, order)))
                parsed = game.parse_action(respelled)
                assert parsed == action, f"{game.name}: {respelled!r} parses as {parsed}"
                assert str(parsed) == text, f"{game.name}: {respelled!r} prints as {parsed}"
            seen += 1
            if seen >= limit:
                return seen
    return seen


def check_parse_action_refuses_bad_seats(game: AnyGame) -> None:
    """`parse_action(text, seat=bad)` is a `SeatError`; junk and empty text `NotationError`."""
    action = first_game(game).actions[0]
    for bad in (-1, True, "0", 1.0):
        what = f"{game.name}: parse_action with seat={bad!r}"
        raises(SeatError, what, game.parse_action, unprefixed(action), bad)
    for text in (None, "", "0:"):
        raises(NotationError, f"{game.name}: parse_action({text!r}, 0)", game.parse_action, text, 0)


def check_apply_as_refuses(game: AnyGame) -> None:
    """`apply_as` refuses a bad seat, junk and text that is not notation, each typed.

    A bad seat is a `SeatError`, an object that is no action an `IllegalActionError`
    (MALFORMED), text that is not notation a `NotationError`.
    """
    state = game.new_game(game.Config(players=game.min_players), 0)
    action = game.legal_actions(state)[0]
    for bad in (-1, game.min_players, True, "0", None):
        raises(
            SeatError,
            f"{game.name}: apply_as from seat {bad!r}",
            apply_as,
            game,
            state,
            bad,
            action,
        )
    for junk in (None, 3, (str(action),), object()):
        what = f"{game.name}: apply_as of {junk!r}"
        error = raises(IllegalActionError, what, apply_as, game, state, action.seat, junk)
        assert isinstance(error, IllegalActionError)
        assert error.reason is Reason.MALFORMED, f"{game.name}: {junk!r} is {error.reason}"
    what = f"{game.name}: apply_as of 'fly away'"
    raises(NotationError, what, apply_as, game, state, action.seat, "fly away")


def _suggested(message: str) -> str:
    found = re.search(r"parse_action\('([^']*)'\)", message)
    assert found, f"no parse_action('...') advice in {message!r}"
    return found[1]


def _refusal(game: AnyGame, state: Any, thing: Any) -> IllegalActionError:
    error = raises(IllegalActionError, f"{game.name}: apply {thing!r}", game.apply, state, thing)
    assert isinstance(error, IllegalActionError)
    return error


def check_non_action_advice(game: AnyGame) -> None:
    """`apply` refuses a string or another non-action as MALFORMED, saying what to pass.

    The notation of a legal action is answered with `parse_action('<it>')`; other text
    with the game's own example, which parses; anything else names the game and its
    action classes; an action class itself is "not the class itself".
    """
    state = game.new_game(game.Config(players=game.min_players), 0)
    action = game.legal_actions(state)[0]
    error = _refusal(game, state, str(action))
    assert error.reason is Reason.MALFORMED, f"{game.name}: a string is {error.reason}"
    assert "pass an action object, not a string" in error.detail, error.detail
    assert _suggested(error.detail) == str(action), error.detail
    for text in ("hello", unprefixed(action)):
        example = _suggested(_refusal(game, state, text).detail)
        parsed = game.parse_action(example)
        assert isinstance(parsed, game.action_types), f"{game.name}: the example {example!r}"
    error = _refusal(game, state, 42)
    assert error.reason is Reason.MALFORMED, f"{game.name}: 42 is {error.reason}"
    assert f"not a {game.title} action" in error.detail, error.detail
    assert type(action).__name__ in error.detail, error.detail
    assert "not the class itself" in str(_refusal(game, state, type(action)))


class _Typist:
    # A bot that answers with the notation of its first action, not the action.
    def act(self, observation: Any, actions: Sequence[Any], optional: bool) -> Any:
        return str(actions[0])


def check_strings_in_matches(game: AnyGame) -> None:
    """Strings where actions are expected: read as notation, or refused saying why.

    `replay` reads notation like actions, says where junk is, and refuses one string
    for the actions (`ConfigError`); `play_match` refuses a bot that answers with a
    string (`BotError`).
    """
    played = first_game(game, seed=0)
    config, actions = played.config, played.actions[:4]
    texts = [str(a) for a in actions]
    assert replay(game, config, 0, texts) == replay(game, config, 0, actions), (
        f"{game.name}: replay of notation differs from replay of the actions"
    )
    junk: Any = {"seat": 0}
    what = f"{game.name}: replay with junk"
    error = raises(IllegalActionError, what, replay, game, config, 0, [actions[0], junk])
    assert isinstance(error, IllegalActionError)
    assert error.reason is Reason.MALFORMED, f"{game.name}: junk is {error.reason}"
    assert error.detail.startswith(f"action 1: not a {game.title} action"), error.detail
    raises(ConfigError, f"{game.name}: replay of one string", replay, game, config, 0, texts[0])
    raises(
        BotError,
        f"{game.name}: a bot answering with strings",
        play_match,
        game,
        config,
        [_Typist()] * config.players,
        0,
        match=r"returned a string .* offered .* not notation",
    )
