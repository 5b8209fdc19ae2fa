//! Num Bounce cards and config (`numrules.numbounce.cards`, `numrules.numbounce.config`).
//!
//! A card is its `u8` index in `ALL_CARDS`, the canonical order (`num_card_key`):
//! family `f` (R, B, G, Y, RB, SH) and value `v` is `f * 17 + v`, then NUMX (102) and
//! INF1..INF4 (103..106). A set of cards (a hand) is a `u128` bitmask of those indices,
//! so walking its bits upwards walks the cards in canonical order.

/// The highest family value (values run 0..=16).
pub const MAX_VALUE: u8 = 16;
/// Values per family.
pub const VALUES: u8 = MAX_VALUE + 1;
/// The six families, in notation order.
pub const FAMILIES: u8 = 6;
/// The RAINBOW family's index.
pub const RAINBOW: u8 = 4;
/// The SHADOW family's index.
pub const SHADOW: u8 = 5;
/// The NUM_X card.
pub const NUM_X: u8 = FAMILIES * VALUES;
/// INF1 (INF2..INF4 follow).
pub const INF1: u8 = NUM_X + 1;
/// How many INFINITY copies the deck holds.
pub const INFINITIES: u8 = 4;
/// 107 cards: 102 family cards, NUM_X, four INFINITY.
pub const DECK_SIZE: usize = (INF1 + INFINITIES) as usize;
/// The bits of the family cards in a card set.
pub const FAMILY_CARDS: u128 = (1 << NUM_X) - 1;
/// The bits of the INFINITY cards in a card set.
pub const INFINITY_CARDS: u128 = 0b1111 << INF1;

/// The family card of family `f` and value `v`.
pub const fn family_card(f: u8, v: u8) -> u8 {
    f * VALUES + v
}

/// The bit of `card` in a card set.
pub const fn bit(card: u8) -> u128 {
    1 << card
}

/// The family (0..6) and value of a family card.
pub const fn family_value(card: u8) -> (u8, u8) {
    (card / VALUES, card % VALUES)
}

/// Whether `card` is one of the INFINITY cards.
pub const fn is_infinity(card: u8) -> bool {
    card >= INF1
}

/// The cards of a set, in canonical order.
pub fn cards_of(set: u128) -> impl Iterator<Item = u8> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let card = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        Some(card)
    })
}

/// `numrules.numbounce.Config`: the rules of a match (validated by the Python side or
/// [`Config::new`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Number of players, 2..=8.
    pub players: u8,
    /// Cards dealt to each seat at the start of a round.
    pub hand_size: u8,
    /// First to this many round wins (exclusive with `rounds`).
    pub target_wins: Option<u32>,
    /// Exactly this many rounds (exclusive with `target_wins`).
    pub rounds: Option<u32>,
    /// A round that reaches this many turns ends (the fewest cards win it).
    pub max_turns_per_round: Option<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            hand_size: 10,
            target_wins: None,
            rounds: Some(3),
            max_turns_per_round: None,
        }
    }
}

impl Config {
    /// The most seats a game has.
    pub const MAX_PLAYERS: usize = 8;

    /// A config checked as the Python `Config` checks it; the message says what is wrong.
    pub fn new(
        players: u32,
        hand_size: u32,
        target_wins: Option<u32>,
        rounds: Option<u32>,
        max_turns_per_round: Option<u32>,
    ) -> Result<Config, String> {
        if !(2..=Self::MAX_PLAYERS as u32).contains(&players) {
            return Err(format!("players must be 2..8, got {players}"));
        }
        if hand_size < 1 || players * hand_size + 1 > DECK_SIZE as u32 {
            return Err(format!(
                "{players} hands of {hand_size} plus the first discard do not fit the deck"
            ));
        }
        if rounds.is_some() == target_wins.is_some() {
            return Err("choose one match format: rounds or target_wins".to_string());
        }
        if [target_wins, rounds, max_turns_per_round].contains(&Some(0)) {
            return Err("target_wins, rounds and max_turns_per_round must be at least 1".to_string());
        }
        Ok(Config {
            players: players as u8,
            hand_size: hand_size as u8,
            target_wins,
            rounds,
            max_turns_per_round,
        })
    }
}
