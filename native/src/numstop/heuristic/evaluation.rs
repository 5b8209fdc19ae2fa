//! `numrules.numstop.strategy.evaluation`: `estimate_validation` (the greedy estimate of
//! what a collection validates) and `evaluate` (a seat's standing for a search bot),
//! with the same integer greedy, the same tie-breaks and the same f64 operations in the
//! same order as the Python module.

use super::super::cards::{cards_of, family, is_family, value, Cards, Config, Mode, RAINBOW, SHADOW};
use super::super::rules::scores;
use super::super::selection::{
    DECISION_INDEX, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, LARGE_STRAIGHT, PAIR, SHADOW_STRAIGHT, SMALL_STRAIGHT,
    STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIRS,
};
use super::super::state::{Phase, State, NONE};

/// `PILE_SHARE`.
pub const PILE_SHARE: f64 = 0.5;
/// `PILE_CARD`.
pub const PILE_CARD: f64 = 3.0;
/// `POTENTIAL`.
pub const POTENTIAL: f64 = 5.0;

/// `_ORDERS`: the orders the greedy tries.
const ORDERS: [[u8; 10]; 3] = [
    [
        STRAIGHT_FLUSH,
        FOUR_OF_A_KIND,
        SHADOW_STRAIGHT,
        FULL_HOUSE,
        LARGE_STRAIGHT,
        FLUSH,
        THREE_OF_A_KIND,
        TWO_PAIRS,
        SMALL_STRAIGHT,
        PAIR,
    ],
    [
        SHADOW_STRAIGHT,
        LARGE_STRAIGHT,
        STRAIGHT_FLUSH,
        FLUSH,
        FULL_HOUSE,
        FOUR_OF_A_KIND,
        THREE_OF_A_KIND,
        SMALL_STRAIGHT,
        TWO_PAIRS,
        PAIR,
    ],
    [
        FULL_HOUSE,
        FOUR_OF_A_KIND,
        THREE_OF_A_KIND,
        TWO_PAIRS,
        PAIR,
        SHADOW_STRAIGHT,
        STRAIGHT_FLUSH,
        FLUSH,
        LARGE_STRAIGHT,
        SMALL_STRAIGHT,
    ],
];

const COLOURS: usize = RAINBOW as usize + 1;

/// `_Take`: points, the (colour, value) cards taken, the wilds taken, and the Shadows
/// taken at their own value (a value mask).
#[derive(Clone, Debug)]
struct Take {
    points: i64,
    cards: Vec<(u8, u8)>,
    wilds: u32,
    own: u32,
}

/// `_Cards`: which colour holds each value (`held[f]` a value mask), the count of each
/// value, and the Shadows by value (a value mask: each Shadow value is held once, so
/// the sorted list of the Python class is this mask read upwards).
#[derive(Clone, Debug)]
struct FreeCards {
    held: [u32; COLOURS],
    count: [i32; 17],
    size: usize,
    shadows: u32,
}

impl FreeCards {
    fn new(collection: Cards, max_value: u8) -> FreeCards {
        let mut held = [0u32; COLOURS];
        let mut shadows = 0u32;
        for card in cards_of(collection) {
            if !is_family(card) {
                continue;
            }
            if family(card) == SHADOW {
                shadows |= 1 << value(card);
            } else {
                held[usize::from(family(card))] |= 1 << value(card);
            }
        }
        let size = usize::from(max_value) + 1;
        let mut count = [0i32; 17];
        for (v, c) in count.iter_mut().enumerate().take(size) {
            *c = held.iter().filter(|&&h| h & (1 << v) != 0).count() as i32;
        }
        FreeCards {
            held,
            count,
            size,
            shadows,
        }
    }

    fn row(&self, f: usize, v: usize) -> bool {
        self.held[f] & (1 << v) != 0
    }

    /// `families_of`: `n` cards of `value` from the colours holding the fewest cards.
    fn families_of(&self, v: usize, n: usize, out: &mut Vec<(u8, u8)>) {
        let mut have: Vec<usize> = (0..COLOURS).filter(|&f| self.row(f, v)).collect();
        have.sort_by_key(|&f| self.held[f].count_ones()); // stable, as Python's sort
        out.extend(have.iter().take(n).map(|&f| (f as u8, v as u8)));
    }

    fn take(&mut self, choice: &Take) {
        for &(f, v) in &choice.cards {
            self.held[usize::from(f)] &= !(1 << v);
            self.count[usize::from(v)] -= 1;
        }
        self.shadows &= !choice.own;
        for _ in 0..choice.wilds {
            // `pop()`: the highest Shadow.
            if self.shadows != 0 {
                self.shadows &= !(1 << (31 - self.shadows.leading_zeros()));
            }
        }
    }
}

/// The best groups of `same_value` so far: points, (value, cards) groups, wild used.
type Groups = (i64, Vec<(usize, i32)>, bool);

