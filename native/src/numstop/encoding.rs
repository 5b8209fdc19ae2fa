//! Num Stop action ids (`numrules.numstop.encoding`): with P players and C family cards,
//! lock, stop, draw A/B, JOKER, DOUBLE by target (P), SKIP by other seat (P-1), FLIP,
//! SWIPE by other seat (P-1), QUANTUM A/B, reserve by card (6), keep by family card (C),
//! keep none, discard, end turn, pick by family card (C), pass, end: 3P + 2C + 17 ids.

use super::cards::Config;
use super::rules::{Action, Activation, Kind};

/// Where each block of ids begins for a config.
#[derive(Clone, Copy, Debug)]
struct Layout {
    players: u32,
    cards: u32,
}

impl Layout {
    fn of(config: &Config) -> Layout {
        Layout {
            players: u32::from(config.players),
            cards: config.family_count(),
        }
    }
    fn double(self) -> u32 {
        5
    }
    fn skip(self) -> u32 {
        5 + self.players
    }
    fn flip(self) -> u32 {
        4 + 2 * self.players
    }
    fn swipe(self) -> u32 {
        5 + 2 * self.players
    }
    fn quantum(self) -> u32 {
        4 + 3 * self.players
    }
    fn reserve(self) -> u32 {
        6 + 3 * self.players
    }
    fn keep(self) -> u32 {
        12 + 3 * self.players
    }
    fn keep_none(self) -> u32 {
        self.keep() + self.cards
    }
    fn pick(self) -> u32 {
        self.keep_none() + 3
    }
    fn pass(self) -> u32 {
        self.pick() + self.cards
    }
    fn size(self) -> u32 {
        self.pass() + 2
    }
}

/// `num_actions(config)`: 3 x players + 2 x family cards + 17.
pub fn num_actions(config: &Config) -> u32 {
    Layout::of(config).size()
}

/// The place of `target` among the seats other than `seat`.
fn other(seat: u8, target: u8) -> u32 {
    u32::from(target) - u32::from(target > seat)
}

/// `encode_action(config, action)`.
pub fn encode(config: &Config, action: &Action) -> u32 {
    let l = Layout::of(config);
    match action.kind {
        Kind::Lock => 0,
        Kind::Stop => 1,
        Kind::Draw(stock) => 2 + u32::from(stock),
        Kind::Activate(a) => match a {
            Activation::Joker => 4,
            Activation::Double(t) => l.double() + u32::from(t),
            Activation::Skip(t) => l.skip() + other(action.seat, t),
            Activation::Flip => l.flip(),
            Activation::Swipe(t) => l.swipe() + other(action.seat, t),
            Activation::Quantum(stock) => l.quantum() + u32::from(stock),
        },
        Kind::Reserve(kind) => l.reserve() + u32::from(kind),
        Kind::Keep(card) => l.keep() + config.card_index(card),
        Kind::KeepNone => l.keep_none(),
        Kind::Discard(_) => l.keep_none() + 1,
        Kind::EndTurn => l.keep_none() + 2,
        Kind::Pick(card) => l.pick() + config.card_index(card),
        Kind::Pass => l.pass(),
        Kind::EndValidation => l.pass() + 1,
    }
}
