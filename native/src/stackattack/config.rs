//! Stack Attack cards and `Config` (`numrules.stackattack.cards` / `.config`).

/// A card: its number, 1..=`deck_size` (0 is never a card; it marks "none" in the state).
pub type Card = u16;

/// The fewest seats.
pub const MIN_PLAYERS: usize = 2;
/// The most seats.
pub const MAX_PLAYERS: usize = 6;
/// The most rows (`Config.rows` is bounded to 1..16).
pub const MAX_ROWS: usize = 16;
/// The largest `deck_size` (it fits a [`Card`]).
pub const MAX_DECK_SIZE: usize = 1000;
/// The largest penalty of one card.
pub const MAX_PENALTY: i64 = 1000;
/// The largest `max_rounds` (`numrules.core.validation.MAX_ROUNDS`).
pub const MAX_ROUNDS: u32 = 100_000;

/// The four kinds of action card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    /// Its holder swaps it with the revealed card of another seat.
    Switch,
    /// Its holder closes a row for this turn.
    Block,
    /// Never takes a row.
    Shield,
    /// Placement runs from the highest card to the lowest this turn.
    Decreasing,
}

/// `default_penalty(n)`: the penalty points of card `n` under the default table.
pub fn default_penalty(n: usize) -> i64 {
    if n == 55 {
        8
    } else if n % 11 == 0 {
        5
    } else if n % 10 == 0 {
        3
    } else if n % 10 == 5 {
        2
    } else {
        1
    }
}

/// The rules of a game, as the Python `Config` (validated the same way).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Number of seats, 2..=6.
    pub players: usize,
    /// Cards dealt to each seat per round (a round has this many turns).
    pub hand_size: usize,
    /// Number of rows, 1..=16.
    pub rows: usize,
    /// Most cards a row holds before the next one takes it.
    pub row_limit: usize,
    /// The game ends after a round in which some total reaches this.
    pub end_score: i64,
    /// The cards are numbered 1..=deck_size.
    pub deck_size: usize,
    /// Penalty of card n at `penalties[n - 1]`.
    pub penalties: Vec<i64>,
    /// The SWITCH cards, in config order.
    pub switch: Vec<Card>,
    /// The BLOCK cards, in config order.
    pub block: Vec<Card>,
    /// The SHIELD cards, in config order.
    pub shield: Vec<Card>,
    /// The DECREASING cards, in config order.
    pub decreasing: Vec<Card>,
    /// If set, the game also ends after this many rounds.
    pub max_rounds: Option<u32>,
    /// The power of card n at `powers[n]` (index 0 unused); filled by [`Config::validate`].
    powers: Vec<Option<Power>>,
}

impl Config {
    /// The standard game for `players` seats (the Python `Config(players=players)`).
    pub fn standard(players: usize) -> Result<Config, String> {
        Config::new(ConfigSpec {
            players,
            ..ConfigSpec::default()
        })
    }

    /// A validated config: the checks of the Python `Config`, with its messages.
    pub fn new(spec: ConfigSpec) -> Result<Config, String> {
        let penalties = spec
            .penalties
            .unwrap_or_else(|| (1..=spec.deck_size).map(default_penalty).collect());
        let mut config = Config {
            players: spec.players,
            hand_size: spec.hand_size,
            rows: spec.rows,
            row_limit: spec.row_limit,
            end_score: spec.end_score,
            deck_size: spec.deck_size,
            penalties,
            switch: spec.switch,
            block: spec.block,
            shield: spec.shield,
            decreasing: spec.decreasing,
            max_rounds: spec.max_rounds,
            powers: Vec::new(),
        };
        config.validate()?;
        Ok(config)
    }

