//! The trick (`numwars.tricks`): the legal plays, the steal, the winner and the Bomb.
//!
//! A trick is a slice of cards in play order from the leader, [`STOLEN`] where a card
//! left it in a steal.

use crate::numwars::cards::{Card, Cards, Deck, BOMB_AT, JOKER_AT, NUM_X_AT, QUANTUM_AT, SHADOW, TRUMP};
use crate::numwars::state::{Fate, STOLEN};

/// `_led_key`: the suit key to follow (0..3 a colour, `TRUMP`), None while only specials
/// were played. A stolen place before any suited card stands for a trump.
pub fn led_key(deck: &Deck, trick: &[Card]) -> Option<usize> {
    for &card in trick {
        if card == STOLEN {
            return Some(TRUMP);
        }
        if let Some(key) = deck.key(card) {
            return Some(key);
        }
    }
    None
}

/// `_trump_values`: the values of the real trumps still in the trick (bit `v`).
fn trump_values(deck: &Deck, trick: &[Card]) -> u32 {
    trick
        .iter()
        .filter(|&&c| c != STOLEN)
        .filter_map(|&c| deck.trump_value(c))
        .fold(0, |m, v| m | (1 << v))
}

/// `is_steal`: whether `card` is the partner of a real trump still in the trick.
pub fn is_steal(deck: &Deck, trick: &[Card], card: Card) -> bool {
    partner(deck, card).is_some_and(|p| trick.contains(&p))
}

/// The partner of a real trump (RAINBOW x <-> SHADOW x), None for any other card.
pub fn partner(deck: &Deck, card: Card) -> Option<Card> {
    match deck.family_of(card) {
        Some(f) if f == TRUMP => Some(card + deck.span as Card),
        Some(SHADOW) => Some(card - deck.span as Card),
        _ => None,
    }
}

/// `legal_plays(hand, trick)` as a set (its bits in canonical order are the Python
/// order of `legal_actions`).
pub fn legal_plays(deck: &Deck, hand: Cards, trick: &[Card]) -> Cards {
    if trick.is_empty() {
        let lead = hand & deck.families;
        return if lead != 0 { lead } else { hand };
    }
    let Some(suit) = led_key(deck, trick) else {
        return hand;
    };
    let mut allowed = hand & deck.suit[suit];
    if allowed == 0 {
        allowed = hand & (deck.specials | deck.trumps);
    }
    if allowed == 0 {
        return hand;
    }
    let values = trump_values(deck, trick);
    if values == 0 {
        return allowed;
    }
    // Over a real trump, a real trump must beat the highest one if the hand can.
    let top = 31 - values.leading_zeros();
    let above = deck.trumps_of(!0u32 << (top + 1) & ((1 << deck.span) - 1));
    if allowed & above != 0 {
        allowed &= !deck.trumps | above;
    }
    // The partner of a real trump in the trick may always be played (a steal).
    allowed | (hand & deck.trumps_of(values))
}

/// `winner(trick, leader, players)`: NUMX; else the highest real trump; else the highest
/// card of the led colour; else the leader.
pub fn winner(deck: &Deck, trick: &[Card], leader: usize, players: usize) -> usize {
    let num_x = deck.special(NUM_X_AT);
    // As Python: the place of the best card so far and its value (-1: none yet).
    let (mut best, mut best_value) = (None, -1);
    for (k, &card) in trick.iter().enumerate() {
        if card == num_x {
            return (leader + k) % players;
        }
        if card == STOLEN {
            continue;
        }
        if let Some(v) = deck.trump_value(card) {
            if v as i32 > best_value {
                (best, best_value) = (Some(k), v as i32);
            }
        }
    }
    if best.is_none() {
        if let Some(suit) = led_key(deck, trick).filter(|&s| s != TRUMP) {
            for (k, &card) in trick.iter().enumerate() {
                if card != STOLEN
                    && deck.family_of(card) == Some(suit)
                    && deck.value_of(card) as i32 > best_value
                {
                    (best, best_value) = (Some(k), deck.value_of(card) as i32);
                }
            }
        }
    }
    best.map_or(leader, |k| (leader + k) % players)
}

/// `bomb_fate(trick, leader, players)`: (fate, capturer, protector) of a complete trick
/// holding the Bomb. The threats are NUMX, QUANTUM and every real SHADOW in the trick.
pub fn bomb_fate(
    deck: &Deck,
    trick: &[Card],
    leader: usize,
    players: usize,
) -> (Fate, Option<u8>, Option<u8>) {
    let (num_x, quantum, joker) = (
        deck.special(NUM_X_AT),
        deck.special(QUANTUM_AT),
        deck.special(JOKER_AT),
    );
    let seat = |k: usize| ((leader + k) % players) as u8;
    let mut threats = [0usize; 2];
    let mut count = 0;
    let mut joker_at = None;
    for (k, &card) in trick.iter().enumerate() {
        if card == STOLEN {
            continue;
        }
        if card == num_x {
            return (Fate::Captured, Some(seat(k)), None);
        }
        let threat = card == quantum || deck.family_of(card) == Some(SHADOW);
        if threat {
            if count < 2 {
                threats[count] = k;
            }
            count += 1;
        } else if card == joker {
            joker_at = Some(k);
        }
    }
    match (joker_at, count) {
        (_, 0) => (Fate::Kept, None, None),
        (Some(j), 1) => (Fate::Protected, None, Some(seat(j))),
        (Some(_), _) => (Fate::Captured, Some(seat(threats[1])), None),
        (None, _) => (Fate::Captured, Some(seat(threats[0])), None),
    }
}

/// Whether a set of cards holds the Bomb.
pub fn has_bomb(deck: &Deck, cards: Cards) -> bool {
    cards & (1 << deck.special(BOMB_AT)) != 0
}
