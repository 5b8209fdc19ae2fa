//! Properties of Num Bounce in the core, over random playouts: every card stays in
//! exactly one place, a game with a turn limit ends within its bound, and `decode` of
//! any id is None or a legal action with that id.

use numrules_native::game::{seats_of, Rules, Turn};
use numrules_native::numbounce::{Config, NumBounce, Phase, State};
use numrules_native::rng::{Mt, Seed};
use proptest::prelude::*;

/// A valid config: `players`, a hand that fits, one match format, maybe a turn limit.
fn configs() -> impl Strategy<Value = Config> {
    (
        2u32..=8,
        1u32..=53,
        any::<bool>(),
        1u32..=3,
        prop::option::of(1u32..=60),
    )
        .prop_map(|(players, hand, first_to, count, limit)| {
            let hand = hand.min(106 / players);
            let (target, rounds) = if first_to {
                (Some(count), None)
            } else {
                (None, Some(count))
            };
            Config::new(players, hand, target, rounds, limit).expect("a valid config")
        })
}

fn legal_of(state: &State, seat: usize) -> Vec<<NumBounce as Rules>::Action> {
    let mut out = Vec::new();
    NumBounce::legal_actions_for(state, seat, &mut out);
    out
}

/// Every card of the deck exactly once across hands, taken card and piles.
fn assert_conserved(state: &State) {
    let counts = state.card_counts();
    assert!(
        counts.iter().all(|&c| c == 1),
        "cards not conserved: {counts:?} in {state:?}"
    );
    let players = state.config.players as usize;
    for seat in 0..players {
        assert_eq!(
            state.known[seat] & !state.hands[seat],
            0,
            "a known card is not in its hand"
        );
    }
    assert!(state.hands[players..].iter().all(|&h| h == 0));
}

/// The most actions a match of `config` can take, when it has a turn limit: a turn is at
/// most three actions (a take, a SHADOW interrupt, the play on it) and first-to-K ends
/// within players * (K - 1) + 1 rounds.
fn action_bound(config: &Config) -> Option<u64> {
    let limit = u64::from(config.max_turns_per_round?);
    let rounds = match (config.rounds, config.target_wins) {
        (Some(r), _) => u64::from(r),
        (None, Some(k)) => u64::from(config.players) * (u64::from(k) - 1) + 1,
        (None, None) => unreachable!("a config has a match format"),
    };
    Some(rounds * limit * 3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_playouts_conserve_cards_and_decode_only_legal_actions(
        config in configs(),
        seed in any::<i64>(),
        pick_seed in any::<u32>(),
    ) {
        let mut rng = Mt::new(Seed::from(i128::from(pick_seed)));
        let mut state = NumBounce::new_game(&config, Seed::from(i128::from(seed)));
        let bound = action_bound(&config);
        let players = config.players as usize;
        let mut actions = 0u64;
        let mut all = Vec::new();
        while !NumBounce::is_terminal(&state) {
            assert_conserved(&state);
            all.clear();
            NumBounce::legal_actions(&state, &mut all);
            prop_assert!(!all.is_empty());
            let to_act = NumBounce::to_act(&state);
            prop_assert!(to_act & (1 << state.mover) != 0);
            prop_assert_eq!(NumBounce::optional_seats(&state) & !NumBounce::public_optional_seats(&state), 0);
            for seat in 0..players {
                let mine = legal_of(&state, seat);
                prop_assert_eq!(mine.is_empty(), to_act & (1 << seat) == 0);
                // Every legal action's id decodes to a legal action with that id.
                for action in &mine {
                    let id = NumBounce::encode(&config, action);
                    prop_assert!(id < NumBounce::num_actions(&config));
                    let back = NumBounce::decode(&state, seat, id).expect("a legal id decodes");
                    prop_assert!(mine.contains(&back));
                    prop_assert_eq!(NumBounce::encode(&config, &back), id);
                }
            }
            // Arbitrary ids (and seats) never panic and decode to legal actions only.
            for _ in 0..8 {
                let id = rng.below(NumBounce::num_actions(&config) + 10);
                let seat = rng.below(players as u32 + 1) as usize;
                if let Some(action) = NumBounce::decode(&state, seat, id) {
                    prop_assert!(legal_of(&state, seat).contains(&action));
                    prop_assert_eq!(NumBounce::encode(&config, &action), id);
                }
            }
            let action = all[rng.below(all.len() as u32) as usize];
            state = NumBounce::apply(&state, &action);
            actions += 1;
            if let Some(bound) = bound {
                prop_assert!(actions <= bound, "{} actions, bound {}", actions, bound);
            }
            prop_assert!(actions < 200_000, "the game does not end");
        }
        assert_conserved(&state);
        prop_assert_eq!(state.phase, Phase::Over);
        let winners = NumBounce::winners(&state);
        prop_assert!(winners != 0);
        let best = NumBounce::scores(&state).into_iter().max().unwrap_or(0);
        for seat in seats_of(winners) {
            prop_assert_eq!(NumBounce::scores(&state)[seat], best);
        }
    }

    #[test]
    fn turns_refuse_or_take_any_id_without_panicking(
        config in configs(),
        seed in any::<i64>(),
        picks in prop::collection::vec((any::<bool>(), 0u32..5_410), 1..600),
    ) {
        let mut turn = Turn::<NumBounce>::start(NumBounce::new_game(&config, Seed::from(i128::from(seed))));
        for (any_id, n) in picks {
            let legal = turn.legal_ids();
            // Half arbitrary ids, half legal ones (so the game moves on).
            let id = if any_id || legal.is_empty() { n } else { legal[n as usize % legal.len()] };
            match turn.step(id) {
                Ok((next, _)) => {
                    prop_assert!(legal.contains(&id));
                    turn = next;
                }
                Err(_) => prop_assert!(!legal.contains(&id)),
            }
            if turn.seat().is_none() {
                break;
            }
        }
    }
}
