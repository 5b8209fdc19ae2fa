//! The observation tensor of one seat (`numrules.stackattack.tensors.observation_tensor`
//! of `observe(state, seat)`), as float32.
//!
//! Every scaled value is computed in f64 the way Python computes it (a count times a
//! precomputed inverse, clipped at 1) and only then narrowed, so the floats are equal.

use super::config::Config;
use super::state::{zone, Phase, State};

/// The most penalty points one row can hold: its `row_limit` costliest cards and every
/// SHIELD (`_row_points_high`).
fn row_points_high(config: &Config) -> i64 {
    let mut penalties = config.penalties.clone();
    penalties.sort_unstable_by(|a, b| b.cmp(a));
    let longest = config.row_limit + config.shield.len();
    penalties.iter().take(longest).sum()
}

/// The observation tensor of `seat` (the caller checks `seat < players`).
pub fn observation_tensor(state: &State, seat: usize) -> Vec<f32> {
    let c = &*state.config;
    let (deck, players, rows, hand_size) = (c.deck_size, c.players, c.rows, c.hand_size);
    // Where each block starts, in the order of `_observation_blocks`.
    let hand_at = 0;
    let choice_at = hand_at + deck;
    let phase_at = choice_at + deck;
    let to_act_at = phase_at + 6;
    let chosen_at = to_act_at + players;
    let turn_at = chosen_at + players;
    let last_round_at = turn_at + hand_size;
    let rows_at = last_round_at + 1;
    let ends_at = rows_at + rows * deck;
    let lengths_at = ends_at + rows * deck;
    let points_at = lengths_at + rows;
    let blocked_at = points_at + rows;
    let revealed_at = blocked_at + rows;
    let queue_at = revealed_at + players * deck;
    let placing_at = queue_at + deck;
    let decreasing_at = placing_at + 1;
    let taken_at = decreasing_at + 1;
    let round_at = taken_at + players * deck;
    let totals_at = round_at + players;
    let size = totals_at + players;

    let mut v = vec![0f64; size];
    let rel = |s: usize| (s + players - seat) % players;
    let card_at = |card: u16| usize::from(card) - 1;
    for card in state.cards_in(zone::HAND + seat as u8) {
        v[hand_at + card_at(card)] = 1.0;
    }
    let choosing = state.phase == Phase::Choose;
    if choosing && state.played[seat] != 0 {
        v[choice_at + card_at(state.played[seat])] = 1.0;
    }
    v[phase_at + state.phase as usize] = 1.0;
    let to_act = super::rules::to_act(state);
    for s in 0..players {
        if to_act & (1 << s) != 0 {
            v[to_act_at + rel(s)] = 1.0;
        }
        if choosing && state.played[s] != 0 {
            v[chosen_at + rel(s)] = 1.0;
        }
    }
    let turn = state.turn as usize;
    if turn < hand_size {
        v[turn_at + turn] = 1.0;
    }
    if c.max_rounds.is_some_and(|m| state.round + 1 >= m) {
        v[last_round_at] = 1.0;
    }
    let high = row_points_high(c);
    let inverse_points = if high != 0 { 1.0 / high as f64 } else { 0.0 };
    let inverse_limit = 1.0 / c.row_limit as f64;
    for r in 0..rows {
        let mut points = 0;
        for card in state.cards_in(zone::ROW + r as u8) {
            v[rows_at + r * deck + card_at(card)] = 1.0;
            points += c.penalty(card);
        }
        v[ends_at + r * deck + card_at(state.row_end[r])] = 1.0;
        v[lengths_at + r] = (f64::from(state.row_len[r]) * inverse_limit).min(1.0);
        v[points_at + r] = (points as f64 * inverse_points).min(1.0);
        if !state.is_open(r) {
            v[blocked_at + r] = 1.0;
        }
    }
    if !choosing {
        for s in 0..players {
            if state.played[s] != 0 {
                v[revealed_at + rel(s) * deck + card_at(state.played[s])] = 1.0;
            }
        }
    }
    for &card in state.queue() {
        v[queue_at + card_at(card)] = 1.0;
    }
    if state.placing {
        v[placing_at] = 1.0;
    }
    if state.decreasing {
        v[decreasing_at] = 1.0;
    }
    let inverse_end = 1.0 / c.end_score as f64;
    for s in 0..players {
        let k = rel(s);
        for card in state.cards_in(zone::TAKEN + s as u8) {
            v[taken_at + k * deck + card_at(card)] = 1.0;
        }
        let points = state.points[s];
        v[round_at + k] = (points as f64 * inverse_end).min(1.0);
        v[totals_at + k] = ((state.banked[s] + points) as f64 * inverse_end).min(1.0);
    }
    v.into_iter().map(|x| x as f32).collect()
}
