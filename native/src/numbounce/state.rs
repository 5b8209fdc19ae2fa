//! The Num Bounce state (`numrules.numbounce.state.State`), compact: card sets as
//! bitmasks, piles as fixed arrays of card indices (no heap, so a clone is a copy).

use super::cards::{bit, cards_of, Config, DECK_SIZE};
use crate::rng::Seed;

/// What the game waits for (`Phase`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The mover opens, plays, takes, plays NUM_X or passes.
    Play,
    /// The mover has taken a card: plays it, keeps it or discards it.
    Taken,
    /// The mover just played a SHADOW interrupt: goes up on it or declines.
    Shadow,
    /// The match is over.
    Over,
}

/// The pile a card was taken from (`Pile`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    /// The face-down draw pile.
    Draw,
    /// The face-up discard pile.
    Discard,
}

/// An ordered pile of at most a deck of cards, bottom first.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Stack {
    len: u8,
    cards: [u8; DECK_SIZE],
}

impl std::fmt::Debug for Stack {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Default for Stack {
    fn default() -> Self {
        Stack {
            len: 0,
            cards: [0; DECK_SIZE],
        }
    }
}

impl Stack {
    /// A stack of `cards`, bottom first (None if more than a deck).
    pub fn from_slice(cards: &[u8]) -> Option<Stack> {
        let mut stack = Stack::default();
        stack.cards.get_mut(..cards.len())?.copy_from_slice(cards);
        stack.len = cards.len() as u8;
        Some(stack)
    }

    /// The cards, bottom first.
    pub fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len as usize]
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the stack is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The top card.
    pub fn top(&self) -> Option<u8> {
        self.as_slice().last().copied()
    }

    /// Put `card` on top (a stack never holds more than the deck: the extra is dropped).
    pub fn push(&mut self, card: u8) {
        if let Some(slot) = self.cards.get_mut(self.len as usize) {
            *slot = card;
            self.len += 1;
        }
    }

    /// Put `cards` on top, in order.
    pub fn extend(&mut self, cards: &[u8]) {
        for &card in cards {
            self.push(card);
        }
    }

    /// Take the top card.
    pub fn pop(&mut self) -> Option<u8> {
        let card = self.top()?;
        self.len -= 1;
        Some(card)
    }

    /// Drop every card above the first `len`.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len as u8);
    }

    /// The set of the cards.
    pub fn set(&self) -> u128 {
        self.as_slice().iter().fold(0, |set, &c| set | bit(c))
    }
}

/// A complete Num Bounce position (the Python `State` without its log).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// The rules.
    pub config: Config,
    /// The match seed.
    pub seed: Seed,
    /// The current round, from 0.
    pub round: u32,
    /// Rounds each seat has won (seats past `players` stay 0).
    pub wins: [u32; Config::MAX_PLAYERS],
    /// What the game waits for.
    pub phase: Phase,
    /// The seat that must act.
    pub mover: u8,
    /// Turns completed in this round.
    pub turn: u32,
    /// Each seat's hand (a pending taken card is in `taken`).
    pub hands: [u128; Config::MAX_PLAYERS],
    /// The cards of each hand that every seat knows.
    pub known: [u128; Config::MAX_PLAYERS],
    /// The draw pile, stored bottom first: its top card (Python's `draw[0]`) is last.
    pub draw: Stack,
    /// The discard pile, bottom first (as Python's `discard`).
    pub discard: Stack,
    /// The trick, in laying order.
    pub trick: Stack,
    /// The reference is the last `ref_size` cards of the trick.
    pub ref_size: u8,
    /// The seat that laid the reference.
    pub author: Option<u8>,
    /// Whether a RAINBOW or SHADOW interrupt already happened in this trick.
    pub interrupted: bool,
    /// Phase TAKEN: the card just taken.
    pub taken: Option<u8>,
    /// Phase TAKEN: the pile `taken` came from.
    pub source: Option<Pile>,
    /// How many times the discard was recycled into the draw pile this round.
    pub recycles: u32,
}

impl State {
    /// The number of seats.
    pub fn players(&self) -> usize {
        self.config.players as usize
    }

    /// The reference: the last `ref_size` cards of the trick.
    pub fn reference(&self) -> &[u8] {
        let trick = self.trick.as_slice();
        &trick[trick.len().saturating_sub(self.ref_size as usize)..]
    }

    /// Every card of the position, each with how many places hold it (card conservation:
    /// all ones in a consistent state).
    pub fn card_counts(&self) -> [u8; DECK_SIZE] {
        let mut counts = [0u8; DECK_SIZE];
        let hands = self.hands[..self.players()].iter();
        let piles = [&self.draw, &self.discard, &self.trick];
        let in_piles = piles.into_iter().flat_map(|p| p.as_slice().iter().copied());
        for card in hands.flat_map(|&h| cards_of(h)).chain(self.taken).chain(in_piles) {
            if let Some(count) = counts.get_mut(card as usize) {
                *count += 1;
            }
        }
        counts
    }
}
