"""High Card: a tiny trick game written against numrules' public API, as a plug-in.

Cards 1..3n for n players; each seat is dealt three. In turn from the leader, each
seat plays a card face up; the highest card wins the trick and leads the next. After
three tricks, most tricks wins. Hands are secret.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from enum import Enum
from typing import ClassVar, NewType

import attrs

from numrules import (
    ConfigError,
    Game,
    IllegalActionError,
    NotationError,
    Reason,
    StateError,
)
from numrules.core.events import EMPTY_LOG, Event, Log, SeatLog, events
from numrules.core.game import action_handler
from numrules.core.notation import split_seat
from numrules.core.render import Layout, Sheet, header, item, result_sentence, seat_names
from numrules.core.rng import arrange_deck, check_seed, derive_seed
from numrules.core.seats import best_seats, check_observer

HAND = 3

EXAMPLE = "0:play 7"
"""One action in full notation, quoted in the messages for what is not an action."""


class Phase(Enum):
    """The game is played, then over."""

    PLAY = "play"
    OVER = "over"


Card = NewType("Card", int)
"""A card is its number (written as a string in JSON)."""


@attrs.frozen(slots=True)
class Config:
    """Only the number of players."""

    players: int = 3

    def __attrs_post_init__(self) -> None:
        if type(self.players) is not int or not 2 <= self.players <= 5:
            raise ConfigError("High Card is for 2 to 5 players")


@attrs.frozen(slots=True)
class Play:
    """Play `card` to the trick."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}:play {self.card}"


@attrs.frozen(slots=True)
class Dealt(Event):
    """Three cards to each seat; each sees only its own."""

    secret: ClassVar[bool] = True
    hands: tuple[tuple[Card, ...] | None, ...]

    def seen_by(self, seat: int | None) -> Dealt:
        return Dealt(tuple(h if s == seat else None for s, h in enumerate(self.hands)))

    def __str__(self) -> str:
        mine = [f"seat {s} holds {' '.join(map(str, h))}" for s, h in enumerate(self.hands) if h]
        return "; ".join(["the cards are dealt", *mine])


@attrs.frozen(slots=True)
class Played(Event):
    """A card played face up."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"


@attrs.frozen(slots=True)
class Won(Event):
    """The highest card takes the trick."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} wins the trick"


@attrs.frozen(slots=True)
class State:
    """Hands, the trick in play order from the leader, and tricks won."""

    config: Config
    hands: tuple[tuple[Card, ...], ...]
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], ...]
    log: Log = EMPTY_LOG

    @property
    def round(self) -> int:
        """High Card is one round."""
        return 0

    @property
    def phase(self) -> Phase:
        """Over once every card is played."""
        return Phase.PLAY if any(self.hands) else Phase.OVER


@attrs.frozen(slots=True)
class Observation:
    """A seat's view: its hand, hand sizes, the trick, the tricks won."""

    seat: int | None
    config: Config
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    won: tuple[tuple[Card, ...], ...]
    to_act: tuple[int, ...]
    scores: tuple[int, ...]
    phase: Phase
    log: SeatLog

    @property
    def round(self) -> int:
        """High Card is one round."""
        return 0


def all_cards(config: Config) -> tuple[Card, ...]:
    """Cards 1..3n."""
    return tuple(Card(c) for c in range(1, HAND * config.players + 1))


def new_game(config: Config, seed: int, deck: Sequence[Card] | None = None) -> State:
    """Deal three cards to each seat."""
    if not isinstance(config, Config):
        raise ConfigError(f"expected a highcard Config, got {config!r}")
    check_seed(seed)
    order = arrange_deck(all_cards(config), derive_seed(seed, "deal"), deck)
    hands = tuple(tuple(sorted(order[s * HAND : (s + 1) * HAND])) for s in range(config.players))
    empty: tuple[tuple[Card, ...], ...] = ((),) * config.players
    log = EMPTY_LOG.record([Dealt(hands)], config.players)
    return State(config, hands, 0, (), empty, log)


def is_terminal(state: State) -> bool:
    """No card left to play."""
    return not any(state.hands)


def to_act(state: State) -> frozenset[int]:
    """The next seat after those that played to the trick."""
    if is_terminal(state):
        return frozenset()
    return frozenset({(state.leader + len(state.trick)) % state.config.players})


def legal_actions(state: State) -> tuple[Play, ...]:
    """Any card of the hand of the seat to play."""
    return tuple(Play(seat, card) for seat in to_act(state) for card in state.hands[seat])


