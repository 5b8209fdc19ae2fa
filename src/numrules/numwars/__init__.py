"""Num Wars: trick taking with trumps, the steal, a Bomb and secret roles.

The rules in plain English are in docs/rules/numwars.md, how the library models them in
docs/reference/numwars.md. This package exposes the uniform numrules game API (see
docs/architecture.md)::

    from numrules import numwars as nw

    state = nw.new_game(nw.Config(players=5), seed=7)
    while not nw.is_terminal(state):
        state = nw.apply(state, nw.legal_actions(state)[0])
    print(nw.scores(state), nw.winners(state))
    print(state.history[0].scores[0])  # why seat 0 scored what it scored in round 1
    for event in nw.events(state, 0)[:2]:  # the game as seat 0 was told it
        print(event)  # "round 0 is dealt; seat 1 leads; seat 0 is the Deminer and holds ..."
"""

from numrules.core.cards import FamilyCard, NumCard, SpecialCard
from numrules.core.events import Event, SeatLog, events
from numrules.core.game import Game, no_optional_seats, packaged_rules, seat_actions
from numrules.core.render import render_rich, render_text
from numrules.numwars.actions import ACTION_TYPES, EXAMPLE, Action, Play, parse_action
from numrules.numwars.cards import (
    BOMB,
    JOKER,
    NEUTRAL_ONES,
    NUM_X,
    QUANTUM,
    Format,
    Role,
    Suit,
    is_trump,
    parse_card,
    parse_cards,
    partner,
    role_of,
    suit_of,
)
from numrules.numwars.chance import CHANCE
from numrules.numwars.checks import check_state
from numrules.numwars.config import HAND_SIZES, MAX_PLAYERS, MIN_PLAYERS, Config
from numrules.numwars.encoding import (
    decode_action,
    encode_action,
    legal_action_mask,
    num_actions,
)
from numrules.numwars.event_types import (
    EVENT_TYPES,
    BombResolved,
    Dealt,
    GameEnded,
    Played,
    RoundScored,
    Stole,
    TrickWon,
)
from numrules.numwars.figure import FIGURE
from numrules.numwars.observation import Observation, hidden_cards, observe
from numrules.numwars.render import layout as render_layout
from numrules.numwars.rules import apply, dealer, is_terminal, legal_actions, new_game, to_act
from numrules.numwars.scoring import (
    bomb_outcome,
    card_points,
    pair_points,
    round_points,
    round_result,
    scores,
    winners,
)
from numrules.numwars.state import (
    BombOutcome,
    Fate,
    Phase,
    RoundResult,
    RoundScore,
    State,
    card_zones,
    roles,
)
from numrules.numwars.strategy.bots import HeuristicBot
from numrules.numwars.strategy.sampling import sample_state
from numrules.numwars.tensors import (
    TENSORS,
    information_state_layout,
    information_state_tensor,
    observation_layout,
    observation_tensor,
)
from numrules.numwars.tricks import bomb_fate, is_steal, led_suit, legal_plays, winner

legal_actions_for = seat_actions(legal_actions)
"""`legal_actions_for(state, seat)`: one seat's legal actions, in `legal_actions` order."""
optional_seats = no_optional_seats
"""`optional_seats(state)`: always empty (every seat in `to_act` must act)."""


def all_cards(config: Config) -> tuple[NumCard, ...]:
    """Every card of the config's format (82 SHORT or 106 FULL)."""
    return config.all_cards()


GAME = Game(
    name="numwars",
    title="Num Wars",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    lower_score_wins=False,
    Config=Config,
    State=State,
    Observation=Observation,
    action_types=ACTION_TYPES,
    card_types=(FamilyCard, SpecialCard),
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
    quick_options={"rounds": 1, "hand_size": 4},
    figure=FIGURE,
    rules=packaged_rules("numwars"),
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
    bots={"heuristic": HeuristicBot},
    sample_state=sample_state,
)
"""The Num Wars `Game` bundle (also `numrules.get_game("numwars")`)."""

__all__ = [
    "ACTION_TYPES",
    "BOMB",
    "CHANCE",
    "EVENT_TYPES",
    "GAME",
    "HAND_SIZES",
    "JOKER",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NEUTRAL_ONES",
    "NUM_X",
    "QUANTUM",
    "TENSORS",
    "Action",
    "BombOutcome",
    "BombResolved",
    "Config",
    "Dealt",
    "Event",
    "Fate",
    "Format",
    "GameEnded",
    "HeuristicBot",
    "Observation",
    "Phase",
    "Play",
    "Played",
    "Role",
    "RoundResult",
    "RoundScore",
    "RoundScored",
    "SeatLog",
    "State",
    "Stole",
    "Suit",
    "TrickWon",
    "all_cards",
    "apply",
    "bomb_fate",
    "bomb_outcome",
    "card_points",
    "card_zones",
    "check_state",
    "dealer",
    "decode_action",
    "encode_action",
    "events",
    "hidden_cards",
    "information_state_layout",
    "information_state_tensor",
    "is_steal",
    "is_terminal",
    "is_trump",
    "led_suit",
    "legal_action_mask",
    "legal_actions",
    "legal_actions_for",
    "legal_plays",
    "new_game",
    "num_actions",
    "observation_layout",
    "observation_tensor",
    "observe",
    "optional_seats",
    "pair_points",
    "parse_action",
    "parse_card",
    "parse_cards",
    "partner",
    "render_layout",
    "render_rich",
    "render_text",
    "role_of",
    "roles",
    "round_points",
    "round_result",
    "sample_state",
    "scores",
    "suit_of",
    "to_act",
    "winner",
    "winners",
]
