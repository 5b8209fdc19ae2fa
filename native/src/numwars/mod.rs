//! Num Wars (`numrules.numwars`): trick taking with trumps, the steal, a Bomb and secret
//! roles, ported from the Python engine.
//!
//! - [`cards`]: the deck as card indices and bitmasks, the roles, the config.
//! - [`state`]: the compact state.
//! - [`tricks`]: the legal plays, the steal, the winner of a trick, the Bomb's fate.
//! - [`rules`]: the deal, `apply`, the end of tricks and rounds, the scores.
//! - [`encoding`]: the action and its id.
//! - [`heuristic`]: the heuristic bot (`numwars.strategy.bots.HeuristicBot`).
//! - [`tensor`]: the observation tensor of `numwars.tensors`.
//! - `python`: reading a Python `Config` and `State`.

pub mod cards;
pub mod encoding;
pub mod heuristic;
#[cfg(feature = "python")]
pub mod python;
pub mod rules;
pub mod state;
pub mod tensor;
pub mod tricks;

use crate::anyturn::Bots;
use crate::game::{Policy, Rules, SeatSet};
use crate::numwars::cards::{cards_of, Config};
use crate::numwars::encoding::Play;
use crate::numwars::state::State;
use crate::rng::Seed;

/// The game Num Wars.
#[derive(Clone, Copy, Debug)]
pub struct NumWars;

impl Rules for NumWars {
    type Config = Config;
    type State = State;
    type Action = Play;

    const NAME: &'static str = "numwars";

    fn new_game(config: &Config, seed: Seed) -> State {
        rules::new_game(config, seed)
    }

    fn config(state: &State) -> &Config {
        &state.config
    }

    fn players(config: &Config) -> usize {
        config.n()
    }

    fn round(state: &State) -> u64 {
        u64::from(state.round)
    }

    fn is_terminal(state: &State) -> bool {
        state.over
    }

    fn to_act(state: &State) -> SeatSet {
        if state.over {
            0
        } else {
            1 << state.turn()
        }
    }

    fn legal_actions(state: &State, out: &mut Vec<Play>) {
        out.clear();
        let seat = state.turn() as u8;
        out.extend(cards_of(rules::legal(state)).map(|card| Play { seat, card }));
    }

    fn legal_actions_for(state: &State, seat: usize, out: &mut Vec<Play>) {
        if seat == state.turn() {
            Self::legal_actions(state, out);
        } else {
            out.clear();
        }
    }

    fn seat(action: &Play) -> usize {
        action.seat as usize
    }

    fn num_actions(config: &Config) -> u32 {
        encoding::num_actions(config)
    }

    fn encode(_config: &Config, action: &Play) -> u32 {
        encoding::encode(action)
    }

    fn decode(state: &State, seat: usize, id: u32) -> Option<Play> {
        encoding::decode(state, seat, id)
    }

    fn apply(state: &State, action: &Play) -> State {
        rules::play(state, action.seat as usize, action.card)
    }

    fn scores(state: &State) -> Vec<i64> {
        rules::scores(state)
    }

    fn winners(state: &State) -> SeatSet {
        rules::winners(state)
    }
}

impl Bots for NumWars {
    fn heuristic(seed: Seed) -> Option<Box<dyn Policy<Self>>> {
        Some(Box::new(heuristic::Heuristic::new(seed)))
    }

    fn observation_tensor(state: &State, seat: usize) -> Option<Vec<f32>> {
        (seat < state.config.n()).then(|| tensor::observation(state, seat))
    }
}
