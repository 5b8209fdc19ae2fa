"""One seat at a time: how the environments and OpenSpiel ask the seats of any game.

Learning libraries ask one agent at a time for one integer action. numrules games may
expect several seats at once: Stack Attack's simultaneous picks, or a Num Bounce
interrupt that any seat holding the right card may play out of turn. A `Turn` walks
such a step one seat at a time, in the order of the match driver
(`numrules.core.cursor.asking_order`):

- **Optional seats first, then the seats that must act.** The seats asked about an
  optional action are the game's `public_optional_seats(state)`: every seat that might
  have one as far as public information tells, holders or not, starting left of the
  seat that must act. Each answers one of its legal actions' ids or the extra id
  `pass_id` ("I let it pass"); a seat that cannot interrupt has only `pass_id` in its
  mask. So being asked, and the time the answer takes, reveal nothing about its hand.
  Asking only the holders (`optional_seats`) would tell every seat who holds a RAINBOW.
- **Seats that must act answer in seat order.** In a simultaneous step (Stack Attack)
  each one's observation hides the others' choices until the reveal, so asking them one
  after the other gives nobody an advantage.
- **After an action** the step starts again from the new state (everybody may be
  asked again: a Num Bounce seat may interrupt after the mover has taken a card, not
  only when the reference is laid). After `pass_id` the next seat is asked; the state
  does not change.

`pass_id` is `num_actions(config)`, one past the game's own ids, and exists only for a
game with optional seats: `num_ids(config)` counts it. A game whose `optional_seats`
can be non-empty needs `public_optional_seats` to be used here.
"""

from __future__ import annotations

from typing import Any

import attrs

from numrules.core.cursor import asking_order
from numrules.core.errors import ConfigError, IllegalActionError, Reason
from numrules.core.game import no_optional_seats
from numrules.rl.arrays import RLGame


@attrs.frozen
class Turn:
    """A moment of the game as learning code sees it: the state and the seats left to ask.

    Attributes:
        state: the game state.
        order: the seats to ask at this step, in order (the first is asked now); empty
            once the game is over.
        optional: the seats of `order` asked about an optional action (they may answer
            `pass_id`).

    """

    state: Any
    order: tuple[int, ...]
    optional: frozenset[int]

    @property
    def seat(self) -> int | None:
        """The seat asked now, or None when the game is over."""
        return self.order[0] if self.order else None


@attrs.frozen
class Sequential:
    """A game asked one seat at a time (see the module): ids, masks and steps.

    Build it with `Sequential.of(game)`; it holds no game state and serves any number of
    games of any Config.
    """

    rl: RLGame
    has_pass: bool
    """Whether the game has optional seats, so an extra id, `pass_id`, lets one pass."""

    @staticmethod
    def of(rl: RLGame) -> Sequential:
        """The sequential face of a learning game.

        Raises:
            ConfigError: the game has optional seats but no `public_optional_seats`.

        """
        game = rl.game
        has_optional = game.optional_seats is not no_optional_seats
        if has_optional and game.public_optional_seats is None:
            raise ConfigError(
                f"{game.name} has optional seats but no public_optional_seats: asking "
                "only the seats that may act would reveal their cards"
            )
        return Sequential(rl, has_optional)

    def num_ids(self, config: Any) -> int:
        """How many ids an agent may answer: the game's, plus `pass_id` if it has one."""
        return self.rl.num_actions(config) + (1 if self.has_pass else 0)

    def pass_id(self, config: Any) -> int | None:
        """The id that lets an optional decision pass, or None for a game without one."""
        return self.rl.num_actions(config) if self.has_pass else None

    def start(self, state: Any) -> Turn:
        """The turn at `state`: nobody asked yet."""
        game = self.rl.game
        if game.is_terminal(state):
            return Turn(state, (), frozenset())
        public = game.public_optional_seats
        if public is None:
            return Turn(state, asking_order(game, state), game.optional_seats(state))
        optional = public(state)
        required = game.to_act(state) - game.optional_seats(state)
        players = state.config.players
        mover = min(required) if len(required) == 1 else -1
        asked = sorted(optional - required, key=lambda s: (s - mover - 1) % players)
        return Turn(state, (*asked, *sorted(required)), frozenset(asked))

    def legal_ids(self, turn: Turn) -> list[int]:
        """The ids the seat asked now may answer, ascending (empty when the game is over)."""
        seat = turn.seat
        if seat is None:
            return []
        rl = self.rl
        config = turn.state.config
        ids = {rl.encode(config, a) for a in rl.game.legal_actions_for(turn.state, seat)}
        if seat in turn.optional:
            ids.add(rl.num_actions(config))
        return sorted(ids)

    def mask(self, turn: Turn, seat: int) -> list[int]:
        """`seat`'s mask now: 1 at each id it may answer, 0 elsewhere (all 0 if not asked)."""
        mask = [0] * self.num_ids(turn.state.config)
        if seat == turn.seat:
            for action_id in self.legal_ids(turn):
                mask[action_id] = 1
        return mask

    def step(self, turn: Turn, action_id: int) -> Turn:
        """The turn after the seat asked now answers `action_id`.

        Raises:
            IllegalActionError: the game is over, or `action_id` is not one the seat may
                answer now (the turn is unchanged: it is immutable).

        """
        seat = turn.seat
        if seat is None:
            raise IllegalActionError(action_id, Reason.GAME_OVER, "the game is over")
        config = turn.state.config
        if seat in turn.optional and action_id == self.rl.num_actions(config):
            rest = turn.order[1:]
            if rest:
                return Turn(turn.state, rest, turn.optional)
            return self.start(turn.state)  # only optional seats were asked: ask again
        action = self.rl.decode(turn.state, seat, action_id)
        return self.start(self.rl.game.apply(turn.state, action))