fn same_value(cards: &FreeCards, sizes: &[i32], bonus: i64, wild: i64) -> Option<Take> {
    let has_wild = cards.shadows != 0;
    let mut best: Option<Groups> = None;
    #[allow(clippy::too_many_arguments)]
    fn fill(
        cards: &FreeCards,
        sizes: &[i32],
        has_wild: bool,
        wild: i64,
        i: usize,
        used: &mut Vec<(usize, i32)>,
        wild_used: bool,
        points: i64,
        best: &mut Option<Groups>,
    ) {
        if i == sizes.len() {
            if best.as_ref().map_or(true, |b| points > b.0) {
                *best = Some((points, used.clone(), wild_used));
            }
            return;
        }
        let size = sizes[i];
        for v in (0..cards.size).rev() {
            if used.iter().any(|&(w, _)| w == v) {
                continue;
            }
            let c = cards.count[v];
            if c >= size {
                used.push((v, size));
                let p = points + i64::from(size) * v as i64;
                fill(cards, sizes, has_wild, wild, i + 1, used, wild_used, p, best);
                used.pop();
            } else if has_wild && !wild_used && c == size - 1 {
                used.push((v, size - 1));
                let p = points + i64::from(size - 1) * v as i64 + wild;
                fill(cards, sizes, has_wild, wild, i + 1, used, true, p, best);
                used.pop();
            }
        }
    }
    let mut used = Vec::new();
    fill(
        cards, sizes, has_wild, wild, 0, &mut used, false, bonus, &mut best,
    );
    let (points, used, wild_used) = best?;
    let mut taken = Vec::new();
    for (v, n) in used {
        cards.families_of(v, n as usize, &mut taken);
    }
    Some(Take {
        points,
        cards: taken,
        wilds: u32::from(wild_used),
        own: 0,
    })
}

fn straight(cards: &FreeCards, length: usize, bonus: i64, wild: i64) -> Option<Take> {
    let has_wild = cards.shadows != 0;
    let mut best: Option<Take> = None;
    if cards.size < length {
        return None;
    }
    for start in (0..=cards.size - length).rev() {
        let window = start..start + length;
        let missing = window.clone().filter(|&v| cards.count[v] == 0).count();
        if missing > usize::from(has_wild) {
            continue;
        }
        let sum: i64 = window
            .clone()
            .filter(|&v| cards.count[v] != 0)
            .map(|v| v as i64)
            .sum();
        let points = bonus + sum + if missing > 0 { wild } else { 0 };
        if best.as_ref().map_or(true, |b| points > b.points) {
            let mut taken = Vec::new();
            for v in window.filter(|&v| cards.count[v] != 0) {
                cards.families_of(v, 1, &mut taken);
            }
            best = Some(Take {
                points,
                cards: taken,
                wilds: missing as u32,
                own: 0,
            });
        }
    }
    best
}

fn flush(cards: &FreeCards, bonus: i64, wild: i64) -> Option<Take> {
    let mut best: Option<Take> = None;
    for f in 0..COLOURS {
        let values: Vec<usize> = (0..cards.size).rev().filter(|&v| cards.row(f, v)).collect();
        let choice = if values.len() >= 5 {
            let top = &values[..5];
            Take {
                points: bonus + top.iter().map(|&v| v as i64).sum::<i64>(),
                cards: top.iter().map(|&v| (f as u8, v as u8)).collect(),
                wilds: 0,
                own: 0,
            }
        } else if values.len() == 4 && cards.shadows != 0 {
            Take {
                points: bonus + values.iter().map(|&v| v as i64).sum::<i64>() + wild,
                cards: values.iter().map(|&v| (f as u8, v as u8)).collect(),
                wilds: 1,
                own: 0,
            }
        } else {
            continue;
        };
        if best.as_ref().map_or(true, |b| choice.points > b.points) {
            best = Some(choice);
        }
    }
    best
}

fn straight_flush(cards: &FreeCards, bonus: i64, wild: i64) -> Option<Take> {
    let mut best: Option<Take> = None;
    let has_wild = cards.shadows != 0;
    if cards.size < 4 {
        return None;
    }
    for f in 0..COLOURS {
        for start in (0..=cards.size - 4).rev() {
            let window = start..start + 4;
            let missing = window.clone().filter(|&v| !cards.row(f, v)).count();
            if missing > usize::from(has_wild) {
                continue;
            }
            let sum: i64 = window
                .clone()
                .filter(|&v| cards.row(f, v))
                .map(|v| v as i64)
                .sum();
            let points = bonus + sum + if missing > 0 { wild } else { 0 };
            if best.as_ref().map_or(true, |b| points > b.points) {
                best = Some(Take {
                    points,
                    cards: window
                        .filter(|&v| cards.row(f, v))
                        .map(|v| (f as u8, v as u8))
                        .collect(),
                    wilds: missing as u32,
                    own: 0,
                });
            }
        }
    }
    best
}

