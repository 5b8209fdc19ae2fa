//! Num Stop (`numrules.numstop`): push-your-luck drawing from two stocks, locked
//! collections, a ten-objective scorecard decided card by card after each round.
//!
//! - [`cards`]: card indices and the [`Config`].
//! - [`state`]: the compact [`State`].
//! - [`selection`]: the objectives and the stepwise validation test.
//! - [`rules`]: the legal actions and `apply`.
//! - [`encoding`]: the action ids.
//! - [`tensors`]: the observation tensor.

pub mod cards;
pub mod encoding;
pub mod heuristic;
#[cfg(feature = "python")]
pub mod python;
pub mod rules;
pub mod selection;
pub mod state;
pub mod tensors;

pub use cards::{Config, Mode};
pub use rules::{Action, Activation, Kind};
pub use state::{Phase, State};

use crate::anyturn::Bots;
use crate::game::{Policy, Rules, SeatSet};
use crate::rng::Seed;

/// The game Num Stop.
#[derive(Clone, Copy, Debug)]
pub struct NumStop;

impl Rules for NumStop {
    type Config = Config;
    type State = State;
    type Action = Action;

    const NAME: &'static str = "numstop";

    fn new_game(config: &Config, seed: Seed) -> State {
        rules::new_game(config, seed)
    }

    fn config(state: &State) -> &Config {
        &state.config
    }

    fn players(config: &Config) -> usize {
        usize::from(config.players)
    }

    fn round(state: &State) -> u64 {
        u64::from(state.round)
    }

    fn is_terminal(state: &State) -> bool {
        state.phase == Phase::Over
    }

    fn to_act(state: &State) -> SeatSet {
        if state.phase == Phase::Over {
            0
        } else {
            1 << state.player
        }
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        rules::legal_actions(state, out);
    }

    fn legal_actions_for(state: &State, seat: usize, out: &mut Vec<Action>) {
        // Only the seat to act has legal actions.
        if seat == usize::from(state.player) {
            rules::legal_actions(state, out);
        }
    }

    fn seat(action: &Action) -> usize {
        usize::from(action.seat)
    }

    fn num_actions(config: &Config) -> u32 {
        encoding::num_actions(config)
    }

    fn encode(config: &Config, action: &Action) -> u32 {
        encoding::encode(config, action)
    }

    fn apply(state: &State, action: &Action) -> State {
        rules::apply(state, action)
    }

    fn scores(state: &State) -> Vec<i64> {
        rules::scores(state)
    }

    fn winners(state: &State) -> SeatSet {
        rules::winners(state)
    }
}

impl Bots for NumStop {
    const EVALUATES: bool = true;

    fn heuristic(_seed: Seed) -> Option<Box<dyn Policy<NumStop>>> {
        Some(Box::new(heuristic::HeuristicPolicy::new()))
    }

    fn evaluate(state: &State) -> Option<Vec<f64>> {
        Some(heuristic::evaluation::evaluate(state))
    }

    fn observation_tensor(state: &State, seat: usize) -> Option<Vec<f32>> {
        Some(tensors::observation_tensor(state, seat))
    }
}
