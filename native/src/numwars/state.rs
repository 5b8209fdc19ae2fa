//! The Num Wars state (`numwars.state`), compact: cards as indices, piles as bitmasks.

use crate::numwars::cards::{Card, Cards, Config, Deck, MAX_PLAYERS, TRUMP};
use crate::numwars::tricks::led_key;
use crate::rng::Seed;

/// A place of the trick whose card left it in a steal (Python's `None`).
pub const STOLEN: Card = Card::MAX;

/// What became of the Bomb in the trick it was played in (`numwars.Fate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// No threat: the Bomb went with the trick.
    Kept,
    /// The Joker neutralised the only threat.
    Protected,
    /// A threat captured the Bomb.
    Captured,
}

impl Fate {
    /// `Fate.value`.
    pub fn name(self) -> &'static str {
        match self {
            Fate::Kept => "kept",
            Fate::Protected => "protected",
            Fate::Captured => "captured",
        }
    }
}

/// Every suit key (`inference.ALL_SUITS`): bits 0..3 the colours, bit 4 the trumps.
pub const ALL_SUITS: u8 = 0b1_1111;

/// The public facts of the round that the Python heuristic bot's `Tracker` reads from
/// the log (`inference.Tracker`): the suits each seat has shown it lacks (bit `k` for
/// suit key `k`), and the seats that have shown they hold no special (bit `s`). Every
/// seat sees them (each comes from a `Played` event); they start afresh at each deal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// `Tracker.voids`, one suit set per seat.
    pub voids: [u8; MAX_PLAYERS],
    /// `Tracker.no_specials`, one bit per seat.
    pub no_specials: u8,
}

impl Shown {
    /// `_note_play`: what a play of `card` by `seat` to `trick` (the trick before it, a
    /// play that is not a steal: a steal tells nothing) shows.
    pub fn note(&mut self, deck: &Deck, seat: usize, card: Card, trick: &[Card]) {
        if trick.is_empty() {
            if deck.family_of(card).is_none() {
                self.voids[seat] |= ALL_SUITS; // a special leads only from a hand of specials
            }
            return;
        }
        let Some(suit) = led_key(deck, trick) else {
            return;
        };
        let own = deck.key(card);
        if own == Some(suit) {
            return;
        }
        self.voids[seat] |= 1 << suit;
        if own.is_some_and(|k| k != TRUMP) {
            // Void and discarding a classic card: no trump and no special either.
            self.voids[seat] |= 1 << TRUMP;
            self.no_specials |= 1 << seat;
        }
    }

    /// Whether `seat` has shown it holds no card of the suit key `suit`.
    pub fn void(&self, seat: usize, suit: usize) -> bool {
        self.voids[seat] & (1 << suit) != 0
    }

    /// Whether `seat` has shown it holds no special.
    pub fn no_special(&self, seat: usize) -> bool {
        self.no_specials & (1 << seat) != 0
    }
}

/// A complete Num Wars position, hidden parts included (no event log).
///
/// Each field is the Python `State`'s of the same name, except: `over` is
/// `phase is OVER`; `totals` holds the sums of the finished rounds' scores (all the
/// core needs of `history`); the card piles are bitmasks; `pairs[s]` has bit `v` for
/// each stolen pair of value `v` (RAINBOW v and SHADOW v); `trick[..trick_len]` is the
/// trick with [`STOLEN`] for `None`. `shown` stands for the log: the facts of the
/// round's plays that the heuristic bot reads from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct State {
    /// The rules.
    pub config: Config,
    /// The game seed.
    pub seed: Seed,
    /// The current round, from 0.
    pub round: u32,
    /// Whether the game is over.
    pub over: bool,
    /// Each seat's total over the finished rounds.
    pub totals: [i64; MAX_PLAYERS],
    /// The lot card each seat drew this round.
    pub lots: [Card; MAX_PLAYERS],
    /// Each seat's hand.
    pub hands: [Cards; MAX_PLAYERS],
    /// The cards set aside this round.
    pub aside: Cards,
    /// The seat that leads the current trick.
    pub leader: u8,
    /// The current trick in play order from the leader.
    pub trick: [Card; MAX_PLAYERS],
    /// How many places of `trick` are filled.
    pub trick_len: u8,
    /// The cards each seat has won this round.
    pub won: [Cards; MAX_PLAYERS],
    /// The values of the trump pairs each seat has stolen this round.
    pub pairs: [u32; MAX_PLAYERS],
    /// Tricks each seat has won this round.
    pub tricks: [u8; MAX_PLAYERS],
    /// What became of this round's Bomb (None until its trick is over).
    pub bomb: Option<Fate>,
    /// The seat that captured the Bomb this round.
    pub capturer: Option<u8>,
    /// The seat whose Joker protected the Bomb this round.
    pub protector: Option<u8>,
    /// What this round's plays have shown of the hands (the log's `Played` events).
    pub shown: Shown,
}

impl State {
    /// The seat expected to play now (`State.turn`).
    pub fn turn(&self) -> usize {
        (self.leader as usize + self.trick_len as usize) % self.config.n()
    }

    /// The current trick.
    pub fn trick(&self) -> &[Card] {
        &self.trick[..self.trick_len as usize]
    }

    /// The cards still in the current trick.
    pub fn trick_cards(&self) -> Cards {
        self.trick()
            .iter()
            .filter(|&&c| c != STOLEN)
            .fold(0, |m, &c| m | (1 << c))
    }
}