fn shadow_straight(cards: &FreeCards, bonus: i64) -> Option<Take> {
    if cards.shadows == 0 {
        return None;
    }
    let shadows = cards.shadows;
    let is_shadow = |v: usize| shadows & (1 << v) != 0;
    let mut best: Option<(i64, Take)> = None;
    for start in 0..cards.size.saturating_sub(2) {
        let window = start..start + 3;
        for shadow in window.clone().filter(|&v| is_shadow(v)) {
            let rest: Vec<usize> = window.clone().filter(|&v| v != shadow).collect();
            if rest.iter().all(|&v| cards.count[v] != 0 || is_shadow(v)) {
                let mut taken = Vec::new();
                for &v in rest.iter().filter(|&&v| cards.count[v] != 0) {
                    cards.families_of(v, 1, &mut taken);
                }
                let mut spent = 1u32 << shadow;
                for &v in rest.iter().filter(|&&v| cards.count[v] == 0) {
                    spent |= 1 << v;
                }
                let cost: i64 = rest
                    .iter()
                    .filter(|&&v| cards.count[v] != 0)
                    .map(|&v| v as i64)
                    .sum();
                if best.as_ref().map_or(true, |b| cost < b.0) {
                    best = Some((
                        cost,
                        Take {
                            points: bonus,
                            cards: taken,
                            wilds: 0,
                            own: spent,
                        },
                    ));
                }
            }
        }
    }
    best.map(|(_, take)| take)
}

fn best_take(cards: &FreeCards, objective: u8, config: &Config) -> Option<Take> {
    let bonus = i64::from(config.bonuses[usize::from(objective)]);
    let wild = i64::from(config.wild_points);
    match objective {
        PAIR => same_value(cards, &[2], bonus, wild),
        TWO_PAIRS => same_value(cards, &[2, 2], bonus, wild),
        THREE_OF_A_KIND => same_value(cards, &[3], bonus, wild),
        FOUR_OF_A_KIND => same_value(cards, &[4], bonus, wild),
        FULL_HOUSE => same_value(cards, &[3, 2], bonus, wild),
        SMALL_STRAIGHT => straight(cards, 4, bonus, wild),
        LARGE_STRAIGHT => straight(cards, 6, bonus, wild),
        FLUSH => flush(cards, bonus, wild),
        STRAIGHT_FLUSH => straight_flush(cards, bonus, wild),
        _ => shadow_straight(cards, bonus),
    }
}

/// `estimate_validation(collection, objectives, config)`: `wanted` is a mask of
/// objectives by scorecard index.
pub fn estimate_validation(collection: Cards, wanted: u16, config: &Config) -> i64 {
    let start = FreeCards::new(collection, config.max_value);
    let discovery = config.mode == Mode::Discovery;
    let mut best = 0;
    for order in &ORDERS {
        let mut cards = start.clone();
        let mut total = 0;
        for &objective in order {
            if wanted & (1 << objective) == 0 {
                continue;
            }
            let Some(choice) = best_take(&cards, objective, config) else {
                continue;
            };
            cards.take(&choice);
            total += if discovery { 1 } else { choice.points };
        }
        best = best.max(total);
    }
    best
}

/// Whether a phase is one of `TURN_PHASES` (a turn is played).
pub fn in_turn(phase: Phase) -> bool {
    !matches!(phase, Phase::Validation | Phase::Selection | Phase::Over)
}

/// `evaluate(state)` with the default `pile_share` and `potential`.
pub fn evaluate(state: &State) -> Vec<f64> {
    let base = scores(state);
    if state.phase == Phase::Over {
        return base.iter().map(|&s| s as f64).collect();
    }
    let config = &state.config;
    let players = state.players() as i64;
    let in_play = in_turn(state.phase);
    let stocks = (state.stock_len(0) + state.stock_len(1)) as f64;
    let left = stocks / f64::from(config.deck().count_ones());
    let first = i64::from(state.first_player());
    let player = i64::from(state.player);
    let mut out = Vec::with_capacity(state.players());
    for (seat, &own) in base.iter().enumerate() {
        let s = seat as i64;
        if !in_play && (s - first).rem_euclid(players) < (player - first).rem_euclid(players) {
            out.push(own as f64);
            continue;
        }
        let start = if !in_play && seat == usize::from(state.player) {
            if state.objective == NONE {
                10
            } else {
                DECISION_INDEX[usize::from(state.objective)]
            }
        } else {
            0
        };
        let mut wanted = 0u16;
        for (o, &p) in state.scorecards[seat].iter().enumerate() {
            if p < 0 && DECISION_INDEX[o] >= start {
                wanted |= 1 << o;
            }
        }
        let collection = state.collections[seat] & !state.scored[seat];
        let mut value = estimate_validation(collection, wanted, config) as f64;
        let pile = if in_play { state.piles[seat].cards } else { 0 };
        if pile != 0 {
            let more = estimate_validation(collection | pile, wanted, config);
            value += PILE_SHARE * f64::max(0.0, more as f64 - value);
        }
        if in_play {
            let n = f64::from(collection.count_ones() + pile.count_ones());
            value += POTENTIAL * left * n + PILE_CARD * f64::from(pile.count_ones());
        }
        out.push(own as f64 + value);
    }
    out
}
