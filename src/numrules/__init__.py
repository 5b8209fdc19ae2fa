"""numrules: the reference rules engine for Num Stop, Num Bounce, Num Wars and Stack Attack.

Every game offers one uniform API (see docs/architecture.md); generic code finds a game
by name::

    import numrules

    game = numrules.get_game("stackattack")
    result = numrules.play_match(game, game.Config(players=4),
                                 [numrules.RandomBot(seed) for seed in range(4)], seed=1)
    print(result.scores, result.winners)
"""

from numrules.core import (
    Action,
    Bot,
    BotError,
    ConfigError,
    Game,
    IllegalActionError,
    MatchAbortedError,
    MatchResult,
    NotationError,
    NumrulesError,
    RandomBot,
    Reason,
    SeatError,
    SerializationError,
    StateError,
    UnknownGameError,
    all_games,
    dumps,
    game_names,
    get_game,
    loads,
    play_match,
    register_game,
    replay,
    unregister_game,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Bot",
    "BotError",
    "ConfigError",
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
    "__version__",
    "all_games",
    "dumps",
    "game_names",
    "get_game",
    "loads",
    "play_match",
    "register_game",
    "replay",
    "unregister_game",
]
