//! Properties of the native Num Wars over random playouts of random configs: every card
//! accounted for at every step, games that end within their bound, ids that decode
//! safely and round-trip, observation tensors of the right length in [0, 1].

use numrules_native::game::{Rules, Turn};
use numrules_native::numwars::cards::{Bonuses, Config, Format};
use numrules_native::numwars::rules::zones;
use numrules_native::numwars::tensor;
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

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
