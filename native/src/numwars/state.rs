//! The Num Wars state (`numwars.state`), compact: cards as indices, piles as bitmasks.

use crate::numwars::cards::{Card, Cards, Config, MAX_PLAYERS};
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

/// A complete Num Wars position, hidden parts included (no event log).
///
/// Each field is the Python `State`'s of the same name, except: `over` is
/// `phase is OVER`; `totals` holds the sums of the finished rounds' scores (all the
/// core needs of `history`); the card piles are bitmasks; `pairs[s]` has bit `v` for
/// each stolen pair of value `v` (RAINBOW v and SHADOW v); `trick[..trick_len]` is the
/// trick with [`STOLEN`] for `None`.
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
    pub tricks: [u32; MAX_PLAYERS],
    /// What became of this round's Bomb (None until its trick is over).
    pub bomb: Option<Fate>,
    /// The seat that captured the Bomb this round.
    pub capturer: Option<u8>,
    /// The seat whose Joker protected the Bomb this round.
    pub protector: Option<u8>,
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
