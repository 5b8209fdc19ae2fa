//! Properties of the native Num Wars over random playouts of random configs: every card
//! accounted for at every step, games that end within their bound, ids that decode
//! safely and round-trip, observation tensors of the right length in [0, 1], and the
//! facts the state keeps of the round's plays (`State::shown`) equal to those recomputed
//! from the plays, and true of the hands.

use numrules_native::game::{Rules, Turn};
use numrules_native::numwars::cards::{Bonuses, Card, Config, Format, MAX_PLAYERS, TRUMP};
use numrules_native::numwars::rules::zones;
use numrules_native::numwars::state::{State, STOLEN};
use numrules_native::numwars::tensor;
use numrules_native::numwars::tricks::{led_key, partner};
use numrules_native::numwars::NumWars;
use numrules_native::rng::{Mt, Seed};
use proptest::prelude::*;

/// A valid config, or None when the drawn numbers make none (Python refuses it too).
fn config(
    players: usize,
    full: bool,
    hand: usize,
    rounds: u32,
    joker_from: usize,
    bonus: [i32; 11],
) -> Option<Config> {
    let format = if full { Format::Full } else { Format::Short };
    let hand = 1 + hand % (format.deck().size / players);
    Config::new(
        players,
        format,
        hand,
        rounds,
        joker_from,
        Bonuses::from_values(bonus),
    )
    .ok()
}

fn configs() -> impl Strategy<Value = Option<Config>> {
    (
        3usize..=8,
        any::<bool>(),
        0usize..40,
        1u32..=3,
        0usize..=9,
        prop::array::uniform11(-10_000i32..=10_000),
    )
        .prop_map(|(p, full, hand, rounds, joker, bonus)| config(p, full, hand, rounds, joker, bonus))
}

/// One play of a round: the seat, the card that left its hand, whether it stole a pair.
type Played = (usize, Card, bool);

/// The voids and no-special marks (`inference.Tracker`) recomputed from a round's plays,
/// trick by trick: a special led shows every suit lacking; a card off the led suit
/// shows that suit lacking, and a classic card off it shows no trump and no special
/// either; a steal shows nothing (the stolen card's place and the stealer's are empty).
fn recomputed(config: &Config, plays: &[Played]) -> ([u8; MAX_PLAYERS], u8) {
    let deck = config.deck();
    let mut voids = [0u8; MAX_PLAYERS];
    let mut no_specials = 0u8;
    for trick_plays in plays.chunks(config.n()) {
        let mut trick: Vec<Card> = Vec::new();
        for &(seat, card, steal) in trick_plays {
            if steal {
                let other = partner(deck, card).expect("a steal plays a real trump");
                for place in trick.iter_mut().filter(|c| **c == other) {
                    *place = STOLEN;
                }
                trick.push(STOLEN);
                continue;
            }
            let suit = deck.family_of(card).map(|f| f.min(TRUMP));
            match (trick.is_empty(), led_key(deck, &trick)) {
                (true, _) if suit.is_none() => voids[seat] = 0b1_1111,
                (false, Some(led)) if suit != Some(led) => {
                    voids[seat] |= 1 << led;
                    if suit.is_some_and(|s| s != TRUMP) {
                        voids[seat] |= 1 << TRUMP;
                        no_specials |= 1 << seat;
                    }
                }
                _ => {}
            }
            trick.push(card);
        }
    }
    (voids, no_specials)
}

