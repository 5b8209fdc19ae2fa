//! Num Wars cards and the config (`numwars.cards`, `numwars.config`).
//!
//! A card is its index in `config.all_cards()`, which is also its action id and its
//! canonical (`num_card_key`) rank: the families R, B, G, Y, RB, SH in turn, each from 0
//! to the format's top value, then JOKER, QUANTUM, NUMX, BOMB. A set of cards (a hand,
//! a won pile) is a `u128` with bit `i` for card `i` (the FULL deck has 106 cards), so a
//! hand is always in canonical order and iterating its bits yields `legal_actions` order.

/// A card: its index in `config.all_cards()`.
pub type Card = u8;
/// A set of cards: bit `i` is card `i`.
pub type Cards = u128;

/// The most seats of a game.
pub const MAX_PLAYERS: usize = 8;
/// The fewest seats of a game.
pub const MIN_PLAYERS: usize = 3;
/// `MAX_BONUS`: every bonus lies in `-MAX_BONUS..=MAX_BONUS`.
pub const MAX_BONUS: i64 = 10_000;
/// `MAX_ROUNDS`: the most rounds of a game.
pub const MAX_ROUNDS: u32 = 1000;

/// The families in canonical order (the suit keys of the classic ones are the same).
pub const RED: usize = 0;
/// RAINBOW, the first trump family (and the suit key of every trump).
pub const RAINBOW: usize = 4;
/// SHADOW, the second trump family.
pub const SHADOW: usize = 5;
/// The suit key of the trumps (RAINBOW and SHADOW are one suit).
pub const TRUMP: usize = RAINBOW;

/// The four specials, as offsets after the family cards (canonical order).
pub const JOKER_AT: usize = 0;
/// QUANTUM's offset after the family cards.
pub const QUANTUM_AT: usize = 1;
/// NUMX's offset after the family cards.
pub const NUM_X_AT: usize = 2;
/// BOMB's offset after the family cards.
pub const BOMB_AT: usize = 3;

/// The two decks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Values 0..12: 82 cards.
    Short,
    /// Values 0..16: 106 cards.
    Full,
}

/// The masks and sizes a format fixes, computed once (`const`).
#[derive(Debug)]
pub struct Deck {
    /// Cards per family (top value + 1).
    pub span: usize,
    /// Cards in the deck.
    pub size: usize,
    /// Each family's cards.
    pub family: [Cards; 6],
    /// The cards of each suit key (0..4 classic, 4 the trumps).
    pub suit: [Cards; 5],
    /// Every family card.
    pub families: Cards,
    /// Every real trump (RAINBOW and SHADOW).
    pub trumps: Cards,
    /// The four specials.
    pub specials: Cards,
    /// Each value's classic cards (R, B, G, Y of that value).
    pub column: [Cards; 17],
}

const fn range(from: usize, to: usize) -> Cards {
    let mut mask = 0;
    let mut i = from;
    while i < to {
        mask |= 1 << i;
        i += 1;
    }
    mask
}

const fn deck(span: usize) -> Deck {
    let mut family = [0; 6];
    let mut f = 0;
    while f < 6 {
        family[f] = range(f * span, (f + 1) * span);
        f += 1;
    }
    let trumps = family[RAINBOW] | family[SHADOW];
    let mut column = [0; 17];
    let mut v = 0;
    while v < span {
        column[v] = (1 << v) | (1 << (span + v)) | (1 << (2 * span + v)) | (1 << (3 * span + v));
        v += 1;
    }
    Deck {
        span,
        size: 6 * span + 4,
        family,
        suit: [family[0], family[1], family[2], family[3], trumps],
        families: range(0, 6 * span),
        trumps,
        specials: range(6 * span, 6 * span + 4),
        column,
    }
}

static SHORT: Deck = deck(13);
static FULL: Deck = deck(17);

impl Format {
    /// The format's deck and masks.
    pub fn deck(self) -> &'static Deck {
        match self {
            Format::Short => &SHORT,
            Format::Full => &FULL,
        }
    }

    /// `Format.value`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Short => "short",
            Format::Full => "full",
        }
    }
}

impl Deck {
    /// The family card of `family` and `value`.
    pub const fn card(&self, family: usize, value: usize) -> Card {
        (family * self.span + value) as Card
    }

    /// A special by its offset (`JOKER_AT`, ...).
    pub const fn special(&self, at: usize) -> Card {
        (6 * self.span + at) as Card
    }

