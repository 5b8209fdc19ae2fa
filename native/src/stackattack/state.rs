//! The Stack Attack state: every card's place in one byte per card, plus the small
//! fixed-size fields of the reveal being resolved.

use std::sync::Arc;

use super::config::{Card, Config, MAX_PLAYERS, MAX_ROWS};
use crate::rng::Seed;

/// What the game is waiting for (`Phase`; the order is the tensors' one-hot order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Every seat that has not chosen yet picks a card.
    Choose,
    /// The holder of the SWITCH at the head of the queue picks a seat.
    Switch,
    /// The holder of the BLOCK at the head of the queue picks a row.
    Block,
    /// The card at the head of the queue is below every open row: its holder takes one.
    Take,
    /// The SHIELD at the head of the queue is below every open row: its holder picks one.
    Shield,
    /// The game has ended.
    Over,
}

/// The zone of a card (one byte): a hand, a played card, a taken pile, a row, unused.
pub mod zone {
    /// Seat `s`'s hand is `HAND + s`.
    pub const HAND: u8 = 0;
    /// Seat `s`'s revealed or chosen card is `PLAYED + s`.
    pub const PLAYED: u8 = 8;
    /// Seat `s`'s taken pile of this round is `TAKEN + s`.
    pub const TAKEN: u8 = 16;
    /// Row `r` is `ROW + r`.
    pub const ROW: u8 = 32;
    /// Not dealt this round.
    pub const UNUSED: u8 = 64;
    /// Index 0 of the zone table, which is no card.
    pub const NONE: u8 = 255;
}

/// A complete position, hidden parts included.
///
/// A row's order is not kept, only its cards (by zone), its length and its last card:
/// the rules read nothing else of a row, and `to_state` rebuilds the Python state by
/// replaying the actions through the Python engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The rules.
    pub config: Arc<Config>,
    /// The game seed.
    pub seed: Seed,
    /// The current round, from 0.
    pub round: u32,
    /// The current turn of the round (`hand_size` once the game is over).
    pub turn: u32,
    /// What the game waits for.
    pub phase: Phase,
    /// In the reveal: false in the action stage, true in the placement stage.
    pub placing: bool,
    /// Whether a DECREASING was revealed this turn.
    pub decreasing: bool,
    /// The rows closed by BLOCK this turn (bit r: row r).
    pub blocked: u16,
    /// Each seat's total of the finished rounds.
    pub banked: [i64; MAX_PLAYERS],
    /// Each seat's penalty points taken this round.
    pub points: [i64; MAX_PLAYERS],
    /// Each seat's chosen or held card (0: none).
    pub played: [Card; MAX_PLAYERS],
    /// The cards still to resolve in this stage, head first (`queue_len` of them).
    pub queue: [Card; MAX_PLAYERS],
    /// How many cards `queue` holds.
    pub queue_len: u8,
    /// The last card of each row.
    pub row_end: [Card; MAX_ROWS],
    /// The number of cards of each row.
    pub row_len: [u16; MAX_ROWS],
    /// The zone of card n at index n (see [`zone`]; index 0 is [`zone::NONE`]).
    pub zone: Box<[u8]>,
}

impl State {
    /// The number of seats.
    #[inline]
    pub fn players(&self) -> usize {
        self.config.players
    }

    /// The queue, head first.
    #[inline]
    pub fn queue(&self) -> &[Card] {
        &self.queue[..usize::from(self.queue_len)]
    }

    /// The seat holding `card` in the reveal (`holder`), if any.
    #[inline]
    pub fn holder_of(&self, card: Card) -> Option<usize> {
        self.played[..self.players()].iter().position(|&c| c == card)
    }

    /// The seat owing the decision of a decision phase: the holder of the queue's head.
    #[inline]
    pub fn decider(&self) -> Option<usize> {
        match self.phase {
            Phase::Choose | Phase::Over => None,
            _ => self.queue().first().and_then(|&c| self.holder_of(c)),
        }
    }

    /// Whether row `r` is open (not blocked this turn).
    #[inline]
    pub fn is_open(&self, r: usize) -> bool {
        self.blocked & (1 << r) == 0
    }

    /// The cards of a zone, ascending.
    ///
    /// The hot loop of `legal_actions`, so it compares eight zone bytes at a time: the
    /// high bit of a byte of `hits` is set exactly where that byte equals `z`.
    pub fn cards_in(&self, z: u8) -> impl Iterator<Item = Card> + '_ {
        const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        let pattern = u64::from_le_bytes([z; 8]);
        self.zone.chunks(8).enumerate().flat_map(move |(i, chunk)| {
            let mut bytes = [zone::NONE; 8]; // the last chunk is padded with no-card bytes
            bytes[..chunk.len()].copy_from_slice(chunk);
            let x = u64::from_le_bytes(bytes) ^ pattern;
            let mut hits = !(((x & LOW7) + LOW7) | x | LOW7);
            std::iter::from_fn(move || {
                if hits == 0 {
                    return None;
                }
                let byte = hits.trailing_zeros() / 8;
                hits &= hits - 1;
                // zone.len() <= MAX_DECK_SIZE + 1, so every index fits a Card.
                Some((i * 8 + byte as usize) as Card)
            })
        })
    }

    /// Each seat's total: banked plus this round's points (`scores`).
    pub fn totals(&self) -> impl Iterator<Item = i64> + '_ {
        (0..self.players()).map(|s| self.banked[s] + self.points[s])
    }
}
