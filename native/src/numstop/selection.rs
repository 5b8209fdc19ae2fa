//! The ten objectives and the stepwise validation test (`numrules.numstop.objectives`,
//! `numrules.numstop.selection`): which cards can still begin or continue a combination,
//! reasoned on counts per value and per family, exactly as the Python `_Pool` does.

use super::cards::{bit, cards_of, family, family_values, value, Cards, RAINBOW, SHADOW, SPAN};

/// Objectives by scorecard index.
pub const PAIR: u8 = 0;
/// Two pairs.
pub const TWO_PAIRS: u8 = 1;
/// Three of a kind.
pub const THREE_OF_A_KIND: u8 = 2;
/// Four of a kind.
pub const FOUR_OF_A_KIND: u8 = 3;
/// Full house.
pub const FULL_HOUSE: u8 = 4;
/// Small straight.
pub const SMALL_STRAIGHT: u8 = 5;
/// Large straight.
pub const LARGE_STRAIGHT: u8 = 6;
/// Flush.
pub const FLUSH: u8 = 7;
/// Straight flush.
pub const STRAIGHT_FLUSH: u8 = 8;
/// Shadow straight.
pub const SHADOW_STRAIGHT: u8 = 9;

/// Cards per combination, by objective.
pub const SIZES: [u8; 10] = [2, 4, 3, 4, 5, 4, 6, 5, 4, 3];
/// The objectives in `DECISION_ORDER` (the rarest first).
pub const DECISION_ORDER: [u8; 10] = [
    SHADOW_STRAIGHT,
    FOUR_OF_A_KIND,
    STRAIGHT_FLUSH,
    LARGE_STRAIGHT,
    FLUSH,
    FULL_HOUSE,
    THREE_OF_A_KIND,
    SMALL_STRAIGHT,
    TWO_PAIRS,
    PAIR,
];
/// The position of each objective (scorecard index) in `DECISION_ORDER`.
pub const DECISION_INDEX: [u8; 10] = [9, 8, 6, 1, 5, 7, 3, 4, 2, 0];
/// The names of the objectives (their Python values), by scorecard index.
pub const NAMES: [&str; 10] = [
    "pair",
    "two_pairs",
    "three_of_a_kind",
    "four_of_a_kind",
    "full_house",
    "small_straight",
    "large_straight",
    "flush",
    "straight_flush",
    "shadow_straight",
];

/// The group sizes of a same-value objective (ascending), or None.
pub(crate) fn same_value(objective: u8) -> Option<&'static [u8]> {
    match objective {
        PAIR => Some(&[2]),
        THREE_OF_A_KIND => Some(&[3]),
        FOUR_OF_A_KIND => Some(&[4]),
        TWO_PAIRS => Some(&[2, 2]),
        FULL_HOUSE => Some(&[2, 3]),
        _ => None,
    }
}

/// `combination_points`: the card values plus the bonus, a wild scoring `wild_points`;
/// a shadow straight scores its bonus alone.
pub fn combination_points(objective: u8, cards: Cards, bonuses: &[u16; 10], wild_points: u16) -> i16 {
    let bonus = i32::from(bonuses[usize::from(objective)]);
    if objective == SHADOW_STRAIGHT {
        return bonus as i16;
    }
    let total = cards_of(cards).fold(bonus, |t, c| {
        t + if family(c) == SHADOW {
            i32::from(wild_points)
        } else {
            i32::from(value(c))
        }
    });
    // At most 10000 + 6 * 1000: fits.
    total as i16
}

/// The Python `_Pool`: a set of unused cards counted for the tests.
#[derive(Clone, Copy, Debug)]
struct Pool {
    max_value: i32,
    /// Non-Shadow cards of each value.
    by_value: [u8; SPAN as usize],
    /// The values held in each flush family (R, B, G, Y, RB).
    families: [u32; 5],
    /// The values held (Shadows too).
    values: u32,
    /// The values of the Shadows held.
    shadowed: u32,
    shadows: u32,
    /// The values held by non-Shadow cards.
    naturals: u32,
    size: u32,
}

