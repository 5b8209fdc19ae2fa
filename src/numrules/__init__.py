"""numrules: the reference rules engine for Num Stop, Num Bounce, Num Wars and Stack Attack.

Every game offers one uniform API (see docs/architecture.md); generic code finds a game
by name::

    import numrules

    game = numrules.get_game("stackattack")
    result = numrules.play_match(game, game.Config(players=4),
                                 [numrules.RandomBot(seed) for seed in range(4)], seed=1)
    print(result.scores, result.winners)
"""

from numrules import core
from numrules._version import __version__
from numrules.core import *  # noqa: F403  (the public core API is the package's API)

__all__ = ["__version__"]
__all__ += core.__all__
