//! The observation tensor of `numwars.tensors` (`observation_tensor(observe(state, seat))`),
//! computed in `f64` as Python computes it, then stored as `f32`.
//!
//! Blocks, in order (D the deck size, P the players): hand D, role 5, round N, over 1,
//! to act P, leader P, trick P*D, stolen P, suit 5, hand sizes P, tricks P, won P*D,
//! pairs P*D, bomb 3, capturer P, protector P, round points P, totals P. A block per seat
//! holds seat k places after the observer at k.

use crate::numwars::cards::{pair_points, Config, Role};
use crate::numwars::state::{Fate, State, STOLEN};
use crate::numwars::tricks::led_key;

/// `_round_high(config)`: B, the most a seat can score, or lose, in one round.
fn round_high(config: &Config) -> i64 {
    let deck = config.deck();
    let cards: i64 = (0..deck.span)
        .map(|v| (0..5).map(|c| config.value_points(v, c).abs()).max().unwrap_or(0))
        .sum();
    let pairs = (0..deck.span as i64).sum::<i64>();
    let b = &config.bonus;
    let bonuses: i64 = [
        b.bomb_kept,
        b.bomb_protected,
        b.joker_protects,
        b.deminer_captures,
        b.civilian_captures,
        b.num_x_captures,
        b.deminer_consolation,
        b.num_x_spared,
    ]
    .iter()
    .map(|&x| i64::from(x).abs())
    .sum();
    (cards + pairs + bonuses).max(1)
}

/// `_scaled`: 0.5 + points * scale, kept in [0, 1].
fn scaled(points: i64, scale: f64) -> f64 {
    (0.5 + points as f64 * scale).clamp(0.0, 1.0)
}

/// The length of the observation tensor of `config`.
pub fn size(config: &Config) -> usize {
    let (d, p) = (config.deck().size, config.n());
    d + 5 + config.rounds as usize + 1 + 2 * p + p * d + p + 5 + 2 * p + 2 * p * d + 3 + 4 * p
}

/// `seat`'s observation tensor of `state`.
pub fn observation(state: &State, seat: usize) -> Vec<f32> {
    let config = &state.config;
    let deck = config.deck();
    let (d, p) = (deck.size, config.n());
    let rel = |s: usize| (s + p - seat) % p;
    let mut v = vec![0.0f64; size(config)];
    let mut at = 0;
    let mut block = |len: usize| {
        let start = at;
        at += len;
        start
    };
    let (hand, role, round, over) = (block(d), block(5), block(config.rounds as usize), block(1));
    let (to_act, leader, trick, stolen) = (block(p), block(p), block(p * d), block(p));
    let (suit, sizes, tricks, won) = (block(5), block(p), block(p), block(p * d));
    let (pairs, bomb, capturer, protector) = (block(p * d), block(3), block(p), block(p));
    let (round_points, totals) = (block(p), block(p));

    let set = |v: &mut Vec<f64>, start: usize, cards: u128| {
        let mut rest = cards;
        while rest != 0 {
            v[start + rest.trailing_zeros() as usize] = 1.0;
            rest &= rest - 1;
        }
    };
    set(&mut v, hand, state.hands[seat]);
    let role_index = match config.role_of(state.lots[seat]) {
        Some(Role::Bomber) => Some(0),
        Some(Role::Deminer) => Some(1),
        Some(Role::NumX) => Some(2),
        Some(Role::Accomplice) => Some(3),
        Some(Role::Civilian) => Some(4),
        None => None,
    };
    if let Some(r) = role_index {
        v[role + r] = 1.0;
    }
    v[round + state.round as usize] = 1.0;
    if state.over {
        v[over] = 1.0;
    } else {
        v[to_act + rel(state.turn())] = 1.0;
        let lead = rel(state.leader as usize);
        v[leader + lead] = 1.0;
        for (position, &card) in state.trick().iter().enumerate() {
            let k = (lead + position) % p;
            if card == STOLEN {
                v[stolen + k] = 1.0;
            } else {
                v[trick + k * d + card as usize] = 1.0;
            }
        }
        if let Some(key) = led_key(deck, state.trick()) {
            v[suit + key] = 1.0;
        }
    }
    let inverse_hand = 1.0 / f64::from(config.hand_size);
    let round_scale = 1.0 / (2 * round_high(config)) as f64;
    let total_scale = 1.0 / (2 * round_high(config) * i64::from(config.rounds)) as f64;
    for s in 0..p {
        let k = rel(s);
        v[sizes + k] = (f64::from(state.hands[s].count_ones()) * inverse_hand).min(1.0);
        v[tricks + k] = (f64::from(state.tricks[s]) * inverse_hand).min(1.0);
        set(&mut v, won + k * d, state.won[s]);
        set(&mut v, pairs + k * d, deck.trumps_of(state.pairs[s]));
        let gained = if state.over {
            0
        } else {
            config.card_points(state.won[s]) + pair_points(state.pairs[s])
        };
        v[round_points + k] = scaled(gained, round_scale);
        v[totals + k] = scaled(state.totals[s] + gained, total_scale);
    }
    if let Some(fate) = state.bomb {
        let f = match fate {
            Fate::Kept => 0,
            Fate::Protected => 1,
            Fate::Captured => 2,
        };
        v[bomb + f] = 1.0;
    }
    if let Some(c) = state.capturer {
        v[capturer + rel(c as usize)] = 1.0;
    }
    if let Some(c) = state.protector {
        v[protector + rel(c as usize)] = 1.0;
    }
    v.into_iter().map(|x| x as f32).collect()
}