impl Pool {
    fn new(cards: Cards, max_value: u8) -> Pool {
        let mut pool = Pool {
            max_value: i32::from(max_value),
            by_value: [0; SPAN as usize],
            families: [0; 5],
            values: 0,
            shadowed: 0,
            shadows: 0,
            naturals: 0,
            size: cards.count_ones(),
        };
        for f in 0..5 {
            let held = family_values(cards, f);
            pool.families[usize::from(f)] = held;
            pool.naturals |= held;
            let mut rest = held;
            while rest != 0 {
                pool.by_value[rest.trailing_zeros() as usize] += 1;
                rest &= rest - 1;
            }
        }
        pool.shadowed = family_values(cards, SHADOW);
        pool.shadows = pool.shadowed.count_ones();
        pool.values = pool.naturals | pool.shadowed;
        pool
    }

    fn add(&mut self, card: u8) {
        let b = 1u32 << value(card);
        self.values |= b;
        self.size += 1;
        let f = family(card);
        if f == SHADOW {
            self.shadows += 1;
            self.shadowed |= b;
        } else {
            self.by_value[usize::from(value(card))] += 1;
            self.naturals |= b;
            self.families[usize::from(f)] |= b;
        }
    }
}

const SHADOWS: Cards = 0x1_ffff << (SHADOW as u32 * SPAN as u32);

fn same_value_possible(sizes: &[u8], picked: Cards, pool: &Pool) -> bool {
    // The picked natural values and their counts (at most 5 cards picked).
    let mut counts: [(u8, u8); 6] = [(0, 0); 6];
    let mut distinct = 0usize;
    for card in cards_of(picked & !SHADOWS) {
        let v = value(card);
        match counts[..distinct].iter_mut().find(|(w, _)| *w == v) {
            Some(entry) => entry.1 += 1,
            None => {
                if distinct == counts.len() {
                    return false;
                }
                counts[distinct] = (v, 1);
                distinct += 1;
            }
        }
    }
    let wilds = (picked & SHADOWS).count_ones();
    let groups = sizes.len();
    if distinct > groups {
        return false;
    }
    let available = &pool.by_value;
    // The counts of the values not picked, most first, only as many as groups left.
    let mut free = [0u8; 2];
    let mut n_free = 0usize;
    for (v, &a) in available.iter().enumerate().take(pool.max_value as usize + 1) {
        if a == 0 || counts[..distinct].iter().any(|&(w, _)| usize::from(w) == v) {
            continue;
        }
        // Insert `a` into the top-2 list, descending.
        if n_free < 2 {
            free[n_free] = a;
            n_free += 1;
            if n_free == 2 && free[1] > free[0] {
                free.swap(0, 1);
            }
        } else if a > free[1] {
            free[1] = a;
            if free[1] > free[0] {
                free.swap(0, 1);
            }
        }
    }
    let n_free = n_free.min(groups - distinct);
    // `_wild_options`: no wild, or the wild in one group.
    let mut options: [[u8; 2]; 3] = [[0; 2]; 3];
    let mut n_options = 0;
    if wilds != 1 {
        options[0][..groups].copy_from_slice(sizes);
        n_options = 1;
    }
    if wilds == 1 || pool.shadows > 0 {
        for i in 0..groups {
            options[n_options][..groups].copy_from_slice(sizes);
            options[n_options][i] -= 1;
            n_options += 1;
        }
    }
    let orders: &[[usize; 2]] = if groups == 1 { &[[0, 1]] } else { &[[0, 1], [1, 0]] };
    for needs in &options[..n_options] {
        for order in orders {
            let fits = counts[..distinct]
                .iter()
                .zip(order.iter())
                .all(|(&(v, n), &g)| n <= needs[g] && needs[g] <= available[usize::from(v)]);
            if !fits {
                continue;
            }
            let mut rest = [0u8; 2];
            let mut n_rest = 0;
            for &g in &order[distinct..groups] {
                rest[n_rest] = needs[g];
                n_rest += 1;
            }
            if n_rest == 2 && rest[1] > rest[0] {
                rest.swap(0, 1);
            }
            if n_rest <= n_free && free.iter().zip(&rest[..n_rest]).all(|(f, n)| f >= n) {
                return true;
            }
        }
    }
    false
}

fn straight_possible(picked: Cards, pool: &Pool, length: i32, fam: Option<u8>) -> bool {
    let naturals = picked & !SHADOWS;
    let wilds = picked & SHADOWS != 0;
    let mut values = 0u32;
    for card in cards_of(naturals) {
        values |= 1 << value(card);
        if fam.is_some_and(|f| family(card) != f) {
            return false;
        }
    }
    if values.count_ones() != naturals.count_ones() {
        return false;
    }
    let held = match fam {
        None => pool.naturals,
        Some(f) => pool.families[usize::from(f)],
    };
    let (low, high) = if values != 0 {
        let max = 31 - values.leading_zeros() as i32;
        let min = values.trailing_zeros() as i32;
        (max - length + 1, min)
    } else {
        (0, pool.max_value)
    };
    let needed = if wilds || pool.shadows > 0 {
        length - 1
    } else {
        length
    };
    let window = (1u32 << length) - 1;
    let first = low.max(0);
    let last = high.min(pool.max_value - length + 1);
    (first..=last).any(|start| ((held >> start) & window).count_ones() as i32 >= needed)
}