    fn validate(&mut self) -> Result<(), String> {
        let bounded = |name: &str, value: i64, lo: i64, hi: i64| {
            if (lo..=hi).contains(&value) {
                Ok(())
            } else {
                Err(format!("{name} must be in {lo}..{hi}, got {value}"))
            }
        };
        bounded(
            "players",
            self.players as i64,
            MIN_PLAYERS as i64,
            MAX_PLAYERS as i64,
        )?;
        bounded("hand_size", self.hand_size as i64, 1, 100)?;
        bounded("rows", self.rows as i64, 1, MAX_ROWS as i64)?;
        bounded("row_limit", self.row_limit as i64, 1, 100)?;
        bounded("end_score", self.end_score, 1, 1_000_000)?;
        bounded("deck_size", self.deck_size as i64, 1, MAX_DECK_SIZE as i64)?;
        if let Some(m) = self.max_rounds {
            bounded("max_rounds", i64::from(m), 1, i64::from(MAX_ROUNDS))?;
        }
        let needed = self.players * self.hand_size + self.rows;
        if needed > self.deck_size {
            return Err(format!(
                "{} hands of {} plus {} row cards need {needed} cards; the deck has {}",
                self.players, self.hand_size, self.rows, self.deck_size
            ));
        }
        if self.penalties.len() != self.deck_size {
            return Err(format!("penalties must be a tuple of {} ints", self.deck_size));
        }
        if !self.penalties.iter().all(|p| (0..=MAX_PENALTY).contains(p)) {
            return Err(format!("penalties must be ints in 0..{MAX_PENALTY}"));
        }
        let mut powers = vec![None; self.deck_size + 1];
        let kinds = [
            (Power::Switch, &self.switch, "switch"),
            (Power::Block, &self.block, "block"),
            (Power::Shield, &self.shield, "shield"),
            (Power::Decreasing, &self.decreasing, "decreasing"),
        ];
        for (power, cards, name) in kinds {
            for &n in cards {
                let slot = powers
                    .get_mut(usize::from(n))
                    .filter(|_| n >= 1)
                    .ok_or_else(|| format!("{name} card {n} is not in 1..{}", self.deck_size))?;
                if slot.is_some() {
                    return Err(format!("card {n} cannot be both of two powers"));
                }
                *slot = Some(power);
            }
        }
        if self.block.len() >= self.rows {
            return Err("there must be more rows than BLOCK cards, so one row stays open".into());
        }
        self.powers = powers;
        Ok(())
    }

    /// The power of a card, or None for a plain card.
    #[inline]
    pub fn power(&self, card: Card) -> Option<Power> {
        self.powers.get(usize::from(card)).copied().flatten()
    }

    /// Whether `card` is a SHIELD.
    #[inline]
    pub fn is_shield(&self, card: Card) -> bool {
        self.power(card) == Some(Power::Shield)
    }

    /// The penalty points of one card of the deck.
    #[inline]
    pub fn penalty(&self, card: Card) -> i64 {
        self.penalties[usize::from(card) - 1]
    }

    /// Every card of the deck, ascending (`config.all_cards()`).
    pub fn all_cards(&self) -> Vec<Card> {
        // deck_size <= MAX_DECK_SIZE, so every number fits a Card.
        (1..=self.deck_size as Card).collect()
    }
}

/// The options of a [`Config`], defaults as in Python (the standard 4-player game).
#[derive(Clone, Debug)]
pub struct ConfigSpec {
    /// `players`.
    pub players: usize,
    /// `hand_size`.
    pub hand_size: usize,
    /// `rows`.
    pub rows: usize,
    /// `row_limit`.
    pub row_limit: usize,
    /// `end_score`.
    pub end_score: i64,
    /// `deck_size`.
    pub deck_size: usize,
    /// `penalties` (None: the default table over the deck).
    pub penalties: Option<Vec<i64>>,
    /// `switch`.
    pub switch: Vec<Card>,
    /// `block`.
    pub block: Vec<Card>,
    /// `shield`.
    pub shield: Vec<Card>,
    /// `decreasing`.
    pub decreasing: Vec<Card>,
    /// `max_rounds`.
    pub max_rounds: Option<u32>,
}

impl Default for ConfigSpec {
    fn default() -> Self {
        ConfigSpec {
            players: 4,
            hand_size: 10,
            rows: 4,
            row_limit: 5,
            end_score: 64,
            deck_size: 64,
            penalties: None,
            switch: vec![6, 38],
            block: vec![14, 46],
            shield: vec![18, 52],
            decreasing: vec![27, 59],
            max_rounds: None,
        }
    }
}
