//! Num Stop cards as `u8` indices and the game's [`Config`] (`numrules.numstop.cards`,
//! `numrules.numstop.config`).
//!
//! A family card is `family * 17 + value` (families in notation order R, B, G, Y, RB,
//! SH; values 0..=16), an action card is `102 + kind` (JOKER, DOUBLE, SKIP, FLIP, SWIPE,
//! QUANTUM). The index order is the canonical order of `num_card_key`, so a set of cards
//! is a `u128` bit mask whose bits, lowest first, are the cards in canonical order.

/// A set of cards: bit `c` is card `c`.
pub type Cards = u128;

/// The span of values of one family in a card index (values 0..=16).
pub const SPAN: u8 = 17;
/// The number of families.
pub const FAMILIES: u8 = 6;
/// The family index of RAINBOW.
pub const RAINBOW: u8 = 4;
/// The family index of SHADOW.
pub const SHADOW: u8 = 5;
/// The index of the first action card (JOKER); the six follow in notation order.
pub const FIRST_ACTION: u8 = FAMILIES * SPAN;
/// Every card index is below this.
pub const CARD_SPACE: usize = FIRST_ACTION as usize + 6;
/// The family of every card that exists in any config.
const FAMILY_BITS: Cards = (1u128 << FIRST_ACTION) - 1;

/// The action card kinds, in notation (and canonical) order.
pub const JOKER: u8 = 0;
/// DOUBLE.
pub const DOUBLE: u8 = 1;
/// SKIP.
pub const SKIP: u8 = 2;
/// FLIP.
pub const FLIP: u8 = 3;
/// SWIPE.
pub const SWIPE: u8 = 4;
/// QUANTUM.
pub const QUANTUM: u8 = 5;
/// The kinds a skipped turn may activate (DOUBLE, SKIP, SWIPE), as a kind mask.
pub const SKIPPED_TURN_KINDS: u8 = (1 << DOUBLE) | (1 << SKIP) | (1 << SWIPE);

/// The family of a family card.
#[inline]
pub fn family(card: u8) -> u8 {
    card / SPAN
}

/// The value of a family card.
#[inline]
pub fn value(card: u8) -> u8 {
    card % SPAN
}

/// Whether the card is a family card.
#[inline]
pub fn is_family(card: u8) -> bool {
    card < FIRST_ACTION
}

/// The bit of a card.
#[inline]
pub fn bit(card: u8) -> Cards {
    1u128 << card
}

/// The cards of a set, lowest index (canonical order) first.
#[inline]
pub fn cards_of(mut set: Cards) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let card = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(card)
    })
}

/// The family cards of a set.
#[inline]
pub fn family_part(set: Cards) -> Cards {
    set & FAMILY_BITS
}

/// The values held in family `f` of a set, as a value mask (bit `v` for value `v`).
#[inline]
pub fn family_values(set: Cards, f: u8) -> u32 {
    ((set >> (u32::from(f) * u32::from(SPAN))) & 0x1_ffff) as u32
}

/// The action card kinds of a set, as a kind mask (bit `k` for kind `k`).
#[inline]
pub fn action_kinds(set: Cards) -> u8 {
    ((set >> FIRST_ACTION) & 0x3f) as u8
}

/// The cards of a kind mask.
#[inline]
pub fn kinds_cards(kinds: u8) -> Cards {
    u128::from(kinds) << FIRST_ACTION
}

const FAMILY_CODES: [&str; 6] = ["R", "B", "G", "Y", "RB", "SH"];
const ACTION_NAMES: [&str; 6] = ["JOKER", "DOUBLE", "SKIP", "FLIP", "SWIPE", "QUANTUM"];

/// The notation of a card (`R7`, `SH12`, `JOKER`).
pub fn card_text(card: u8) -> String {
    if is_family(card) {
        format!("{}{}", FAMILY_CODES[usize::from(family(card))], value(card))
    } else {
        ACTION_NAMES
            .get(usize::from(card - FIRST_ACTION))
            .map_or_else(|| format!("?{card}"), |s| (*s).to_string())
    }
}

