//! [`AnyTurn`]: a [`Turn`] of any game behind one object-safe interface, which the Python
//! bindings (and generic Rust code) hold without knowing the game.

use std::fmt::Debug;
use std::sync::Arc;

use crate::game::{
    play, rollout, Outcome, PlayError, Policy, RandomPolicy, Recorded, Refusal, Rules, SeatSet, Turn,
};
use crate::rng::{derive_seed, Mt, Part, Seed};

/// Which bot plays every seat of a playout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PolicySpec {
    /// `numrules.core.bots.RandomBot` with this `decline` chance.
    Random { decline: f64 },
    /// The game's heuristic bot (`make_bot("heuristic", seed)`), where the core has it.
    Heuristic,
}

/// A game's bots as the core plays them: a policy per spec and seed, or None when the
/// core does not have that bot for the game.
pub trait Bots: Rules {
    /// The game's heuristic bot with `seed`, if the core ports it.
    fn heuristic(_seed: Seed) -> Option<Box<dyn Policy<Self>>> {
        None
    }

    /// Whether the core has the game's `Game.evaluate` (`evaluate` gives it); a game
    /// whose Python engine has one must have it here for ISMCTS to roll out in the core.
    const EVALUATES: bool = false;

    /// `Game.evaluate(state)`: each seat's standing for a search bot (None for a game the
    /// core has no `evaluate` for: see `EVALUATES`).
    fn evaluate(_state: &Self::State) -> Option<Vec<f64>> {
        None
    }

    /// The observation tensor of `seat` (`numrules.rl` / `Game.tensors`), if the core has it.
    fn observation_tensor(_state: &Self::State, _seat: usize) -> Option<Vec<f32>> {
        None
    }
}

fn policy<G: Bots>(spec: PolicySpec, seed: Seed) -> Option<Box<dyn Policy<G>>> {
    match spec {
        PolicySpec::Random { decline } => Some(Box::new(RandomPolicy::new(seed, decline))),
        PolicySpec::Heuristic => G::heuristic(seed),
    }
}

/// Why a batch could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BatchError {
    /// The core does not have this bot for the game.
    NoSuchPolicy,
    /// `specs` does not give one bot per seat.
    WrongSeats { players: usize, given: usize },
    /// A playout failed as `play_match` would (a bot declined a required decision, ...).
    Play(PlayError),
}

/// Where an ISMCTS random rollout ended (see [`crate::game::rollout`]).
#[derive(Clone, Debug)]
pub struct RolloutEnd {
    /// The rollout steps counted.
    pub steps: u64,
    /// Whether the game is over.
    pub terminal: bool,
    /// `scores` of the last state.
    pub scores: Vec<i64>,
    /// `winners` of the last state (of a finished game).
    pub winners: SeatSet,
    /// `evaluate` of the last state, for a game that has it.
    pub evaluation: Option<Vec<f64>>,
}

/// A finished playout that kept its actions: the last turn, and each action recorded.
pub type Played = (Arc<dyn AnyTurn>, Vec<Recorded>);

/// A [`Turn`] of some game.
pub trait AnyTurn: Debug + Send + Sync {
    /// The game's registry name.
    fn game(&self) -> &'static str;
    /// The number of seats.
    fn players(&self) -> usize;
    /// The seat asked now, or None once the game is over.
    fn seat(&self) -> Option<usize>;
    /// The seats still to ask at this step, the seat asked now first.
    fn order(&self) -> Vec<usize>;
    /// `to_act(state)`.
    fn to_act(&self) -> SeatSet;
    /// `is_terminal(state)`.
    fn is_terminal(&self) -> bool;
    /// `scores(state)`.
    fn scores(&self) -> Vec<i64>;
    /// `winners(state)`.
    fn winners(&self) -> SeatSet;
    /// The ids an agent may answer: the game's, plus the pass id if it has one.
    fn num_ids(&self) -> u32;
    /// The pass id, for a game with optional seats.
    fn pass_id(&self) -> Option<u32>;
    /// The ids the seat asked now may answer, ascending.
    fn legal_ids(&self) -> Vec<u32>;
    /// The turn after the seat asked now answers `id`, and whether it played an action
    /// (false: it passed).
    fn step(&self, id: u32) -> Result<(Arc<dyn AnyTurn>, bool), Refusal>;
    /// A new game with the same config and `seed`.
    fn new_game(&self, seed: Seed) -> Arc<dyn AnyTurn>;
    /// `seat`'s observation tensor, if the core has the game's tensors.
    fn observation_tensor(&self, seat: usize) -> Option<Vec<f32>>;
    /// `n` playouts from this state (from the start of its step), every seat played by
    /// `spec`; playout `j` seats `spec` with seed `derive_seed(seed, j, seat)`.
    fn playouts(
        &self,
        n: usize,
        spec: PolicySpec,
        seed: Seed,
        max_actions: Option<u64>,
    ) -> Result<Vec<Outcome>, BatchError>;
    /// `play_match` from this state (from the start of its step) with
    /// `RandomBot(bot_seeds[s], decline)` at seat `s`: the last turn and each action
    /// recorded.
    fn play_random(&self, bot_seeds: &[Seed], decline: f64) -> Result<Played, BatchError>;
    /// ISMCTS's random rollout from the start of this state's step, with `rng`.
    fn rollout(&self, rng: &mut Mt, steps: u64, limit: u64, horizon: Option<u64>) -> RolloutEnd;
    /// The games `numrules simulate` plays: for each game seed, a new game of this config
    /// with seat `s` played by `specs[s]` seeded `derive_seed(game_seed, "bot", s)`.
    fn simulate(&self, seeds: &[Seed], specs: &[PolicySpec]) -> Result<Vec<Outcome>, BatchError>;
}

