"""Stack Attack: simultaneous secret choices placed into rows, penalty points, action cards.

The rules in plain English are in docs/rules/stackattack.md, how the library models them in
docs/reference/stackattack.md. This package exposes the uniform numrules game API (see
docs/architecture.md)::

    from numrules import stackattack as sa

    state = sa.new_game(sa.Config(players=4), seed=7)
    while not sa.is_terminal(state):
        state = sa.apply(state, sa.legal_actions(state)[0])
    print(sa.scores(state), sa.winners(state))
"""

from numrules.core.events import Event, SeatLog, events
from numrules.core.game import Game, no_optional_seats, packaged_rules, seat_actions
from numrules.core.render import render_rich, render_text
from numrules.stackattack.actions import (
    ACTION_TYPES,
    EXAMPLE,
    Action,
    Block,
    Choose,
    PlaceShield,
    Switch,
    TakeRow,
    parse_action,
)
from numrules.stackattack.cards import (
    DECK_SIZE,
    DEFAULT_POWERS,
    Card,
    Power,
    default_penalty,
    parse_card,
    parse_cards,
)
from numrules.stackattack.chance import CHANCE
from numrules.stackattack.config import MAX_PLAYERS, MIN_PLAYERS, Config
from numrules.stackattack.encoding import (
    decode_action,
    encode_action,
    legal_action_mask,
    num_actions,
)
from numrules.stackattack.event_types import (
    EVENT_TYPES,
    Blocked,
    Chose,
    Dealt,
    Descending,
    GameEnded,
    Placed,
    Revealed,
    RoundEnded,
    RowTaken,
    Switched,
)
from numrules.stackattack.figure import FIGURE
from numrules.stackattack.observation import Observation, hidden_cards, observe
from numrules.stackattack.render import layout as render_layout
from numrules.stackattack.rules import (
    apply,
    is_terminal,
    legal_actions,
    new_game,
    open_rows,
    to_act,
)
from numrules.stackattack.scoring import penalty_points, round_points, scores, winners
from numrules.stackattack.state import DECISIONS, Phase, State, card_zones, check_state, holder
from numrules.stackattack.strategy.bots import HeuristicBot
from numrules.stackattack.strategy.sampling import sample_state
from numrules.stackattack.tensors import (
    TENSORS,
    information_state_layout,
    information_state_tensor,
    observation_layout,
    observation_tensor,
)

legal_actions_for = seat_actions(legal_actions)
"""`legal_actions_for(state, seat)`: one seat's legal actions, in `legal_actions` order."""
optional_seats = no_optional_seats
"""`optional_seats(state)`: always empty (every seat in `to_act` must act)."""


def all_cards(config: Config) -> tuple[Card, ...]:
    """Every card of the deck (1..deck_size)."""
    return config.all_cards()


GAME = Game(
    name="stackattack",
    title="Stack Attack",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    lower_score_wins=True,
    Config=Config,
    State=State,
    Observation=Observation,
    action_types=ACTION_TYPES,
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
    parse_cards=parse_cards,
    all_cards=all_cards,
    card_zones=card_zones,
    hidden_cards=hidden_cards,
    check_state=check_state,
    render=render_layout,
    quick_options={"hand_size": 3, "end_score": 5},
    figure=FIGURE,
    rules=packaged_rules("stackattack"),
    encode_action=encode_action,
    decode_action=decode_action,
    num_actions=num_actions,
    legal_action_mask=legal_action_mask,
    tensors=TENSORS,
    chance=CHANCE,
    optional_seats=optional_seats,
    legal_actions_for=legal_actions_for,
    event_types=EVENT_TYPES,
    events=events,
    sample_state=sample_state,
    bots={"heuristic": HeuristicBot},
)
"""The Stack Attack `Game` bundle (also `numrules.get_game("stackattack")`)."""

__all__ = [
    "ACTION_TYPES",
    "CHANCE",
    "DECISIONS",
    "DECK_SIZE",
    "DEFAULT_POWERS",
    "EVENT_TYPES",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "TENSORS",
    "Action",
    "Block",
    "Blocked",
    "Card",
    "Choose",
    "Chose",
    "Config",
    "Dealt",
    "Descending",
    "Event",
    "GameEnded",
    "HeuristicBot",
    "Observation",
    "Phase",
    "PlaceShield",
    "Placed",
    "Power",
    "Revealed",
    "RoundEnded",
    "RowTaken",
    "SeatLog",
    "State",
    "Switch",
    "Switched",
    "TakeRow",
    "all_cards",
    "apply",
    "card_zones",
    "check_state",
    "decode_action",
    "default_penalty",
    "encode_action",
    "events",
    "hidden_cards",
    "holder",
    "information_state_layout",
    "information_state_tensor",
    "is_terminal",
    "legal_action_mask",
    "legal_actions",
    "legal_actions_for",
    "new_game",
    "num_actions",
    "observation_layout",
    "observation_tensor",
    "observe",
    "open_rows",
    "optional_seats",
    "parse_action",
    "parse_card",
    "parse_cards",
    "penalty_points",
    "render_layout",
    "render_rich",
    "render_text",
    "round_points",
    "sample_state",
    "scores",
    "to_act",
    "winners",
]