def _play(state: State, action: Play) -> State:
    (seat,) = to_act(state)
    if action.seat != seat:
        raise IllegalActionError(action, Reason.NOT_YOUR_TURN, f"seat {seat} plays now")
    if type(action.card) is not int or action.card not in state.hands[seat]:
        raise IllegalActionError(action, Reason.CARD_NOT_HELD, "not a card of the hand")
    n = state.config.players
    hands = list(state.hands)
    hands[seat] = tuple(c for c in hands[seat] if c != action.card)
    trick = (*state.trick, action.card)
    ev: list[Event] = [Played(seat, action.card)]
    leader, won = state.leader, state.won
    if len(trick) == n:
        winner = (leader + trick.index(max(trick))) % n
        ev.append(Won(winner))
        won = (*won[:winner], won[winner] + trick, *won[winner + 1 :])
        leader, trick = winner, ()
    return State(state.config, tuple(hands), leader, trick, won, state.log.record(ev, n))


def apply(state: State, action: Play) -> State:
    """The state after `action`."""
    handler = action_handler(
        {Play: _play},
        action,
        title="High Card",
        example=EXAMPLE,
        over=is_terminal(state),
        players=state.config.players,
    )
    return handler(state, action)


def scores(state: State) -> tuple[int, ...]:
    """Tricks won."""
    return tuple(len(w) // state.config.players for w in state.won)


def winners(state: State) -> frozenset[int]:
    """Most tricks, once over."""
    return best_seats(scores(state)) if is_terminal(state) else frozenset()


def observe(state: State, seat: int | None) -> Observation:
    """What `seat` may know."""
    check_observer(seat, state.config.players)
    return Observation(
        seat,
        state.config,
        () if seat is None else tuple(sorted(state.hands[seat])),
        tuple(map(len, state.hands)),
        state.leader,
        state.trick,
        state.won,
        tuple(sorted(to_act(state))),
        scores(state),
        state.phase,
        state.log.view(seat),
    )


def layout(observation: Observation) -> Layout:
    """The table: the trick, each seat's tricks, the observing seat's hand."""
    sheet = Sheet()
    header(sheet, "High Card", f"leader: seat {observation.leader}", seat=observation.seat)
    sheet.wrap("Trick: ", [item(str(card)) for card in observation.trick])
    for seat, tricks in enumerate(observation.scores):
        held = observation.hand_sizes[seat]
        sheet.line(f"seat {seat}: {tricks} tricks won, {held} cards in hand")
    if observation.seat is not None:
        sheet.wrap("Your hand: ", [item(str(card)) for card in observation.hand])
    if observation.phase is Phase.OVER:
        sheet.line(result_sentence(observation.scores, observation.seat, unit="trick"))
    else:
        sheet.line(f"To play: {seat_names(observation.to_act, observation.seat)}")
    return sheet.layout()


def hidden_cards(state: State, seat: int | None) -> frozenset[Card]:
    """The other hands."""
    check_observer(seat, state.config.players)
    return frozenset(c for s, h in enumerate(state.hands) if s != seat for c in h)


def card_zones(state: State) -> dict[str, tuple[Card, ...]]:
    """Hands, trick, won piles."""
    zones = {f"hand:{s}": h for s, h in enumerate(state.hands)}
    zones.update({f"won:{s}": w for s, w in enumerate(state.won)})
    zones["trick"] = state.trick
    return zones


def check_state(state: State) -> None:
    """Every card exactly once."""
    cards = sorted(c for zone in card_zones(state).values() for c in zone)
    if cards != list(all_cards(state.config)):
        raise StateError("the cards are not the deck, each once")


def parse_card(text: str) -> Card:
    """A card is its number."""
    if not isinstance(text, str) or not re.fullmatch(r"[1-9][0-9]?", text):
        raise NotationError(f"{text!r} is not a High Card card")
    return Card(int(text))


def parse_action(text: str, seat: int | None = None) -> Play:
    """`0:play 7` (or `play 7` with `seat`), in any case and spacing."""
    named, rest = split_seat(text, seat, example=EXAMPLE)
    match = re.fullmatch(r"play\s+([1-9][0-9]?)", rest, re.IGNORECASE)
    if match is None:
        raise NotationError(f"{text!r} is not a High Card action (e.g. {EXAMPLE!r})")
    return Play(named, Card(int(match[1])))


GAME = Game(
    name="highcard",
    title="High Card",
    min_players=2,
    max_players=5,
    lower_score_wins=False,
    Config=Config,
    State=State,
    Observation=Observation,
    action_types=(Play,),
    card_types=(Card,),
    new_game=new_game,
    legal_actions=legal_actions,
    to_act=to_act,
    apply=apply,
    is_terminal=is_terminal,
    scores=scores,
    winners=winners,
    observe=observe,
    parse_action=parse_action,
    example=EXAMPLE,
    parse_card=parse_card,
    parse_cards=lambda text: tuple(map(parse_card, text.split())),
    all_cards=all_cards,
    card_zones=card_zones,
    hidden_cards=hidden_cards,
    check_state=check_state,
    render=layout,
    quick_options={},
    event_types=(Dealt, Played, Won),
    events=events,
)
