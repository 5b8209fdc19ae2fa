//! Num Bounce (`numrules.numbounce`): climb or go down, interrupt out of turn, be the
//! first with an empty hand. Interrupts make it the game with optional seats.

pub mod cards;
pub mod encoding;
pub mod heuristic;
#[cfg(feature = "python")]
mod python;
pub mod rules;
pub mod state;
pub mod tensors;

pub use cards::Config;
pub use rules::{Action, Combo};
pub use state::{Phase, Pile, State};

use crate::anyturn::Bots;
use crate::game::{Policy, Rules, SeatSet};
use crate::rng::Seed;

/// The Num Bounce rules for the core.
#[derive(Clone, Copy, Debug)]
pub struct NumBounce;

impl Rules for NumBounce {
    type Config = Config;
    type State = State;
    type Action = Action;

    const NAME: &'static str = "numbounce";
    const HAS_OPTIONAL: bool = true;

    fn new_game(config: &Config, seed: Seed) -> State {
        rules::new_game(config, seed)
    }

    fn config(state: &State) -> &Config {
        &state.config
    }

    fn players(config: &Config) -> usize {
        config.players as usize
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

    fn optional_seats(state: &State) -> SeatSet {
        rules::optional_seats(state)
    }

    fn public_optional_seats(state: &State) -> SeatSet {
        rules::public_optional_seats(state)
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

    fn num_actions(_config: &Config) -> u32 {
        encoding::NUM_ACTIONS
    }

    fn encode(_config: &Config, action: &Action) -> u32 {
        encoding::encode(action)
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

impl Bots for NumBounce {
    /// `HeuristicBot(seed)` (`numbounce.strategy.bots`), exactly: see [`heuristic`].
    fn heuristic(seed: Seed) -> Option<Box<dyn Policy<Self>>> {
        Some(Box::new(heuristic::Heuristic::new(seed)))
    }

    const EVALUATES: bool = true;

    /// `numbounce.evaluate`: each seat's round wins plus 1 / (2 + the cards in its hand).
    fn evaluate(state: &State) -> Option<Vec<f64>> {
        let players = usize::from(state.config.players);
        Some(
            (0..players)
                .map(|s| f64::from(state.wins[s]) + 1.0 / (2.0 + f64::from(state.hands[s].count_ones())))
                .collect(),
        )
    }

    fn observation_tensor(state: &State, seat: usize) -> Option<Vec<f32>> {
        tensors::observation_tensor(state, seat)
    }
}
