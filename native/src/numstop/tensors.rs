//! Num Stop's observation tensor (`numrules.numstop.tensors.observation_tensor` of
//! `observe(state, seat)`), seat-relative, as `f32`: the global blocks (phase, player,
//! first, round, stocks, turn, peeks, top_a, top_b, pending, discard, objective,
//! selection), then each seat's blocks from the observer on (pile, pile_end, collection,
//! reserve in CLASSIC, scored, effects, scorecard, totals). The arithmetic is done in
//! `f64` as Python does, then rounded once to `f32`.

use super::cards::{cards_of, family, is_family, value, Cards, Config, FAMILIES, FIRST_ACTION, OBJECTIVES};
use super::selection::{SHADOW_STRAIGHT, SIZES};
use super::state::{Phase, State, NONE};

/// `ROUND_HORIZON`: without `max_rounds`, the round feature is round / 20, clipped to 1.
const ROUND_HORIZON: u32 = 20;

/// The most one combination of each objective scores (`points_range(...)[1]`).
fn highs(config: &Config) -> [u32; OBJECTIVES] {
    let mut out = [0; OBJECTIVES];
    let card_high = u32::from(config.max_value).max(u32::from(config.wild_points));
    for (o, high) in out.iter_mut().enumerate() {
        let bonus = u32::from(config.bonuses[o]);
        *high = if o == usize::from(SHADOW_STRAIGHT) {
            bonus
        } else {
            bonus + u32::from(SIZES[o]) * card_high
        };
    }
    out
}

/// Sizes of the blocks for one config.
struct Sizes {
    players: usize,
    cards: usize,
    values: usize,
    classic: bool,
}

impl Sizes {
    fn of(config: &Config) -> Sizes {
        Sizes {
            players: usize::from(config.players),
            cards: config.deck().count_ones() as usize,
            values: usize::from(config.max_value) + 1,
            classic: config.classic(),
        }
    }

    fn global(&self, config: &Config) -> usize {
        let p = self.players;
        Phase::ALL.len()
            + 2 * p
            + 1
            + usize::from(config.max_rounds.is_some())
            + 2
            + 3
            + 2 * p
            + 4 * self.cards
            + OBJECTIVES
            + self.cards
    }

    fn seat(&self) -> usize {
        3 * self.cards
            + FAMILIES as usize
            + self.values
            + 1
            + if self.classic { 6 } else { 0 }
            + 2
            + 2 * OBJECTIVES
            + 2
    }
}

/// The size of the observation tensor of a config (`observation_layout(config).size`).
pub fn observation_size(config: &Config) -> usize {
    let sizes = Sizes::of(config);
    sizes.global(config) + sizes.players * sizes.seat()
}

/// Writes card flags: `cards` at `start` (each card at its place in `all_cards()`).
fn flag(v: &mut [f32], start: usize, cards: Cards, config: &Config, family_count: usize) {
    for c in cards_of(cards) {
        let at = if is_family(c) {
            config.card_index(c) as usize
        } else {
            family_count + usize::from(c - FIRST_ACTION)
        };
        v[start + at] = 1.0;
    }
}

