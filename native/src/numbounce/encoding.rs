//! Num Bounce action ids (`numrules.numbounce.encoding`): 5400 ids for every config.
//!
//! | ids | action |
//! | --- | --- |
//! | 0 .. 6 | NumX, Take(draw), Take(discard), Keep, Discard, Pass, Decline |
//! | 7 .. 40 | Interrupt: 7 + 2 * value, + 1 for the SHADOW |
//! | 41 .. 5395 | Play with family cards: 41 + (value * 63 + families - 1) * 5 + infinities |
//! | 5396 .. 5399 | Play of INFINITY cards only: 5395 + how many |

use super::cards::{family_value, SHADOW, VALUES};
use super::rules::{legal_actions_for, Action};
use super::state::{Pile, State};

/// The id of the first interrupt (`Interrupt(RB0)`).
pub const INTERRUPT_BASE: u32 = 7;
/// The id of the first play (R0 alone).
pub const PLAY_BASE: u32 = INTERRUPT_BASE + 2 * VALUES as u32;
/// Non-empty sets of the six families.
const FAMILY_SETS: u32 = 63;
/// 0..=4 INFINITY cards beside family cards.
const INFINITY_COUNTS: u32 = 5;
/// The id of the play of one INFINITY alone (2, 3, 4 follow).
pub const INFINITY_PLAY_BASE: u32 = PLAY_BASE + VALUES as u32 * FAMILY_SETS * INFINITY_COUNTS;
/// How many ids (5400).
pub const NUM_ACTIONS: u32 = INFINITY_PLAY_BASE + 4;

/// `encode_action(config, action)`.
pub fn encode(action: &Action) -> u32 {
    match *action {
        Action::NumX { .. } => 0,
        Action::Take { pile: Pile::Draw, .. } => 1,
        Action::Take {
            pile: Pile::Discard, ..
        } => 2,
        Action::Keep { .. } => 3,
        Action::Discard { .. } => 4,
        Action::Pass { .. } => 5,
        Action::Decline { .. } => 6,
        Action::Interrupt { card, .. } => {
            let (family, value) = family_value(card);
            INTERRUPT_BASE + 2 * u32::from(value) + u32::from(family == SHADOW)
        }
        Action::Play { combo, .. } => {
            let infinities = combo.infinities().count_ones();
            match combo.value() {
                None => INFINITY_PLAY_BASE + infinities - 1,
                Some(value) => {
                    let families = u32::from(combo.families());
                    PLAY_BASE + (u32::from(value) * FAMILY_SETS + families - 1) * INFINITY_COUNTS + infinities
                }
            }
        }
    }
}

/// `_revealed`: what a play tells the others of the hand: the INFINITY copies it lays
/// that they do not know of, then the copies it lays (lowest first).
fn revealed(state: &State, seat: usize, action: &Action) -> (u32, [u8; 4]) {
    let Action::Play { combo, .. } = *action else {
        return (0, [u8::MAX; 4]);
    };
    let copies = combo.infinities();
    let known = (state.known[seat] >> super::cards::INF1) as u8 & 0b1111;
    let mut order = [u8::MAX; 4];
    let mut rest = copies;
    for slot in order.iter_mut() {
        if rest == 0 {
            break;
        }
        *slot = rest.trailing_zeros() as u8;
        rest &= rest - 1;
    }
    ((copies & !known).count_ones(), order)
}

/// `decode_action(state, seat, id)` for an id of a legal action of `seat`: among the legal
/// plays sharing the id (they differ in INFINITY copies), the one revealing the least.
pub fn decode(state: &State, seat: usize, id: u32) -> Option<Action> {
    let mut mine = Vec::new();
    legal_actions_for(state, seat, &mut mine);
    mine.into_iter()
        .filter(|a| encode(a) == id)
        .min_by_key(|a| revealed(state, seat, a))
}
