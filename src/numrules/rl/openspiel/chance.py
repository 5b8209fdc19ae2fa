"""What the OpenSpiel games know of each built-in game: its chance, and its length.

OpenSpiel wants chance as nodes with outcomes and probabilities, and a bound on the
length of a game. numrules games hide both in their seed: `new_game(config, seed,
deck=None)` deals the first round from the seed (or from a stacked `deck`), and every
later shuffle (a new round, a recycled pile) derives from the same seed. So:

- **Explicit chance** (`DealRule`): when a config's only randomness is the first deal
  (one round, nothing reshuffled), the OpenSpiel game deals that round card by card
  from chance nodes, each outcome one of the cards not dealt yet, all equally likely,
  until the cards dealt decide the round; the game then starts from `new_game(config,
  0, deck=the cards dealt)` (the seed orders only cards the round never uses).
- **Sampled chance**: otherwise one chance node with a single outcome draws a fresh
  seed from the OpenSpiel game's random generator, and `new_game(config, seed)` deals
  everything from it: later deals are not chance nodes but the state's own seeded
  randomness.

`DEAL_RULES` holds, for each built-in game, which configs are explicit and when a
deal is decided; `LENGTH_BOUNDS` the most decisions (actions and passes, as
`numrules.rl.sequential.Sequential` asks them) a game of a config can take, where the
rules bound it. This knowledge reads `Config` fields by name and imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

import attrs


@attrs.frozen
class DealRule:
    """When a game's first deal is its only randomness, and when a partial deal decides it."""

    single_deal: Callable[[Any, int], bool]
    """`single_deal(config, deck_size)`: whether nothing after the first deal is random
    (one round, no reshuffle), so that the game is the deal plus deterministic play."""
    decided: Callable[[Any, Sequence[Any]], bool]
    """`decided(config, cards)`: whether the first cards of the deck, in dealing order,
    decide the first round (the order of the others never matters to it)."""


def _stackattack_decided(config: Any, cards: Sequence[Any]) -> bool:
    # The hands, then one card per row; the rest of the deck is unused.
    return bool(len(cards) >= config.players * config.hand_size + config.rows)


def _numwars_decided(config: Any, cards: Sequence[Any]) -> bool:
    # Every lot card (each seat's role, in order of appearance) and the non-lot cards of
    # the hands; what remains is set aside, sorted: its order never shows.
    lot = set(config.lot())
    dealt_lot = sum(1 for card in cards if card in lot)
    return dealt_lot == len(lot) and len(cards) - dealt_lot >= config.players * (
        config.hand_size - 1
    )


def _numbounce_single(config: Any, deck_size: int) -> bool:
    # One round, and a turn limit within which the draw pile cannot run out (so the
    # discard is never recycled): each turn takes at most one card.
    one_round = config.rounds == 1 or config.target_wins == 1
    limit = config.max_turns_per_round
    draw_pile = deck_size - config.players * config.hand_size - 1
    return bool(one_round and limit is not None and limit <= draw_pile)


def _numbounce_decided(config: Any, cards: Sequence[Any]) -> bool:
    # The hands, the first discard, then the cards the turns can draw.
    return bool(len(cards) >= config.players * config.hand_size + 1 + config.max_turns_per_round)


def _whole_deck(config: Any, cards: Sequence[Any]) -> bool:
    return False  # every card's place matters: dealt to the last (forced) one


DEAL_RULES: Mapping[str, DealRule] = MappingProxyType(
    {
        "stackattack": DealRule(lambda c, _: c.max_rounds == 1, _stackattack_decided),
        "numwars": DealRule(lambda c, _: c.rounds == 1, _numwars_decided),
        "numbounce": DealRule(_numbounce_single, _numbounce_decided),
        "numstop": DealRule(lambda c, _: c.max_rounds == 1, _whole_deck),
    }
)
"""The explicit deals of the built-in games (a game not listed is always sampled):

- Stack Attack, `max_rounds=1`: the hands and the row cards;
- Num Wars, `rounds=1`: until every lot card and the hands' other cards are dealt;
- Num Bounce, one round (`rounds=1` or `target_wins=1`) with `max_turns_per_round` at
  most the draw pile: the hands, the first discard and that many draw cards;
- Num Stop, `max_rounds=1`: the whole deck (both stocks are drawn to the end).
"""


def _stackattack_length(config: Any) -> int | None:
    # A turn: every seat chooses, then each revealed card owes at most one power decision
    # (SWITCH, BLOCK) and one placement decision (TAKE, SHIELD).
    if config.max_rounds is None:
        return None
    return int(config.max_rounds * config.hand_size * 3 * config.players)


def _numwars_length(config: Any) -> int:
    # Every card of every hand is played, one per decision.
    return int(config.rounds * config.players * config.hand_size)


def _numbounce_length(config: Any) -> int | None:
    # A turn is at most three actions (take, a SHADOW interrupt, its follow-up); before
    # each action at most every other seat is asked about an interrupt and passes. Each
    # round gives a round win, so first-to-K ends within players * (K - 1) + 1 rounds.
    limit = config.max_turns_per_round
    if limit is None:
        return None
    players = config.players
    rounds = config.rounds if config.rounds is not None else players * (config.target_wins - 1) + 1
    return int(rounds * limit * 3 * players)


LENGTH_BOUNDS: Mapping[str, Callable[[Any], int | None]] = MappingProxyType(
    {
        "stackattack": _stackattack_length,
        "numwars": _numwars_length,
        "numbounce": _numbounce_length,
    }
)
"""The most decisions a game of a config can take, where the rules bound it (None: they
do not; a game not listed is not bounded either):

- Stack Attack with `max_rounds`: rounds * hand size * 3 * players;
- Num Wars: rounds * players * hand size (every card is played);
- Num Bounce with `max_turns_per_round`: rounds (first-to-K: players * (K - 1) + 1) *
  turn limit * 3 * players;
- Num Stop: none (draws, locks and action cards leave no simple bound).
"""
