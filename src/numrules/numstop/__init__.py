"""Num Stop: push-your-luck drawing from two stocks, locked collections, a 10-objective scorecard.

The rules in plain English are in docs/rules/numstop.md, how the library models them in
docs/reference/numstop.md. This package exposes the uniform numrules game API (see
docs/architecture.md), plus the combination finder
(`find_combinations`, `best_validation`, `search_validation`), `risk`, the events
of every `apply` (`events`, the classes of `EVENT_TYPES`), and action ids for learning
code (`encode_action`, `decode_action`, `num_actions`, `legal_action_mask`).

Validation walks a seat's open objectives once, in `DECISION_ORDER` (the rarest
first: `shadow_straight`, `four_of_a_kind`, ..., `pair`), in small decisions
(none offers more than the collection size + 1 actions): for the objective under
decision (`State.objective`), PICK the cards of one of its combinations in canonical
order (`0:pick R7`; the last pick validates it) or PASS (`0:pass`); END once every
objective is decided (`0:end`). A validation is at most open objectives + collection
size + 1 decisions. `combination_actions(seat, combination)` gives the picks of a whole
`Combination`::

    from numrules import numstop as ns

    state = ns.new_game(ns.Config(players=3), seed=7)
    while not ns.is_terminal(state):
        state = ns.apply(state, ns.legal_actions(state)[0])
    print(ns.scores(state), ns.winners(state))
"""

from numrules.core.cards import FamilyCard, NumCard, SpecialCard
from numrules.core.events import Event, SeatLog, events
from numrules.core.game import Game, no_optional_seats, packaged_rules, seat_actions
from numrules.core.render import render_rich, render_text
from numrules.numstop.actions import (
    ACTION_TYPES,
    EXAMPLE,
    Action,
    Activate,
    Discard,
    Draw,
    EndTurn,
    EndValidation,
    Keep,
    Lock,
    Pass,
    Pick,
    Reserve,
    Stop,
    parse_action,
)
from numrules.numstop.cards import ACTION_CARDS, Stock, parse_card, parse_cards
from numrules.numstop.chance import CHANCE
from numrules.numstop.combinations import (
    CollectionError,
    Combination,
    find_combinations,
)
from numrules.numstop.config import MAX_PLAYERS, MIN_PLAYERS, Config, Mode
from numrules.numstop.encoding import (
    decode_action,
    encode_action,
    legal_action_mask,
    num_actions,
)
from numrules.numstop.event_types import (
    EVENT_TYPES,
    ActionCardLost,
    Busted,
    DoubleActivated,
    DoubleTurn,
    Drew,
    Flipped,
    GameEnded,
    JokerPlayed,
    Locked,
    Passed,
    Picked,
    QuantumKept,
    QuantumTook,
    Reserved,
    RoundDealt,
    RoundEnded,
    ShadowDiscarded,
    ShadowKept,
    SkipActivated,
    SkippedTurnEnded,
    Stopped,
    Swiped,
    TurnSkipped,
    Validated,
    ValidationEnded,
)
from numrules.numstop.figure import FIGURE
from numrules.numstop.objectives import (
    DECISION_ORDER,
    DEFAULT_BONUSES,
    OBJECTIVES,
    Objective,
    combination_points,
    is_combination,
)
from numrules.numstop.observation import Observation, hidden_cards, observe
from numrules.numstop.render import layout as render_layout
from numrules.numstop.rules import apply, is_terminal, legal_actions, new_game, to_act
from numrules.numstop.scoring import objectives_done, points, scores, winners
from numrules.numstop.selection import combination_actions
from numrules.numstop.state import Phase, State, card_zones, check_state
from numrules.numstop.strategy.bots import HeuristicBot
from numrules.numstop.strategy.draw_risk import risk
from numrules.numstop.strategy.evaluation import estimate_validation, evaluate
from numrules.numstop.strategy.optimum import ValidationSearch, best_validation, search_validation
from numrules.numstop.strategy.sampling import sample_state
from numrules.numstop.strategy.search_bot import SearchBot
from numrules.numstop.tensors import (
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


def all_cards(config: Config) -> tuple[NumCard, ...]:
    """Every card of a round: 102 family cards, plus the six action cards in CLASSIC."""
    return config.all_cards()


GAME = Game(
    name="numstop",
    title="Num Stop",
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
    quick_options={"max_rounds": 1, "max_value": 5},
    figure=FIGURE,
    rules=packaged_rules("numstop"),
    optional_seats=optional_seats,
    legal_actions_for=legal_actions_for,
    event_types=EVENT_TYPES,
    events=events,
    sample_state=sample_state,
    evaluate=evaluate,
    bots={"heuristic": HeuristicBot, "search": SearchBot},
    encode_action=encode_action,
    decode_action=decode_action,
    num_actions=num_actions,
    legal_action_mask=legal_action_mask,
    tensors=TENSORS,
    chance=CHANCE,
)
"""The Num Stop `Game` bundle (also `numrules.get_game("numstop")`)."""

__all__ = [
    "ACTION_CARDS",
    "ACTION_TYPES",
    "CHANCE",
    "DECISION_ORDER",
    "DEFAULT_BONUSES",
    "EVENT_TYPES",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OBJECTIVES",
    "TENSORS",
    "Action",
    "ActionCardLost",
    "Activate",
    "Busted",
    "CollectionError",
    "Combination",
    "Config",
    "Discard",
    "DoubleActivated",
    "DoubleTurn",
    "Draw",
    "Drew",
    "EndTurn",
    "EndValidation",
    "Event",
    "Flipped",
    "GameEnded",
    "HeuristicBot",
    "JokerPlayed",
    "Keep",
    "Lock",
    "Locked",
    "Mode",
    "Objective",
    "Observation",
    "Pass",
    "Passed",
    "Phase",
    "Pick",
    "Picked",
    "QuantumKept",
    "QuantumTook",
    "Reserve",
    "Reserved",
    "RoundDealt",
    "RoundEnded",
    "SearchBot",
    "SeatLog",
    "ShadowDiscarded",
    "ShadowKept",
    "SkipActivated",
    "SkippedTurnEnded",
    "State",
    "Stock",
    "Stop",
    "Stopped",
    "Swiped",
    "TurnSkipped",
    "Validated",
    "ValidationEnded",
    "ValidationSearch",
    "all_cards",
    "apply",
    "best_validation",
    "card_zones",
    "check_state",
    "combination_actions",
    "combination_points",
    "decode_action",
    "encode_action",
    "estimate_validation",
    "evaluate",
    "events",
    "find_combinations",
    "hidden_cards",
    "information_state_layout",
    "information_state_tensor",
    "is_combination",
    "is_terminal",
    "legal_action_mask",
    "legal_actions",
    "legal_actions_for",
    "new_game",
    "num_actions",
    "objectives_done",
    "observation_layout",
    "observation_tensor",
    "observe",
    "optional_seats",
    "parse_action",
    "parse_card",
    "parse_cards",
    "points",
    "render_layout",
    "render_rich",
    "render_text",
    "risk",
    "sample_state",
    "scores",
    "search_validation",
    "to_act",
    "winners",
]
