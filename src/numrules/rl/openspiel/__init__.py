"""numrules games in OpenSpiel: `register_openspiel()`, then `pyspiel.load_game`.

Needs the `openspiel` extra (`pip install 'numrules[openspiel]'`). Each game is
registered as `numrules_<game>`, a sequential, imperfect-information game:

- **Parameters**: the game's `Config` options (`numrules.rl.openspiel.parameters`),
  plus `max_game_length` and `rng_seed`.
- **Players and actions**: one seat asked at a time, as `numrules.rl.sequential.
  Sequential` asks them: the ids are the game's action ids, plus a pass id for a seat
  asked about an interrupt (`num_distinct_actions` is `Sequential.num_ids`).
- **Chance**: the deal, as the game's `Game.chance` (`numrules.core.chance.Chance`)
  describes it: card by card when it is the config's only randomness
  (EXPLICIT_STOCHASTIC), else one outcome drawing a fresh seed
  from the game's generator, seeded by `rng_seed` (SAMPLED_STOCHASTIC).
- **Utility**: `numrules.rl.final_rewards(kind="win")`: +1 each winner, -1 each loser,
  0 to all in a full tie; zero-sum for two players, general-sum otherwise.
- **Length**: `max_game_length` counts the seats' answers, passes included; it is the
  config's bound where the rules give one (`Game.chance.max_decisions`); otherwise a game
  still running after that many answers (the parameter, or 100,000) ends as a draw.
- **Observations**: the information state is `numrules.rl.information_state_string` and
  the game's information-state tensor; the observation is the observation tensor and the
  observation as JSON without its log. `resample_from_infostate` draws from the game's
  `sample_state`, so OpenSpiel's ISMCTS can play.

See docs/rl.md ("OpenSpiel").
"""

from __future__ import annotations

from numrules.rl.openspiel.game import (
    DEFAULT_MAX_GAME_LENGTH,
    PREFIX,
    NumrulesGame,
    NumrulesObserver,
    NumrulesState,
    register_openspiel,
    short_name,
)
from numrules.rl.openspiel.parameters import (
    EXTRA_PARAMETERS,
    config_from_parameters,
    parameter_specification,
    parameters_of,
)

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "EXTRA_PARAMETERS",
    "PREFIX",
    "NumrulesGame",
    "NumrulesObserver",
    "NumrulesState",
    "config_from_parameters",
    "parameter_specification",
    "parameters_of",
    "register_openspiel",
    "short_name",
]
