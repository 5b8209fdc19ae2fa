"""Num Bounce: climb or go down, interrupt out of turn, be the first with an empty hand.

The rules in plain English are in docs/rules/numbounce.md, how the library models them in
docs/reference/numbounce.md. This package exposes the uniform numrules game API (see
docs/architecture.md)::

    from numrules import numbounce as nb

    state = nb.new_game(nb.Config(players=4), seed=7)
    while not nb.is_terminal(state):
        state = nb.apply(state, nb.legal_actions(state)[0])
    print(nb.scores(state), nb.winners(state))

Interrupts are out-of-turn actions: `to_act(state)` holds the seat to move and every
seat that may interrupt now, and `optional_seats(state)` the seats that may let it pass.
Both are secret (they tell who holds a RAINBOW or SHADOW); `observe(state, seat).to_act`
is the public view (the seat to move, plus the observer itself if it may interrupt).
"""

from numrules.core.cards import FamilyCard, NumCard, SpecialCard
from numrules.core.events import Event, SeatLog, events
from numrules.core.game import Game, packaged_rules, seat_actions
from numrules.core.render import render_rich, render_text
from numrules.numbounce.actions import (
    ACTION_TYPES,
    EXAMPLE,
    Action,
    Decline,
    Discard,
    Interrupt,
    Keep,
    NumX,
    Pass,
    Play,
    Take,
    parse_action,
)
from numrules.numbounce.cards import (
    ALL_CARDS,
    DECK_SIZE,
    INFINITIES,
    NUM_X,
    Pile,
    is_infinity,
    parse_card,
    parse_cards,
    rainbow,
    shadow,
)
from numrules.numbounce.chance import CHANCE
from numrules.numbounce.combinations import beating, beating_with, openings, value_of
from numrules.numbounce.config import DEFAULT_ROUNDS, MAX_PLAYERS, MIN_PLAYERS, Config
from numrules.numbounce.encoding import (
    decode_action,
    encode_action,
    legal_action_mask,
    num_actions,
)
from numrules.numbounce.event_types import (
    EVENT_TYPES,
    Dealt,
    Declined,
    Discarded,
    Drew,
    Interrupted,
    Kept,
    MatchEnded,
    NumXPlayed,
    Passed,
    Played,
    Recycled,
    RoundEnded,
    TookDiscard,
    TrickClosed,
    WentDown,
)
from numrules.numbounce.figure import FIGURE
from numrules.numbounce.observation import Observation, hidden_cards, observe
from numrules.numbounce.render import layout as render_layout
from numrules.numbounce.rules import (
    apply,
    interrupters,
    is_terminal,
    legal_actions,
    new_game,
    optional_seats,
    public_optional_seats,
    reference_value,
    to_act,
)
from numrules.numbounce.scoring import evaluate, scores, winners
from numrules.numbounce.state import Phase, State, card_zones, check_state
from numrules.numbounce.strategy.bots import HeuristicBot
from numrules.numbounce.strategy.sampling import sample_state
from numrules.numbounce.tensors import (
    TENSORS,
    information_state_layout,
    information_state_tensor,
    observation_layout,
    observation_tensor,
)

legal_actions_for = seat_actions(legal_actions)
"""`legal_actions_for(state, seat)`: one seat's legal actions, in `legal_actions` order."""


def all_cards(config: Config) -> tuple[NumCard, ...]:
    """Every card of the game: 102 family cards, NUMX, INF1..INF4."""
    return ALL_CARDS


GAME = Game(
    name="numbounce",
    title="Num Bounce",
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
    quick_options={"hand_size": 6, "rounds": 1},
    figure=FIGURE,
    rules=packaged_rules("numbounce"),
    encode_action=encode_action,
    decode_action=decode_action,
    num_actions=num_actions,
    legal_action_mask=legal_action_mask,
    tensors=TENSORS,
    chance=CHANCE,
    legal_actions_for=legal_actions_for,
    optional_seats=optional_seats,
    public_optional_seats=public_optional_seats,
    event_types=EVENT_TYPES,
    events=events,
    sample_state=sample_state,
    bots={"heuristic": HeuristicBot},
    evaluate=evaluate,
)
"""The Num Bounce `Game` bundle (also `numrules.get_game("numbounce")`)."""

__all__ = [
    "ACTION_TYPES",
    "ALL_CARDS",
    "CHANCE",
    "DECK_SIZE",
    "DEFAULT_ROUNDS",
    "EVENT_TYPES",
    "GAME",
    "INFINITIES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NUM_X",
    "TENSORS",
    "Action",
    "Config",
    "Dealt",
    "Decline",
    "Declined",
    "Discard",
    "Discarded",
    "Drew",
    "Event",
    "HeuristicBot",
    "Interrupt",
    "Interrupted",
    "Keep",
    "Kept",
    "MatchEnded",
    "NumX",
    "NumXPlayed",
    "Observation",
    "Pass",
    "Passed",
    "Phase",
    "Pile",
    "Play",
    "Played",
    "Recycled",
    "RoundEnded",
    "SeatLog",
    "State",
    "Take",
    "TookDiscard",
    "TrickClosed",
    "WentDown",
    "all_cards",
    "apply",
    "beating",
    "beating_with",
    "card_zones",
    "check_state",
    "decode_action",
    "encode_action",
    "evaluate",
    "events",
    "hidden_cards",
    "information_state_layout",
    "information_state_tensor",
    "interrupters",
    "is_infinity",
    "is_terminal",
    "legal_action_mask",
    "legal_actions",
    "legal_actions_for",
    "new_game",
    "num_actions",
    "observation_layout",
    "observation_tensor",
    "observe",
    "openings",
    "optional_seats",
    "parse_action",
    "parse_card",
    "parse_cards",
    "public_optional_seats",
    "rainbow",
    "reference_value",
    "render_layout",
    "render_rich",
    "render_text",
    "sample_state",
    "scores",
    "shadow",
    "to_act",
    "value_of",
    "winners",
]
