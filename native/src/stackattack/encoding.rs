//! Stack Attack action ids (`numrules.stackattack.encoding`): with D = `deck_size`,
//! P = `players` and R = `rows`, `Choose` is card - 1, `Switch` D + the target's place
//! among the other seats, then R ids each for `Block`, `TakeRow` and `PlaceShield`.

use super::config::{Card, Config};
use super::rules::Action;
use super::state::{zone, Phase, State};

/// `num_actions(config)`: D + P - 1 + 3R.
pub fn num_actions(config: &Config) -> u32 {
    (config.deck_size + config.players - 1 + 3 * config.rows) as u32
}

/// `encode_action(config, action)` of a legal action.
pub fn encode(config: &Config, action: &Action) -> u32 {
    let deck = config.deck_size as u32;
    let row_base = deck + config.players as u32 - 1;
    let rows = config.rows as u32;
    match *action {
        Action::Choose { card, .. } => u32::from(card) - 1,
        Action::Switch { seat, target } => deck + u32::from(target) - u32::from(target > seat),
        Action::Block { row, .. } => row_base + u32::from(row),
        Action::TakeRow { row, .. } => row_base + rows + u32::from(row),
        Action::PlaceShield { row, .. } => row_base + 2 * rows + u32::from(row),
    }
}

/// `decode_action(state, seat, id)` when it names a legal action of `seat`, else None:
/// the one action of `seat` the id names, if it is legal now.
pub fn decode(state: &State, seat: usize, id: u32) -> Option<Action> {
    let config = &*state.config;
    if seat >= config.players || id >= num_actions(config) {
        return None;
    }
    let s = seat as u8;
    let (deck, others) = (config.deck_size as u32, config.players as u32 - 1);
    if id < deck {
        // id < deck_size <= MAX_DECK_SIZE, so the card fits.
        let card = (id + 1) as Card;
        let legal = state.phase == Phase::Choose
            && state.played[seat] == 0
            && state.zone[usize::from(card)] == zone::HAND + s;
        return legal.then_some(Action::Choose { seat: s, card });
    }
    if state.decider() != Some(seat) {
        return None;
    }
    if id < deck + others {
        let target = id - deck;
        let target = (target + u32::from(target >= seat as u32)) as u8;
        return (state.phase == Phase::Switch).then_some(Action::Switch { seat: s, target });
    }
    let rest = id - deck - others;
    let (kind, row) = (rest / config.rows as u32, (rest % config.rows as u32) as usize);
    if !state.is_open(row) {
        return None;
    }
    let row = row as u8;
    match (kind, state.phase) {
        (0, Phase::Block) => Some(Action::Block { seat: s, row }),
        (1, Phase::Take) => Some(Action::TakeRow { seat: s, row }),
        (2, Phase::Shield) => Some(Action::PlaceShield { seat: s, row }),
        _ => None,
    }
}