impl<G: Bots> AnyTurn for Turn<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> usize {
        G::players(G::config(&self.state))
    }

    fn seat(&self) -> Option<usize> {
        Turn::seat(self)
    }

    fn order(&self) -> Vec<usize> {
        self.order.iter().collect()
    }

    fn to_act(&self) -> SeatSet {
        if G::is_terminal(&self.state) {
            0
        } else {
            G::to_act(&self.state)
        }
    }

    fn is_terminal(&self) -> bool {
        G::is_terminal(&self.state)
    }

    fn scores(&self) -> Vec<i64> {
        G::scores(&self.state)
    }

    fn winners(&self) -> SeatSet {
        G::winners(&self.state)
    }

    fn num_ids(&self) -> u32 {
        G::num_actions(G::config(&self.state)) + u32::from(G::HAS_OPTIONAL)
    }

    fn pass_id(&self) -> Option<u32> {
        Turn::pass_id(self)
    }

    fn legal_ids(&self) -> Vec<u32> {
        Turn::legal_ids(self)
    }

    fn step(&self, id: u32) -> Result<(Arc<dyn AnyTurn>, bool), Refusal> {
        let (turn, action) = Turn::step(self, id)?;
        Ok((Arc::new(turn), action.is_some()))
    }

    fn new_game(&self, seed: Seed) -> Arc<dyn AnyTurn> {
        Arc::new(Turn::<G>::start(G::new_game(G::config(&self.state), seed)))
    }

    fn observation_tensor(&self, seat: usize) -> Option<Vec<f32>> {
        G::observation_tensor(&self.state, seat)
    }

    fn playouts(
        &self,
        n: usize,
        spec: PolicySpec,
        seed: Seed,
        max_actions: Option<u64>,
    ) -> Result<Vec<Outcome>, BatchError> {
        let players = self.players();
        (0..n)
            .map(|j| {
                let mut bots = (0..players)
                    .map(|s| {
                        policy::<G>(
                            spec,
                            Seed::from(derive_seed(seed, &[Part::from(j), Part::from(s)])),
                        )
                    })
                    .collect::<Option<Vec<_>>>()
                    .ok_or(BatchError::NoSuchPolicy)?;
                play(self.state.clone(), &mut bots, max_actions, None)
                    .map(|(o, _)| o)
                    .map_err(BatchError::Play)
            })
            .collect()
    }

    fn play_random(&self, bot_seeds: &[Seed], decline: f64) -> Result<Played, BatchError> {
        let players = self.players();
        if bot_seeds.len() != players {
            return Err(BatchError::WrongSeats {
                players,
                given: bot_seeds.len(),
            });
        }
        let mut bots: Vec<Box<dyn Policy<G>>> = bot_seeds
            .iter()
            .map(|&seed| Box::new(RandomPolicy::new(seed, decline)) as Box<dyn Policy<G>>)
            .collect();
        let mut log = Vec::new();
        let (_, last) =
            play(self.state.clone(), &mut bots, None, Some(&mut log)).map_err(BatchError::Play)?;
        Ok((Arc::new(Turn::<G>::start(last)), log))
    }

    fn rollout(&self, rng: &mut Mt, steps: u64, limit: u64, horizon: Option<u64>) -> RolloutEnd {
        let end = rollout::<G>(self.state.clone(), rng, steps, limit, horizon);
        let terminal = G::is_terminal(&end.state);
        RolloutEnd {
            steps: end.steps,
            terminal,
            scores: G::scores(&end.state),
            winners: if terminal { G::winners(&end.state) } else { 0 },
            evaluation: G::evaluate(&end.state),
        }
    }

    fn simulate(&self, seeds: &[Seed], specs: &[PolicySpec]) -> Result<Vec<Outcome>, BatchError> {
        let config = G::config(&self.state);
        let players = G::players(config);
        if specs.len() != players {
            return Err(BatchError::WrongSeats {
                players,
                given: specs.len(),
            });
        }
        seeds
            .iter()
            .map(|&game_seed| {
                let mut bots = specs
                    .iter()
                    .enumerate()
                    .map(|(s, &spec)| {
                        policy::<G>(
                            spec,
                            Seed::from(derive_seed(game_seed, &[Part::Str("bot"), Part::from(s)])),
                        )
                    })
                    .collect::<Option<Vec<_>>>()
                    .ok_or(BatchError::NoSuchPolicy)?;
                play(G::new_game(config, game_seed), &mut bots, None, None)
                    .map(|(o, _)| o)
                    .map_err(BatchError::Play)
            })
            .collect()
    }
}
