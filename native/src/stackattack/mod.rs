//! Stack Attack (`numrules.stackattack`): simultaneous secret picks placed into rows,
//! penalty points and action cards (SWITCH, BLOCK, SHIELD, DECREASING).
//!
//! Every seat picks a card (the `Turn` asks them in seat order); the reveal resolves the
//! action cards, then places every card, stopping wherever a seat owes a decision. The
//! state keeps each card's zone in one byte (`state::zone`), so `apply` clones one small
//! buffer and a few fixed arrays.

pub mod config;
pub mod encoding;
pub mod heuristic;
#[cfg(feature = "python")]
pub mod python;
pub mod rules;
pub mod state;
pub mod tensors;

pub use config::{Card, Config, ConfigSpec, Power};
pub use rules::Action;
pub use state::{Phase, State};

use crate::anyturn::Bots;
use crate::game::{Rules, SeatSet};
use crate::rng::Seed;

/// The game Stack Attack.
#[derive(Clone, Copy, Debug)]
pub struct StackAttack;

impl Rules for StackAttack {
    type Config = Config;
    type State = State;
    type Action = Action;

    const NAME: &'static str = "stackattack";

    fn new_game(config: &Config, seed: Seed) -> State {
        rules::new_game(config, seed)
    }

    fn config(state: &State) -> &Config {
        &state.config
    }

    fn players(config: &Config) -> usize {
        config.players
    }

    fn round(state: &State) -> u64 {
        u64::from(state.round)
    }

    fn is_terminal(state: &State) -> bool {
        state.phase == Phase::Over
    }

    fn to_act(state: &State) -> SeatSet {
        rules::to_act(state)
    }

    fn legal_actions(state: &State, out: &mut Vec<Action>) {
        rules::legal_actions(state, out);
    }

    fn legal_actions_for(state: &State, seat: usize, out: &mut Vec<Action>) {
        rules::legal_actions_for(state, seat, out);
    }

    fn seat(action: &Action) -> usize {
        action.seat()
    }

    fn num_actions(config: &Config) -> u32 {
        encoding::num_actions(config)
    }

    fn encode(config: &Config, action: &Action) -> u32 {
        encoding::encode(config, action)
    }

    fn decode(state: &State, seat: usize, id: u32) -> Option<Action> {
        encoding::decode(state, seat, id)
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

impl Bots for StackAttack {
    fn heuristic(seed: Seed) -> Option<Box<dyn crate::game::Policy<Self>>> {
        Some(Box::new(heuristic::Heuristic::new(seed)))
    }

    fn observation_tensor(state: &State, seat: usize) -> Option<Vec<f32>> {
        (seat < state.players()).then(|| tensors::observation_tensor(state, seat))
    }
}

#[cfg(feature = "python")]
impl crate::python::PyGame for StackAttack {
    fn config_from_py(config: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<Config> {
        python::config_from_py(config)
    }

    fn state_from_py(state: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<State> {
        python::state_from_py(state)
    }
}
