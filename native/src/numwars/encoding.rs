//! Num Wars action ids (`numwars.encoding`): a play's id is its card's index in
//! `config.all_cards()`; the seat is not part of it.

use crate::numwars::cards::{Card, Config};
use crate::numwars::rules::legal;
use crate::numwars::state::State;

/// `Play(seat, card)`: the seat to act plays a card of its hand (a steal too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    /// The seat that plays.
    pub seat: u8,
    /// The card played.
    pub card: Card,
}

/// `num_actions(config)`: the size of the deck (82 or 106).
pub fn num_actions(config: &Config) -> u32 {
    config.deck().size as u32
}

/// `encode_action(config, action)`: the card's index.
pub fn encode(action: &Play) -> u32 {
    u32::from(action.card)
}

/// `decode_action(state, seat, id)` when it names a legal play of `seat`, else None.
pub fn decode(state: &State, seat: usize, id: u32) -> Option<Play> {
    if state.over || seat != state.turn() || id >= num_actions(&state.config) {
        return None;
    }
    (legal(state) & (1 << id) != 0).then_some(Play {
        seat: seat as u8,
        card: id as Card,
    })
}
