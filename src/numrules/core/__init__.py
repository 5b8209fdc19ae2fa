"""What the games share: errors, cards, shuffles, seats, the game API, JSON, bots, records."""

from numrules.core.bot import Bot
from numrules.core.bots import (
    BOTS,
    FirstBot,
    RandomBot,
    bot_names,
    bot_work,
    check_bot,
    make_bot,
)
from numrules.core.botspec import BotOption, BotSpec, bot_options, parse_bot
from numrules.core.cursor import DecisionCursor
from numrules.core.errors import (
    BotError,
    ConfigError,
    IllegalActionError,
    NotationError,
    NumrulesError,
    Reason,
    SamplingError,
    SeatError,
    SerializationError,
    StateError,
    UnknownGameError,
)
from numrules.core.figure import FigureKind, ReportFigure
from numrules.core.game import (
    Action,
    AnyGame,
    Game,
    GameConfig,
    GameObservation,
    GameState,
    all_games,
    apply_as,
    game_names,
    game_of,
    get_game,
    register_game,
    unregister_game,
)
from numrules.core.ismcts import ISMCTSBot, SearchStats
from numrules.core.match import MatchAbortedError, MatchResult, play_match, replay
from numrules.core.options import ConfigOption, config_from_options, config_options
from numrules.core.records import (
    GameRecord,
    RecordError,
    RecordVersionError,
    load_record,
    record_from_json,
    record_from_text,
    record_to_json,
    record_to_text,
    save_record,
)
from numrules.core.rng import new_seed
from numrules.core.serialization import dumps, loads

# The ismcts bot builds its rollout bots with numrules.core.bots, so it is named here
# rather than imported there.
BOTS["ismcts"] = ISMCTSBot

__all__ = [
    "Action",
    "AnyGame",
    "Bot",
    "BotError",
    "BotOption",
    "BotSpec",
    "ConfigError",
    "ConfigOption",
    "DecisionCursor",
    "FigureKind",
    "FirstBot",
    "Game",
    "GameConfig",
    "GameObservation",
    "GameRecord",
    "GameState",
    "ISMCTSBot",
    "IllegalActionError",
    "MatchAbortedError",
    "MatchResult",
    "NotationError",
    "NumrulesError",
    "RandomBot",
    "Reason",
    "RecordError",
    "RecordVersionError",
    "ReportFigure",
    "SamplingError",
    "SearchStats",
    "SeatError",
    "SerializationError",
    "StateError",
    "UnknownGameError",
    "all_games",
    "apply_as",
    "bot_names",
    "bot_options",
    "bot_work",
    "check_bot",
    "config_from_options",
    "config_options",
    "dumps",
    "game_names",
    "game_of",
    "get_game",
    "load_record",
    "loads",
    "make_bot",
    "new_seed",
    "parse_bot",
    "play_match",
    "record_from_json",
    "record_from_text",
    "record_to_json",
    "record_to_text",
    "register_game",
    "replay",
    "save_record",
    "unregister_game",
]
