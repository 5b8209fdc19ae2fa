"""What the games share: errors, cards, seeded shuffles, seats, the game API, JSON, bots."""

from numrules.core.bots import Bot, FirstBot, RandomBot
from numrules.core.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    NumrulesError,
    Reason,
    SeatError,
    SerializationError,
    StateError,
    UnknownGameError,
)
from numrules.core.game import (
    Action,
    Game,
    all_games,
    apply_as,
    game_names,
    get_game,
    register_game,
    unregister_game,
)
from numrules.core.match import BotError, MatchAbortedError, MatchResult, play_match, replay
from numrules.core.serialization import dumps, loads

__all__ = [
    "Action",
    "Bot",
    "BotError",
    "ConfigError",
    "FirstBot",
    "Game",
    "IllegalActionError",
    "MatchAbortedError",
    "MatchResult",
    "NotationError",
    "NumrulesError",
    "RandomBot",
    "Reason",
    "SeatError",
    "SerializationError",
    "StateError",
    "UnknownGameError",
    "all_games",
    "apply_as",
    "dumps",
    "game_names",
    "get_game",
    "loads",
    "play_match",
    "register_game",
    "replay",
    "unregister_game",
]
