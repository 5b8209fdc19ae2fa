//! The Num Stop state (`numrules.numstop.state.State`), compact: card sets are `u128`
//! masks, the stocks one array of card indices, seats' sets `u8` masks. Only the order
//! the rules read is kept: the stocks' order, and the end of each pile (the runs that
//! make it break). Everything else the Python state orders (collections, discard,
//! reserves, ...) the rules only use as sets.

use super::cards::{bit, family, value, Cards, Config, CARD_SPACE, OBJECTIVES};
use crate::rng::Seed;

/// What the game is waiting for (`numrules.numstop.state.Phase`, same order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// A turn begins: LOCK, DRAW or ACTIVATE.
    Start,
    /// The draw phase of a turn: DRAW, ACTIVATE or STOP.
    Draw,
    /// A Rainbow was drawn: DRAW again.
    Redraw,
    /// A FLIP was activated: DRAW or STOP.
    Flipped,
    /// A Shadow was drawn: keep it, discard it, or the JOKER.
    Shadow,
    /// An action card was drawn: activate it or reserve it.
    Action,
    /// A QUANTUM took cards: keep one family card or none.
    Quantum,
    /// A SKIP hit this turn: DOUBLE, SKIP or SWIPE, then END.
    Skipped,
    /// End of round: decide the objective under decision, or END.
    Validation,
    /// Picking the next card of a combination.
    Selection,
    /// The game has ended.
    Over,
}

impl Phase {
    /// Every phase, in the Python enum's order.
    pub const ALL: [Phase; 11] = [
        Phase::Start,
        Phase::Draw,
        Phase::Redraw,
        Phase::Flipped,
        Phase::Shadow,
        Phase::Action,
        Phase::Quantum,
        Phase::Skipped,
        Phase::Validation,
        Phase::Selection,
        Phase::Over,
    ];
    /// The Python values, in the same order.
    pub const NAMES: [&'static str; 11] = [
        "start",
        "draw",
        "redraw",
        "flipped",
        "shadow",
        "action",
        "quantum",
        "skipped",
        "validation",
        "selection",
        "over",
    ];
}

/// One seat's unlocked pile: its cards and what its end looks like.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pile {
    /// The cards of the pile.
    pub cards: Cards,
    /// The last card drawn onto it (meaningless when empty).
    pub last: u8,
    /// How many cards of the last card's family end the pile.
    pub family_tail: u8,
    /// How many cards of the last card's value end the pile.
    pub value_tail: u8,
}

impl Pile {
    /// The pile of one card.
    pub fn single(card: u8) -> Pile {
        Pile {
            cards: bit(card),
            last: card,
            family_tail: 1,
            value_tail: 1,
        }
    }

    /// Whether the pile is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.cards == 0
    }

    /// `pile_breaks((*pile, card), config)`: whether adding `card` makes a run of one
    /// family (`family_run`) or of one value (`value_run`) at the end.
    #[inline]
    pub fn breaks_with(&self, card: u8, config: &Config) -> bool {
        let (f, v) = self.tails_with(card);
        f >= config.family_run || v >= config.value_run
    }

    fn tails_with(&self, card: u8) -> (u8, u8) {
        if self.is_empty() {
            return (1, 1);
        }
        let f = if family(card) == family(self.last) {
            self.family_tail.saturating_add(1)
        } else {
            1
        };
        let v = if value(card) == value(self.last) {
            self.value_tail.saturating_add(1)
        } else {
            1
        };
        (f, v)
    }

    /// The pile with `card` added at its end.
    #[inline]
    pub fn push(&mut self, card: u8) {
        let (f, v) = self.tails_with(card);
        self.cards |= bit(card);
        self.last = card;
        self.family_tail = f;
        self.value_tail = v;
    }
}

/// No seat / no objective.
pub const NONE: u8 = u8::MAX;

/// A complete Num Stop position, hidden parts included (no event log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The rules.
    pub config: Config,
    /// The game seed.
    pub seed: Seed,
    /// The current round, from 0.
    pub round: u32,
    /// What the game waits for.
    pub phase: Phase,
    /// The seat whose turn it is, or that is validating.
    pub player: u8,
    /// Stock A is `stock[lo[0]..hi[0]]`, stock B `stock[lo[1]..hi[1]]`, top card first.
    pub stock: [u8; CARD_SPACE],
    /// Where each stock's top card is in `stock`.
    pub lo: [u8; 2],
    /// Where each stock ends in `stock`.
    pub hi: [u8; 2],
    /// Each seat's unlocked pile.
    pub piles: [Pile; 6],
    /// The cards each seat locked this round (unused so far).
    pub collections: [Cards; 6],
    /// Each seat's reserved action cards, as a kind mask.
    pub reserves: [u8; 6],
    /// The collection cards each seat used in this round's validations.
    pub scored: [Cards; 6],
    /// The cards out of the round.
    pub discard: Cards,
    /// The cards awaiting a decision (a Shadow, an action card, QUANTUM cards).
    pub pending: Cards,
    /// Draws made in this turn.
    pub drawn: u8,
    /// Whether this turn is hit by a DOUBLE.
    pub double: bool,
    /// Seats whose next played turn is hit by a DOUBLE (seat mask).
    pub doubled: u8,
    /// Seats whose next turn is skipped (seat mask).
    pub skipped: u8,
    /// For each stock, the seat that saw its top card with FLIP, or [`NONE`].
    pub peeks: [u8; 2],
    /// Each seat's points per objective (scorecard order), -1 where open.
    pub scorecards: [[i16; OBJECTIVES]; 6],
    /// The objective under decision (scorecard index), or [`NONE`].
    pub objective: u8,
    /// The cards picked for it so far.
    pub selection: Cards,
}

impl State {
    /// Number of seats.
    #[inline]
    pub fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    /// The seat that starts the current round.
    #[inline]
    pub fn first_player(&self) -> u8 {
        (self.round % u32::from(self.config.players)) as u8
    }

    /// The cards of stock `i`, top first.
    #[inline]
    pub fn stock(&self, i: usize) -> &[u8] {
        let (lo, hi) = (usize::from(self.lo[i]), usize::from(self.hi[i]));
        self.stock.get(lo..hi).unwrap_or(&[])
    }

    /// The number of cards in stock `i`.
    #[inline]
    pub fn stock_len(&self, i: usize) -> usize {
        usize::from(self.hi[i].saturating_sub(self.lo[i]))
    }

    /// Draws still compulsory in this turn (DOUBLE).
    #[inline]
    pub fn compulsory(&self) -> u8 {
        if self.double {
            self.config.double_draws.saturating_sub(self.drawn)
        } else {
            0
        }
    }

    /// Every card of the state in each place: for card conservation checks.
    pub fn zones(&self) -> Vec<Cards> {
        let mut zones = Vec::with_capacity(4 + 4 * self.players());
        for i in 0..2 {
            zones.push(self.stock(i).iter().fold(0, |set, &c| set | bit(c)));
        }
        for seat in 0..self.players() {
            zones.push(self.piles[seat].cards);
            zones.push(self.collections[seat]);
            zones.push(super::cards::kinds_cards(self.reserves[seat]));
            zones.push(self.scored[seat]);
        }
        zones.push(self.pending);
        zones.push(self.discard);
        zones
    }
}
