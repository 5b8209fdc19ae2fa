//! Properties of Num Stop in the core over random playouts: every card is in exactly one
//! place at every step, games end, and the action ids decode safely and round-trip.

use numrules_native::game::Rules;
use numrules_native::numstop::cards::Config;
use numrules_native::numstop::{Mode, NumStop, Phase, State};
use numrules_native::rng::{Mt, Seed};
use proptest::prelude::*;

fn config() -> impl Strategy<Value = Config> {
    (
        2u8..=6,
        any::<bool>(),
        5u8..=16,
        0u8..=6,
        (2u8..=17, 2u8..=6),
        (1u8..=20, 1u8..=20),
        (0u16..=1000, proptest::option::of(1u32..=3)),
    )
        .prop_map(
            |(players, discovery, max_value, reserve_size, runs, draws, (wild_points, max_rounds))| Config {
                players,
                mode: if discovery { Mode::Discovery } else { Mode::Classic },
                max_value,
                reserve_size,
                family_run: runs.0,
                value_run: runs.1,
                double_draws: draws.0,
                quantum_cards: draws.1,
                wild_points,
                max_rounds,
                ..Config::default()
            },
        )
}

/// Every card of the deck is in exactly one zone.
fn check_cards(state: &State) {
    let deck = state.config.deck();
    let mut seen = 0u128;
    for zone in state.zones() {
        assert_eq!(seen & zone, 0, "a card in two places: {state:?}");
        seen |= zone;
    }
    assert_eq!(seen, deck, "cards missing or foreign: {state:?}");
    let me = usize::from(state.player);
    assert_eq!(
        state.selection & !state.collections[me],
        0,
        "a picked card left the collection"
    );
}

/// Plays a game with uniform picks; checks every step; returns the number of actions.
fn playout(config: &Config, seed: i128, probes: u32, limit: u64) -> (u64, State) {
    let mut state = NumStop::new_game(config, Seed::from(seed));
    let mut rng = Mt::new(Seed::from(seed));
    let mut legal = Vec::new();
    let num_actions = NumStop::num_actions(config);
    let mut steps = 0;
    while !NumStop::is_terminal(&state) && steps < limit {
        check_cards(&state);
        legal.clear();
        NumStop::legal_actions(&state, &mut legal);
        assert!(!legal.is_empty(), "no legal action in {state:?}");
        let seat = state.player as usize;
        assert_eq!(NumStop::to_act(&state), 1 << seat);
        let mut ids: Vec<u32> = legal.iter().map(|a| NumStop::encode(config, a)).collect();
        for (a, &id) in legal.iter().zip(&ids) {
            assert!(id < num_actions);
            assert_eq!(NumStop::seat(a), seat);
            assert_eq!(NumStop::decode(&state, seat, id).as_ref(), Some(a));
        }
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), legal.len(), "two legal actions share an id");
        // Arbitrary ids (beyond the table too), of the seat to act and of another seat.
        for _ in 0..probes {
            let id = rng.below(num_actions + 8);
            match NumStop::decode(&state, seat, id) {
                Some(a) => {
                    assert!(legal.contains(&a));
                    assert_eq!(NumStop::encode(config, &a), id);
                }
                None => assert!(ids.binary_search(&id).is_err()),
            }
            let other = (seat + 1 + rng.below(5) as usize) % 6;
            if other != seat {
                assert_eq!(NumStop::decode(&state, other, id), None);
            }
        }
        let pick = rng.below(legal.len() as u32) as usize;
        state = NumStop::apply(&state, &legal[pick]);
        steps += 1;
    }
    check_cards(&state);
    (steps, state)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn cards_are_conserved_and_ids_are_safe(config in config(), seed in any::<i64>()) {
        playout(&config, i128::from(seed), 4, 3_000);
    }

    #[test]
    fn games_with_a_round_limit_end(config in config(), seed in any::<i64>()) {
        let config = Config { max_rounds: Some(config.max_rounds.unwrap_or(1)), ..config };
        let (steps, state) = playout(&config, i128::from(seed), 0, 200_000);
        prop_assert!(NumStop::is_terminal(&state), "not over after {} actions", steps);
        prop_assert_eq!(state.phase, Phase::Over);
        prop_assert_ne!(NumStop::winners(&state), 0);
    }
}

#[test]
fn default_games_end_within_a_bound() {
    for players in 2..=6 {
        let config = Config::with_players(players);
        let (steps, state) = playout(&config, i128::from(players), 1, 100_000);
        assert!(
            NumStop::is_terminal(&state),
            "{players} seats: not over after {steps} actions"
        );
        assert!(NumStop::scores(&state).iter().all(|&s| s >= 0));
    }
}

#[test]
fn observation_tensors_have_the_layout_size_and_stay_in_the_unit_range() {
    use numrules_native::numstop::tensors::{observation_size, observation_tensor};
    // python -c "from numrules import numstop as ns; print(ns.observation_layout(ns.Config()).size)"
    assert_eq!(observation_size(&Config::default()), 2095);
    let config = Config::with_players(3);
    let mut state = NumStop::new_game(&config, Seed::from(11i128));
    let mut rng = Mt::new(Seed::from(11i128));
    let mut legal = Vec::new();
    while !NumStop::is_terminal(&state) {
        for seat in 0..3 {
            let v = observation_tensor(&state, seat);
            assert_eq!(v.len(), observation_size(&config));
            assert!(v.iter().all(|x| (0.0..=1.0).contains(x)));
        }
        legal.clear();
        NumStop::legal_actions(&state, &mut legal);
        state = NumStop::apply(&state, &legal[rng.below(legal.len() as u32) as usize]);
    }
}