    /// The family of a card, or None for a special.
    pub fn family_of(&self, card: Card) -> Option<usize> {
        let c = card as usize;
        (c < 6 * self.span).then(|| c / self.span)
    }

    /// The value of a family card (meaningless for a special).
    pub fn value_of(&self, card: Card) -> usize {
        card as usize % self.span
    }

    /// The suit key of a card (SHADOW counts as RAINBOW); None for a special.
    pub fn key(&self, card: Card) -> Option<usize> {
        self.family_of(card).map(|f| f.min(TRUMP))
    }

    /// The value of a real trump, or None for any other card.
    pub fn trump_value(&self, card: Card) -> Option<usize> {
        (self.trumps & (1 << card) != 0).then(|| self.value_of(card))
    }

    /// The real trumps (both halves) of the values in `values` (bit `v`: value `v`).
    pub fn trumps_of(&self, values: u32) -> Cards {
        let values = Cards::from(values);
        (values << (RAINBOW * self.span)) | (values << (SHADOW * self.span))
    }
}

/// The cards of a set in canonical order.
pub fn cards_of(mut set: Cards) -> impl Iterator<Item = Card> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let card = set.trailing_zeros() as Card;
            set &= set - 1;
            card
        })
    })
}

/// A secret role, from the lot card a seat drew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Drew the BOMB.
    Bomber,
    /// Drew the QUANTUM.
    Deminer,
    /// Drew NUMX.
    NumX,
    /// Drew the JOKER.
    Accomplice,
    /// Drew a neutral 1.
    Civilian,
}

/// Why a config cannot be a Num Wars config (Python's `ConfigError`, as a message).
pub type ConfigError = String;

/// `numwars.Config`, with the role lot it fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Seats, 3..8.
    pub players: u8,
    /// The deck.
    pub format: Format,
    /// Cards per hand, role card included.
    pub hand_size: u8,
    /// Rounds of the game.
    pub rounds: u32,
    /// The JOKER joins the lot from this many players.
    pub joker_from: u8,
    /// The bonuses, in the order of [`Bonuses`]'s fields.
    pub bonus: Bonuses,
    /// The role lot, one card per seat (`config.lot()`); the first `players` are used.
    pub lot: [Card; MAX_PLAYERS],
    /// The lot cards as a set.
    pub lot_mask: Cards,
}

/// The points of the scoring a config can change.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bonuses {
    /// Two classic cards of one value.
    pub pair_points: i32,
    /// Three classic cards of one value: their value plus this.
    pub triple_bonus: i32,
    /// Four classic cards of one value: their value plus this.
    pub quadruple_bonus: i32,
    /// Bomber: the Bomb kept without the Joker.
    pub bomb_kept: i32,
    /// Bomber: the Bomb kept thanks to the Joker.
    pub bomb_protected: i32,
    /// Whoever played the Joker that protected the Bomb.
    pub joker_protects: i32,
    /// Deminer: captured the Bomb.
    pub deminer_captures: i32,
    /// Every Civilian, when a Civilian captured the Bomb.
    pub civilian_captures: i32,
    /// Num-X player: captured the Bomb.
    pub num_x_captures: i32,
    /// Deminer: no capture, but won the trick holding the JOKER.
    pub deminer_consolation: i32,
    /// Num-X player: neither a Civilian nor the Num-X player captured the Bomb.
    pub num_x_spared: i32,
}

impl Bonuses {
    /// The names of the fields, as the Python Config's attributes.
    pub const NAMES: [&'static str; 11] = [
        "pair_points",
        "triple_bonus",
        "quadruple_bonus",
        "bomb_kept",
        "bomb_protected",
        "joker_protects",
        "deminer_captures",
        "civilian_captures",
        "num_x_captures",
        "deminer_consolation",
        "num_x_spared",
    ];

    /// The bonuses from values in the order of [`Bonuses::NAMES`].
    pub fn from_values(v: [i32; 11]) -> Bonuses {
        Bonuses {
            pair_points: v[0],
            triple_bonus: v[1],
            quadruple_bonus: v[2],
            bomb_kept: v[3],
            bomb_protected: v[4],
            joker_protects: v[5],
            deminer_captures: v[6],
            civilian_captures: v[7],
            num_x_captures: v[8],
            deminer_consolation: v[9],
            num_x_spared: v[10],
        }
    }