/// The index of a card in Num notation, if it is a Num Stop card of any config.
pub fn parse_card(text: &str) -> Option<u8> {
    if let Some(k) = ACTION_NAMES.iter().position(|n| *n == text) {
        return Some(FIRST_ACTION + k as u8);
    }
    // "RB" before "R": the longest family code that prefixes the text.
    let (f, rest) = [4usize, 5, 0, 1, 2, 3]
        .iter()
        .find_map(|&f| text.strip_prefix(FAMILY_CODES[f]).map(|rest| (f as u8, rest)))?;
    if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: u8 = rest.parse().ok()?;
    (v < SPAN && (rest.len() == 1 || !rest.starts_with('0'))).then_some(f * SPAN + v)
}

/// CLASSIC (action cards, most points wins) or DISCOVERY (family cards, most objectives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// With the six action cards; the highest total of points wins.
    Classic,
    /// Family cards only; the most validated objectives wins.
    Discovery,
}

/// The number of objectives.
pub const OBJECTIVES: usize = 10;

/// The rules of a Num Stop game (`numrules.numstop.Config`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Number of players, 2..=6.
    pub players: u8,
    /// CLASSIC or DISCOVERY.
    pub mode: Mode,
    /// Family cards run from 0 to this value (5..=16).
    pub max_value: u8,
    /// Action cards a player may keep in reserve (0..=6).
    pub reserve_size: u8,
    /// This many consecutive cards of one family end a pile (2..=17).
    pub family_run: u8,
    /// This many consecutive cards of one value end a pile (2..=6).
    pub value_run: u8,
    /// Compulsory draws of a turn hit by DOUBLE (1..=20).
    pub double_draws: u8,
    /// Cards a QUANTUM takes (1..=20).
    pub quantum_cards: u8,
    /// Bonus of each objective in scorecard order (0..=10000).
    pub bonuses: [u16; OBJECTIVES],
    /// What a Shadow used as a wild scores (0..=1000).
    pub wild_points: u16,
    /// If set, the game also ends after this many rounds.
    pub max_rounds: Option<u32>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            mode: Mode::Classic,
            max_value: 16,
            reserve_size: 2,
            family_run: 3,
            value_run: 2,
            double_draws: 2,
            quantum_cards: 3,
            bonuses: [0, 5, 10, 20, 15, 5, 15, 10, 25, 30],
            wild_points: 10,
            max_rounds: None,
        }
    }
}

impl Config {
    /// The default config with `players` seats.
    pub fn with_players(players: u8) -> Config {
        Config {
            players,
            ..Config::default()
        }
    }

    /// Whether the game has action cards.
    pub fn classic(&self) -> bool {
        self.mode == Mode::Classic
    }

    /// The set of every card of a round.
    pub fn deck(&self) -> Cards {
        let values = (1u128 << (self.max_value + 1)) - 1;
        let mut deck = 0;
        for f in 0..FAMILIES {
            deck |= values << (f * SPAN);
        }
        if self.classic() {
            deck |= kinds_cards(0x3f);
        }
        deck
    }

    /// `config.all_cards()`: the family cards family by family, then the action cards.
    pub fn all_cards(&self) -> ([u8; CARD_SPACE], usize) {
        let mut out = [0u8; CARD_SPACE];
        let mut n = 0;
        for card in cards_of(self.deck()) {
            out[n] = card;
            n += 1;
        }
        (out, n)
    }

    /// The number of family cards of the deck (C of the action ids).
    pub fn family_count(&self) -> u32 {
        u32::from(FAMILIES) * (u32::from(self.max_value) + 1)
    }

    /// The place of a family card among the deck's family cards (canonical order).
    pub fn card_index(&self, card: u8) -> u32 {
        u32::from(family(card)) * (u32::from(self.max_value) + 1) + u32::from(value(card))
    }

    /// The family card at a place of [`Config::card_index`], if within the deck.
    pub fn card_at(&self, index: u32) -> Option<u8> {
        let span = u32::from(self.max_value) + 1;
        (index < self.family_count()).then(|| ((index / span) * u32::from(SPAN) + index % span) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for card in 0..CARD_SPACE as u8 {
            assert_eq!(parse_card(&card_text(card)), Some(card));
        }
        assert_eq!(parse_card("R17"), None);
        assert_eq!(parse_card("R07"), None);
        assert_eq!(parse_card("NUMX"), None);
    }

    #[test]
    fn the_default_deck_has_108_cards() {
        assert_eq!(Config::default().deck().count_ones(), 108);
        let discovery = Config {
            mode: Mode::Discovery,
            max_value: 5,
            ..Config::default()
        };
        assert_eq!(discovery.deck().count_ones(), 36);
        assert_eq!(discovery.card_at(7), Some(SPAN + 1));
    }
}
