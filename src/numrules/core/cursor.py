"""The decision cursor: which seat a driver asks next at one step of a game.

Every driver of a game asks the seats of `to_act` for a decision the same way, through
a `DecisionCursor` made from the state: `play_match`, the terminal session of
`numrules play`, the server's bots at a table and the ISMCTS search. The cursor answers
who is asked next, which seats may decline, who has declined, and when the step is over.

- **Order** (`asking_order`). The optional seats (`Game.optional_seats`: out-of-turn
  actions, such as a Num Bounce interrupt) are asked first, starting left of the seat
  that must act and going round the table; the seats that must act come last, in seat
  order. When several seats must act (Stack Attack's simultaneous picks), they are
  asked in seat order, after the optional seats (also in seat order), if any.
- **Declining.** An optional seat may decline (its bot returns None): the next seat is
  asked. The first action returned ends the step; the driver applies it and makes a
  new cursor from the new state.
- **A required seat that declines is an error of that seat:** `decline` raises
  `BotError` naming the seat. `play_match` and the terminal session let it propagate;
  the server treats it as a failure of that seat's bot (logged; its table waits), and
  so does a search whose rollout bot declines a required decision (the error
  propagates).
- **The step is over without an action** (`done`) only when every seat has declined,
  which needs a state whose seats of `to_act` are all optional (no built-in game has
  one): `play_match` and the terminal session raise `BotError`, a search ends its
  rollout there, the server waits for a player.

A cursor is a frozen value: `decline` returns a new cursor, and the one it was called on
still describes the step before that decline.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

import attrs

from numrules.core.errors import BotError, SeatError
from numrules.core.game import AnyGame


def asking_order(game: AnyGame, state: Any) -> tuple[int, ...]:
    """The order in which a driver offers the seats of `to_act` a decision.

    Optional seats (out-of-turn actions) come first, starting left of the seat that must
    act and going round the table; the seats that must act come last, in seat order.
    """
    return _ordered(game.to_act(state), game.optional_seats(state), state.config.players)


def _ordered(seats: frozenset[int], optional: frozenset[int], players: int) -> tuple[int, ...]:
    # `asking_order` from the seats of `to_act`, the optional ones and the number of players.
    if len(seats) == 1 and not optional:  # the common case: one seat must act
        return tuple(seats)
    optional = optional & seats
    required = sorted(seats - optional)
    if not optional:
        return tuple(required)
    mover = required[0] if len(required) == 1 else -1
    ordered = sorted(optional, key=lambda s: (s - mover - 1) % players)
    return (*ordered, *required)


@attrs.frozen(slots=True)
class DecisionCursor:
    """One step of a game as a driver walks it: who is asked next, and who has declined.

    Make one with `DecisionCursor.of(game, state)`; see the module for the order and for
    what a decline means.
    """

    order: tuple[int, ...]
    """The seats of `to_act`, in asking order (`asking_order`)."""
    optional: frozenset[int]
    """The seats of `order` that may act but need not (they may decline)."""
    passed: frozenset[int] = frozenset()
    """The seats of `order` not to be asked again at this step: they declined, or were
    passed over (`passing`)."""

    @staticmethod
    def of(game: AnyGame, state: Any) -> DecisionCursor:
        """The cursor at the start of the step of `state`: nobody asked yet."""
        # frozenset() returns a frozenset as it is, and makes a game's plain set hashable.
        seats, optional = frozenset(game.to_act(state)), frozenset(game.optional_seats(state))
        return _start(seats, optional, state.config.players)

    @property
    def next_seat(self) -> int | None:
        """The seat to ask next, or None when the step is over (`done`)."""
        passed = self.passed
        for seat in self.order:
            if seat not in passed:
                return seat
        return None

    @property
    def pending(self) -> tuple[int, ...]:
        """The seats still to be asked, in asking order (`next_seat` first)."""
        return tuple(seat for seat in self.order if seat not in self.passed)

    @property
    def done(self) -> bool:
        """Whether every seat has declined (or was passed over): nobody is left to ask."""
        return self.next_seat is None

    def decline(self, seat: int) -> DecisionCursor:
        """The step after `seat` declined its decision (its bot returned None).

        Raises:
            BotError: `seat` must act: a required decision may not be declined.
            SeatError: `seat` is not waiting for a decision at this step (it is not in
                `to_act`, or it has already declined).

        """
        if seat not in self.order or seat in self.passed:
            raise SeatError(f"seat {seat} is not waiting for a decision at this step")
        if seat not in self.optional:
            raise BotError(
                f"the bot of seat {seat} declined a required decision "
                "(a bot may return None only when `optional` is True)"
            )
        return DecisionCursor(self.order, self.optional, self.passed | {seat})

    def passing(self, seats: Iterable[int]) -> DecisionCursor:
        """The step with `seats` passed over: they are not asked here, required or not.

        A driver that starts at some seat's decision passes over the seats asked before
        it (a search bot at its own decision: in the real game they had their turn).
        Seats outside `order` are ignored.
        """
        skipped = frozenset(seats).intersection(self.order)
        return DecisionCursor(self.order, self.optional, self.passed | skipped)

    def starting_at(self, seat: int) -> DecisionCursor:
        """The step as it is when `seat` is asked: every seat before it passed over.

        Raises:
            SeatError: `seat` is not in `to_act`.

        """
        if seat not in self.order:
            raise SeatError(f"seat {seat} is not waiting for a decision at this step")
        return self.passing(self.order[: self.order.index(seat)])


@functools.lru_cache(maxsize=4096)
def _start(seats: frozenset[int], optional: frozenset[int], players: int) -> DecisionCursor:
    # The cursor at the start of a step: a value of (to_act, optional seats, players),
    # shared by every state that has them, since drivers make one at every action.
    return DecisionCursor(_ordered(seats, optional, players), optional & seats)