fn flush_possible(picked: Cards, pool: &Pool, fam: u8) -> bool {
    if cards_of(picked & !SHADOWS).any(|c| family(c) != fam) {
        return false;
    }
    let count = pool.families[usize::from(fam)].count_ones();
    if picked & SHADOWS != 0 {
        return count >= 4;
    }
    count >= 5 || (count >= 4 && pool.shadows > 0)
}

fn shadow_straight_possible(picked: Cards, pool: &Pool) -> bool {
    let mut mask = 0u32;
    for card in cards_of(picked) {
        mask |= 1 << value(card);
    }
    if mask.count_ones() != picked.count_ones() {
        return false;
    }
    let has_shadow = picked & SHADOWS != 0;
    for start in 0..(pool.max_value - 1).max(0) {
        let window = 7u32 << start;
        if mask & !window != 0 || pool.values & window != window {
            continue;
        }
        if has_shadow || pool.shadowed & window & !mask != 0 {
            return true;
        }
    }
    false
}

/// `_families`: the flush family of the picked naturals (the first in canonical order),
/// or every flush family.
fn flush_families(picked: Cards) -> std::ops::Range<u8> {
    let naturals = picked & !SHADOWS;
    if naturals == 0 {
        0..RAINBOW + 1
    } else {
        let f = family(naturals.trailing_zeros() as u8);
        f..f + 1
    }
}

/// `_possible`: whether `picked` (cards of the pool) is part of a combination of
/// `objective` in the pool.
fn possible(objective: u8, picked: Cards, pool: &Pool) -> bool {
    let n = picked.count_ones();
    if n > u32::from(SIZES[usize::from(objective)]) {
        return false;
    }
    if objective == SHADOW_STRAIGHT {
        return shadow_straight_possible(picked, pool);
    }
    if n > 1 && (picked & SHADOWS).count_ones() > 1 {
        return false;
    }
    if let Some(sizes) = same_value(objective) {
        return same_value_possible(sizes, picked, pool);
    }
    match objective {
        FLUSH => flush_families(picked).any(|f| flush_possible(picked, pool, f)),
        STRAIGHT_FLUSH => flush_families(picked).any(|f| straight_possible(picked, pool, 4, Some(f))),
        _ => straight_possible(picked, pool, i32::from(SIZES[usize::from(objective)]), None),
    }
}

/// `next_objective`: the first objective from position `start` of `DECISION_ORDER` on
/// that is open on `scorecard` and that `collection` holds a combination of.
pub fn next_objective(scorecard: &[i16; 10], start: usize, collection: Cards, max_value: u8) -> Option<u8> {
    let mut open = DECISION_ORDER
        .iter()
        .skip(start)
        .copied()
        .filter(|&o| scorecard[usize::from(o)] < 0)
        .peekable();
    open.peek()?;
    let pool = Pool::new(collection, max_value);
    open.find(|&o| possible(o, 0, &pool))
}

/// `completing_cards`: the cards of `collection` (the unused collection, picked cards
/// included) that may be picked next for `objective`, as a set.
pub fn completing_cards(objective: u8, picked: Cards, collection: Cards, max_value: u8) -> Cards {
    let above = if picked == 0 {
        !0
    } else {
        let last = 127 - picked.leading_zeros();
        if last >= 127 {
            0
        } else {
            !((1u128 << (last + 1)) - 1)
        }
    };
    let mut later = collection & !picked & above;
    let mut pool = Pool::new(picked, max_value);
    let size = u32::from(SIZES[usize::from(objective)]);
    let mut out = 0;
    // From the highest card down: the pool holds the picked cards, the candidate and
    // every card after it.
    while later != 0 {
        let card = (127 - later.leading_zeros()) as u8;
        later &= !bit(card);
        pool.add(card);
        if pool.size >= size && possible(objective, picked | bit(card), &pool) {
            out |= bit(card);
        }
    }
    out
}