    /// The standard scoring (the Python defaults).
    pub const STANDARD: Bonuses = Bonuses {
        pair_points: 0,
        triple_bonus: 30,
        quadruple_bonus: 50,
        bomb_kept: 50,
        bomb_protected: 30,
        joker_protects: 20,
        deminer_captures: 50,
        civilian_captures: 15,
        num_x_captures: -10,
        deminer_consolation: 20,
        num_x_spared: 30,
    };
}

/// `HAND_SIZES`: the standard hand size for each number of players.
pub fn standard_hand_size(players: usize) -> usize {
    match players {
        3 => 27,
        4 => 20,
        5 => 16,
        6 => 17,
        7 => 15,
        _ => 13,
    }
}

impl Config {
    /// `Config(players)` with every default, as Python fills them in.
    pub fn standard(players: usize) -> Result<Config, ConfigError> {
        let format = if players > 5 { Format::Full } else { Format::Short };
        let hand = standard_hand_size(players).min(format.deck().size / players.max(1));
        Config::new(players, format, hand, players as u32, 4, Bonuses::STANDARD)
    }

    /// A config, checked as `Config.__attrs_post_init__` checks it.
    pub fn new(
        players: usize,
        format: Format,
        hand_size: usize,
        rounds: u32,
        joker_from: usize,
        bonus: Bonuses,
    ) -> Result<Config, ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players}"
            ));
        }
        let deck = format.deck();
        if !(1..=deck.size).contains(&hand_size) || players * hand_size > deck.size {
            return Err(format!(
                "hand_size {hand_size} does not fit {players} hands in the deck"
            ));
        }
        if !(1..=MAX_ROUNDS).contains(&rounds) {
            return Err(format!("rounds must be 1..{MAX_ROUNDS}, got {rounds}"));
        }
        if joker_from > MAX_PLAYERS + 1 {
            return Err(format!(
                "joker_from must be 0..{}, got {joker_from}",
                MAX_PLAYERS + 1
            ));
        }
        let mut all = vec![
            deck.special(BOMB_AT),
            deck.special(QUANTUM_AT),
            deck.special(NUM_X_AT),
        ];
        if players >= joker_from {
            all.push(deck.special(JOKER_AT));
        }
        all.extend((0..4).map(|f| deck.card(RED + f, 1)));
        if all.len() < players {
            return Err(format!(
                "the role lot of {players} players without the JOKER needs {} neutral 1s",
                players - 3
            ));
        }
        let mut lot = [0; MAX_PLAYERS];
        lot[..players].copy_from_slice(&all[..players]);
        let lot_mask = lot[..players].iter().fold(0, |m, &c| m | (1 << c));
        Ok(Config {
            players: players as u8,
            format,
            hand_size: hand_size as u8,
            rounds,
            joker_from: joker_from as u8,
            bonus,
            lot,
            lot_mask,
        })
    }

    /// The format's deck and masks.
    pub fn deck(&self) -> &'static Deck {
        self.format.deck()
    }

    /// Seats, as a `usize`.
    pub fn n(&self) -> usize {
        self.players as usize
    }

    /// The role a lot card gives, or None for a card that is not a lot card.
    pub fn role_of(&self, card: Card) -> Option<Role> {
        let deck = self.deck();
        let c = card as usize;
        if c >= 6 * deck.span {
            return Some(match c - 6 * deck.span {
                BOMB_AT => Role::Bomber,
                QUANTUM_AT => Role::Deminer,
                NUM_X_AT => Role::NumX,
                _ => Role::Accomplice,
            });
        }
        (deck.value_of(card) == 1 && c < 4 * deck.span).then_some(Role::Civilian)
    }

    /// `value_points`: the points of `count` classic cards of `value` in one pile.
    pub fn value_points(&self, value: usize, count: u32) -> i64 {
        let value = value as i64;
        let b = &self.bonus;
        match count {
            0 => 0,
            1 => value,
            2 => i64::from(b.pair_points),
            3 => value + i64::from(b.triple_bonus),
            _ => value + i64::from(b.quadruple_bonus),
        }
    }

    /// `card_points`: the points of a won pile (classic cards grouped by value).
    pub fn card_points(&self, won: Cards) -> i64 {
        let deck = self.deck();
        (0..deck.span)
            .map(|v| self.value_points(v, (won & deck.column[v]).count_ones()))
            .sum()
    }
}

/// `pair_points`: each stolen pair (bit `v` of `values`: the pair of value `v`) is worth
/// its value.
pub fn pair_points(values: u32) -> i64 {
    (0..32).filter(|v| values & (1 << v) != 0).map(i64::from).sum()
}