/// What one action of `before` played: (seat, card, steal), from the hands and pairs.
fn played(before: &State, after_hands: u128, after_pairs: u32) -> Played {
    let seat = before.turn();
    let gone = before.hands[seat] & !after_hands;
    assert_eq!(gone.count_ones(), 1, "one card leaves the hand");
    (
        seat,
        gone.trailing_zeros() as Card,
        after_pairs != before.pairs[seat],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_facts_kept_are_those_of_the_rounds_plays(config in configs(), seed in any::<i64>()) {
        let Some(config) = config else { return Ok(()) };
        let deck = config.deck();
        let n = config.n();
        let mut state = NumWars::new_game(&config, Seed::from(i128::from(seed)));
        let mut rng = Mt::new(Seed::from(i128::from(seed) ^ 0x5eed));
        let mut legal = Vec::new();
        let mut plays: Vec<Played> = Vec::new();
        loop {
            let (voids, no_specials) = recomputed(&config, &plays);
            prop_assert_eq!(state.shown.voids, voids);
            prop_assert_eq!(state.shown.no_specials, no_specials);
            // The facts are true: a seat shown void in a suit holds none of it, one shown
            // to hold no special holds none.
            for s in 0..n {
                for k in 0..5 {
                    if state.shown.void(s, k) {
                        prop_assert_eq!(state.hands[s] & deck.suit[k], 0, "seat {} suit {}", s, k);
                    }
                }
                if state.shown.no_special(s) {
                    prop_assert_eq!(state.hands[s] & deck.specials, 0);
                }
            }
            if NumWars::is_terminal(&state) {
                break;
            }
            NumWars::legal_actions(&state, &mut legal);
            let pick = legal[rng.below(legal.len() as u32) as usize];
            let next = NumWars::apply(&state, &pick);
            let seat = state.turn();
            if next.round != state.round {
                plays.clear(); // a new deal: the tracker starts afresh
            } else {
                // The hand and pairs right after the play (the round goes on).
                plays.push(played(&state, next.hands[seat], next.pairs[seat]));
            }
            state = next;
        }
    }

    #[test]
    fn random_playouts_keep_every_card_and_end(config in configs(), seed in any::<i64>(), ids in prop::collection::vec(any::<u32>(), 8)) {
        let Some(config) = config else { return Ok(()) };
        let deck = config.deck();
        let full: u128 = (1u128 << deck.size) - 1;
        let bound = config.rounds as usize * config.n() * config.hand_size as usize;
        let mut state = NumWars::new_game(&config, Seed::from(i128::from(seed)));
        let mut rng = Mt::new(Seed::from(i128::from(seed)));
        let mut legal = Vec::new();
        let mut steps = 0;
        while !NumWars::is_terminal(&state) {
            let (all, twice) = zones(&state);
            prop_assert_eq!(all, full, "a card is missing");
            prop_assert!(!twice, "a card is in two places");
            NumWars::legal_actions(&state, &mut legal);
            prop_assert!(!legal.is_empty());
            let seat = state.turn();
            prop_assert_eq!(NumWars::to_act(&state), 1 << seat);
            // Every id of `ids` and around the legal ones: None or a legal action.
            for id in ids.iter().copied().chain(legal.iter().map(|a| NumWars::encode(&config, a))) {
                for asked in [seat, (seat + 1) % config.n(), 9, usize::MAX] {
                    if let Some(action) = NumWars::decode(&state, asked, id) {
                        prop_assert!(legal.contains(&action));
                        prop_assert_eq!(NumWars::seat(&action), asked);
                        prop_assert_eq!(NumWars::encode(&config, &action), id);
                    }
                }
            }
            for action in &legal {
                let id = NumWars::encode(&config, action);
                prop_assert!(id < NumWars::num_actions(&config));
                prop_assert_eq!(NumWars::decode(&state, seat, id), Some(*action));
            }
            // The tensors of every seat, now and then (they are the slow part in debug).
            for s in (0..config.n()).filter(|_| steps % 5 == 0) {
                let t = tensor::observation(&state, s);
                prop_assert_eq!(t.len(), tensor::size(&config));
                prop_assert!(t.iter().all(|x| (0.0..=1.0).contains(x)));
            }
            let ids_now = Turn::<NumWars>::start(state.clone()).legal_ids();
            prop_assert!(ids_now.windows(2).all(|w| w[0] < w[1]));
            prop_assert_eq!(ids_now.len(), legal.len());
            let pick = legal[rng.below(legal.len() as u32) as usize];
            state = NumWars::apply(&state, &pick);
            steps += 1;
            prop_assert!(steps <= bound, "the game outlasts its bound");
        }
        prop_assert_eq!(steps, bound, "every card of every hand is played");
        let (all, twice) = zones(&state);
        prop_assert_eq!(all, full);
        prop_assert!(!twice);
        prop_assert!(NumWars::winners(&state) != 0);
        NumWars::legal_actions(&state, &mut legal);
        prop_assert!(legal.is_empty());
        prop_assert!(NumWars::decode(&state, 0, 0).is_none());
    }
}

#[test]
fn standard_configs_are_the_python_defaults() {
    let sizes: Vec<(u8, Format)> = (3..=8)
        .map(|p| Config::standard(p).map(|c| (c.hand_size, c.format)).unwrap())
        .collect();
    assert_eq!(
        sizes,
        [
            (27, Format::Short),
            (20, Format::Short),
            (16, Format::Short),
            (17, Format::Full),
            (15, Format::Full),
            (13, Format::Full)
        ]
    );
    assert!(Config::new(8, Format::Full, 13, 1, 9, Bonuses::STANDARD).is_err());
}