/// `observation_tensor(observe(state, seat))`.
pub fn observation_tensor(state: &State, seat: usize) -> Vec<f32> {
    let config = &state.config;
    let s = Sizes::of(config);
    let p = s.players;
    let fc = config.family_count() as usize;
    let mut v = vec![0f32; s.global(config) + p * s.seat()];
    let rel = |other: usize| (other + p - seat % p) % p;
    let mut at = 0;
    // phase
    v[Phase::ALL.iter().position(|&ph| ph == state.phase).unwrap_or(0)] = 1.0;
    at += Phase::ALL.len();
    // player (the seats of to_act)
    if state.phase != Phase::Over {
        v[at + rel(usize::from(state.player))] = 1.0;
    }
    at += p;
    // first: round r opens with seat r mod n
    v[at + rel((state.round % p as u32) as usize)] = 1.0;
    at += p;
    // round
    let round_high = config.max_rounds.map_or(ROUND_HORIZON, |limit| limit - 1);
    if round_high != 0 {
        v[at] = (f64::from(state.round) / f64::from(round_high)).min(1.0) as f32;
    }
    if let Some(limit) = config.max_rounds {
        if state.round >= limit - 1 {
            v[at + 1] = 1.0;
        }
        at += 1;
    }
    at += 1;
    // stocks
    let inv_stock = 1.0 / (s.cards - s.cards / 2) as f64;
    for i in 0..2 {
        v[at + i] = (state.stock_len(i) as f64 * inv_stock).min(1.0) as f32;
    }
    at += 2;
    // turn
    if state.drawn > 0 {
        v[at] = 1.0;
    }
    if state.double {
        v[at + 1] = 1.0;
        let owed = i32::from(config.double_draws) - i32::from(state.drawn);
        if owed > 0 {
            v[at + 2] = (f64::from(owed) / f64::from(config.double_draws)) as f32;
        }
    }
    at += 3;
    // peeks
    for i in 0..2 {
        if state.peeks[i] != NONE {
            v[at + i * p + rel(usize::from(state.peeks[i]))] = 1.0;
        }
    }
    at += 2 * p;
    // top_a, top_b: the tops this seat saw
    for i in 0..2 {
        if usize::from(state.peeks[i]) == seat {
            if let Some(&top) = state.stock(i).first() {
                flag(&mut v, at, 1u128 << top, config, fc);
            }
        }
        at += s.cards;
    }
    flag(&mut v, at, state.pending, config, fc);
    at += s.cards;
    flag(&mut v, at, state.discard, config, fc);
    at += s.cards;
    if state.objective != NONE {
        v[at + usize::from(state.objective)] = 1.0;
        flag(&mut v, at + OBJECTIVES, state.selection, config, fc);
    }
    at += OBJECTIVES + s.cards;
    // the seats, the observer's first
    let highs = highs(config);
    let total: u32 = highs.iter().sum();
    let run_high = u32::from(config.family_run) - 1;
    for k in 0..p {
        let who = (seat + k) % p;
        let pile = &state.piles[who];
        flag(&mut v, at, pile.cards, config, fc);
        at += s.cards;
        if !pile.is_empty() {
            v[at + usize::from(family(pile.last))] = 1.0;
            v[at + FAMILIES as usize + usize::from(value(pile.last))] = 1.0;
            let run = u32::from(pile.family_tail).min(run_high).max(1);
            v[at + FAMILIES as usize + s.values] = (f64::from(run) * (1.0 / f64::from(run_high))) as f32;
        }
        at += FAMILIES as usize + s.values + 1;
        flag(&mut v, at, state.collections[who], config, fc);
        at += s.cards;
        if s.classic {
            for kind in 0..6 {
                if state.reserves[who] & (1 << kind) != 0 {
                    v[at + kind] = 1.0;
                }
            }
            at += 6;
        }
        flag(&mut v, at, state.scored[who], config, fc);
        at += s.cards;
        if state.doubled & (1 << who) != 0 {
            v[at] = 1.0;
        }
        if state.skipped & (1 << who) != 0 {
            v[at + 1] = 1.0;
        }
        at += 2;
        let (mut points, mut done) = (0u32, 0u32);
        for (o, &pts) in state.scorecards[who].iter().enumerate() {
            if pts >= 0 {
                let pts = pts as u32;
                v[at + o] = 1.0;
                let inv = if highs[o] != 0 {
                    1.0 / f64::from(highs[o])
                } else {
                    0.0
                };
                v[at + OBJECTIVES + o] = (f64::from(pts) * inv).min(1.0) as f32;
                points += pts;
                done += 1;
            }
        }
        at += 2 * OBJECTIVES;
        let inv_total = if total != 0 { 1.0 / f64::from(total) } else { 0.0 };
        v[at] = (f64::from(points) * inv_total).min(1.0) as f32;
        v[at + 1] = (f64::from(done) / OBJECTIVES as f64) as f32;
        at += 2;
    }
    debug_assert_eq!(at, v.len());
    v
}
