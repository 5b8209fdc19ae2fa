//! The Num Bounce observation tensor (`numrules.numbounce.tensors.observation_tensor` of
//! `observe(state, seat)`), computed in `f64` as Python does, then stored as `f32`.
//!
//! Blocks, in order (n = players; "kinds": the 102 family cards, NUMX, then the four
//! INFINITY copies together, each copy a quarter): phase 4, mover n, may interrupt 1,
//! round 1, turn 1, wins n, hand 104, hand sizes n, small hands 8n, known 104n, draw
//! size 1, recycled 1, discard size 1, discard top 104, discard 104, trick 104,
//! reference 104, reference size 10, reference value 18, author n, interrupted 1,
//! source 2, taken 104. Seat blocks are relative to the observer.

use super::cards::{cards_of, family_card, family_value, DECK_SIZE, INF1, NUM_X, RAINBOW, SHADOW};
use super::state::{Phase, Pile, State};

/// Card kinds.
const KINDS: usize = 104;
/// The most cards of a combination.
const MAX_REFERENCE: usize = 10;
/// Hand sizes with a one-hot entry.
const SMALL_HAND: usize = 8;
/// The `reference value` entry of an all-INFINITY reference.
const ALL_INFINITY: usize = 17;

/// A card's kind and what it adds to its kind's entry.
fn kind(card: u8) -> (usize, f64) {
    if card >= INF1 {
        (KINDS - 1, 0.25)
    } else {
        (card as usize, 1.0)
    }
}

fn add_cards(values: &mut [f64], base: usize, cards: impl Iterator<Item = u8>) {
    for card in cards {
        let (k, w) = kind(card);
        values[base + k] += w;
    }
}

/// The observation tensor of `seat` (None for a seat outside the game).
pub fn observation_tensor(state: &State, seat: usize) -> Option<Vec<f32>> {
    let n = state.players();
    if seat >= n {
        return None;
    }
    let config = &state.config;
    let relative = |other: usize| (other + n - seat) % n;
    let mut at = 0;
    let mut block = |size: usize| {
        let start = at;
        at += size;
        start
    };
    let phase = block(4);
    let mover = block(n);
    let may_interrupt = block(1);
    let round = block(1);
    let turn = block(1);
    let wins = block(n);
    let hand = block(KINDS);
    let sizes = block(n);
    let small = block(n * SMALL_HAND);
    let known = block(n * KINDS);
    let draw_size = block(1);
    let recycled = block(1);
    let discard_size = block(1);
    let discard_top = block(KINDS);
    let discard = block(KINDS);
    let trick = block(KINDS);
    let reference = block(KINDS);
    let reference_size = block(MAX_REFERENCE);
    let reference_value = block(ALL_INFINITY + 1);
    let author = block(n);
    let interrupted = block(1);
    let source = block(2);
    let taken = block(KINDS);
    let mut values = vec![0.0f64; block(0)];

    values[phase
        + match state.phase {
            Phase::Play => 0,
            Phase::Taken => 1,
            Phase::Shadow => 2,
            Phase::Over => 3,
        }] = 1.0;
    values[mover + relative(state.mover as usize)] = 1.0;
    // round / the last round the match can reach; wins / the wins that decide it.
    let (last_round, decisive) = match (config.rounds, config.target_wins) {
        (Some(r), _) => (f64::from(r) - 1.0, f64::from(r)),
        (None, Some(k)) => (f64::from(config.players) * (f64::from(k) - 1.0), f64::from(k)),
        (None, None) => (0.0, 1.0),
    };
    if last_round != 0.0 {
        values[round] = (f64::from(state.round) / last_round).min(1.0);
    }
    if let Some(limit) = config.max_turns_per_round {
        values[turn] = (f64::from(state.turn) / f64::from(limit)).min(1.0);
    }
    for other in 0..n {
        values[wins + relative(other)] = (f64::from(state.wins[other]) / decisive).min(1.0);
    }
    let own = state.hands[seat];
    add_cards(&mut values, hand, cards_of(own));
    for other in 0..n {
        let place = relative(other);
        let size = state.hands[other].count_ones() as usize;
        values[sizes + place] = size as f64 / DECK_SIZE as f64;
        if (1..=SMALL_HAND).contains(&size) {
            values[small + place * SMALL_HAND + size - 1] = 1.0;
        }
        add_cards(&mut values, known + place * KINDS, cards_of(state.known[other]));
    }
    values[draw_size] = state.draw.len() as f64 / DECK_SIZE as f64;
    if state.recycles > 0 {
        values[recycled] = 1.0;
    }
    if let Some(top) = state.discard.top() {
        values[discard_size] = state.discard.len() as f64 / DECK_SIZE as f64;
        values[discard_top + kind(top).0] = 1.0;
        add_cards(&mut values, discard, state.discard.as_slice().iter().copied());
    }
    add_cards(&mut values, trick, state.trick.as_slice().iter().copied());
    let ref_size = state.ref_size as usize;
    if ref_size > 0 {
        let mut value = ALL_INFINITY;
        for &card in state.reference() {
            let (k, w) = kind(card);
            values[reference + k] += w;
            if card < NUM_X {
                value = family_value(card).1 as usize;
            }
        }
        values[reference_size + ref_size.min(MAX_REFERENCE) - 1] = 1.0;
        values[reference_value + value] = 1.0;
        if let Some(a) = state.author {
            values[author + relative(a as usize)] = 1.0;
        }
        // The interrupt rule, read from the own hand.
        let holds = |family: u8| own & (1u128 << family_card(family, value as u8)) != 0;
        if value != ALL_INFINITY
            && !state.interrupted
            && state.author != Some(seat as u8)
            && matches!(state.phase, Phase::Play | Phase::Taken)
            && (holds(RAINBOW) || (ref_size > 1 && holds(SHADOW)))
        {
            values[may_interrupt] = 1.0;
        }
    }
    if state.interrupted {
        values[interrupted] = 1.0;
    }
    if let Some(pile) = state.source {
        values[source + usize::from(pile == Pile::Discard)] = 1.0;
    }
    // The taken card: seen by its taker, or by all when it came from the discard.
    if let Some(card) = state.taken {
        if state.source == Some(Pile::Discard) || seat == state.mover as usize {
            values[taken + kind(card).0] = 1.0;
        }
    }
    Some(values.into_iter().map(|v| v as f32).collect())
}
