//! Properties of the native Stack Attack over random playouts: every card accounted for
//! at every step, games end within their bound, and ids decode only to legal actions.

use numrules_native::game::{Rules, Turn};
use numrules_native::rng::{Mt, Seed};
use numrules_native::stackattack::state::zone;
use numrules_native::stackattack::{Action, Config, ConfigSpec, Phase, StackAttack, State};
use proptest::prelude::*;

type G = StackAttack;

/// A valid config from a few drawn options (the deck grows to fit the table).
fn config_strategy() -> impl Strategy<Value = Config> {
    (
        2usize..=6,
        1usize..=10,
        1usize..=6,
        1usize..=6,
        prop_oneof![Just(64usize), 64usize..=200],
        0usize..=2,
        prop::option::of(1u32..=3),
        1i64..=120,
    )
        .prop_map(
            |(players, hand_size, rows, row_limit, deck, blocks, max_rounds, end_score)| {
                let deck_size = deck.max(players * hand_size + rows);
                let block = [14u16, 46][..blocks.min(rows - 1)].to_vec();
                Config::new(ConfigSpec {
                    players,
                    hand_size,
                    rows,
                    row_limit,
                    end_score,
                    deck_size,
                    block,
                    max_rounds,
                    ..ConfigSpec::default()
                })
                .expect("a valid config")
            },
        )
}

fn count(state: &State, z: u8) -> usize {
    state.zone.iter().filter(|&&at| at == z).count()
}

/// Every card is in one known zone, and the zones agree with the counters of the state.
fn check_cards(state: &State) {
    let c = &*state.config;
    let n = c.players;
    assert_eq!(state.zone.len(), c.deck_size + 1);
    assert_eq!(state.zone[0], zone::NONE);
    for &at in &state.zone[1..] {
        let known = (at < zone::HAND + n as u8)
            || (zone::PLAYED..zone::PLAYED + n as u8).contains(&at)
            || (zone::TAKEN..zone::TAKEN + n as u8).contains(&at)
            || (zone::ROW..zone::ROW + c.rows as u8).contains(&at)
            || at == zone::UNUSED;
        assert!(known, "a card in zone {at}");
    }
    assert_eq!(count(state, zone::UNUSED), c.deck_size - n * c.hand_size - c.rows);
    let turn = state.turn as usize;
    let mut placed = 0;
    for s in 0..n {
        let played = state.played[s];
        let holds = usize::from(played != 0);
        assert_eq!(count(state, zone::PLAYED + s as u8), holds);
        if played != 0 {
            assert_eq!(state.zone[usize::from(played)], zone::PLAYED + s as u8);
        }
        let hand = count(state, zone::HAND + s as u8);
        match state.phase {
            Phase::Choose => assert_eq!(hand + holds, c.hand_size - turn),
            Phase::Over => assert_eq!(hand, 0),
            _ => {
                assert_eq!(hand, c.hand_size - turn - 1);
                placed += 1 - holds;
            }
        }
        let points: i64 = state
            .cards_in(zone::TAKEN + s as u8)
            .map(|card| c.penalty(card))
            .sum();
        assert_eq!(points, state.points[s]);
    }
    let mut on_table = 0;
    for r in 0..c.rows {
        let len = count(state, zone::ROW + r as u8);
        assert!(len >= 1);
        assert_eq!(len, usize::from(state.row_len[r]));
        assert_eq!(state.zone[usize::from(state.row_end[r])], zone::ROW + r as u8);
        on_table += len;
    }
    on_table += (0..n).map(|s| count(state, zone::TAKEN + s as u8)).sum::<usize>();
    if state.phase != Phase::Over {
        assert_eq!(on_table, c.rows + turn * n + placed);
    } else {
        assert_eq!(on_table, c.rows + c.hand_size * n);
    }
    for &card in state.queue() {
        assert!(state.holder_of(card).is_some(), "queued card {card} is not held");
    }
}

/// Checks `decode` of arbitrary ids for every seat against the legal actions.
fn check_ids(state: &State, rng: &mut Mt) {
    let c = &*state.config;
    let num = G::num_actions(c);
    for seat in 0..c.players + 2 {
        let mut legal = Vec::new();
        G::legal_actions_for(state, seat, &mut legal);
        for action in &legal {
            let id = G::encode(c, action);
            assert!(id < num);
            assert_eq!(G::decode(state, seat, id).as_ref(), Some(action));
        }
        let ids = (0..8).map(|_| rng.below(num + 8)).chain([u32::MAX, num, num - 1]);
        for id in ids {
            if let Some(action) = G::decode(state, seat, id) {
                assert!(legal.contains(&action), "{action:?} is not legal");
                assert_eq!(G::encode(c, &action), id);
            }
        }
    }
}

/// Plays one random game through `Turn` (one seat at a time), checking every step;
/// returns the number of actions.
fn playout(config: &Config, seed: i128, limit: u64) -> u64 {
    let mut rng = Mt::new(Seed::from(seed));
    let mut turn = Turn::<G>::start(G::new_game(config, Seed::from(seed)));
    let mut length = 0;
    while !G::is_terminal(&turn.state) {
        assert!(length < limit, "the game did not end within {limit} actions");
        check_cards(&turn.state);
        check_ids(&turn.state, &mut rng);
        let ids = turn.legal_ids();
        assert!(!ids.is_empty());
        // An id the seat may not answer is refused, never a panic.
        let junk = rng.below(G::num_actions(config) + 4);
        if !ids.contains(&junk) {
            assert!(turn.step(junk).is_err());
        }
        let id = ids[rng.below(ids.len() as u32) as usize];
        let (next, action) = turn.step(id).expect("a legal id");
        assert!(action.is_some());
        turn = next;
        length += 1;
    }
    check_cards(&turn.state);
    assert_eq!(G::to_act(&turn.state), 0);
    assert!(G::winners(&turn.state) != 0);
    length
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_playouts_keep_every_card(config in config_strategy(), seed in any::<i64>()) {
        // `max_decisions`: a turn is every seat's pick, then at most one power decision
        // and one placement per revealed card.
        let limit = config
            .max_rounds
            .map_or(200_000, |m| u64::from(m) * config.hand_size as u64 * 3 * config.players as u64);
        let length = playout(&config, i128::from(seed), limit);
        prop_assert!(length >= (config.hand_size * config.players) as u64);
    }

    #[test]
    fn the_standard_game_ends(players in 2usize..=6, seed in any::<i128>()) {
        let config = Config::standard(players).expect("the standard game");
        playout(&config, seed, 20_000);
    }

    #[test]
    fn decode_never_panics(players in 2usize..=6, seed in any::<u32>(), steps in 0usize..300,
                           ids in prop::collection::vec(any::<u32>(), 1..40),
                           seat in 0usize..10) {
        let config = Config::standard(players).expect("the standard game");
        let mut rng = Mt::new(Seed::from(i128::from(seed)));
        let mut state = G::new_game(&config, Seed::from(i128::from(seed)));
        let mut legal: Vec<Action> = Vec::new();
        for _ in 0..steps {
            legal.clear();
            G::legal_actions(&state, &mut legal);
            if legal.is_empty() {
                break;
            }
            state = G::apply(&state, &legal[rng.below(legal.len() as u32) as usize]);
        }
        let mut mine = Vec::new();
        G::legal_actions_for(&state, seat, &mut mine);
        for id in ids {
            if let Some(action) = G::decode(&state, seat, id) {
                prop_assert!(mine.contains(&action));
                prop_assert_eq!(G::encode(&config, &action), id);
            }
        }
    }
}

#[test]
fn a_config_is_checked_as_in_python() {
    let bad = |spec: ConfigSpec| Config::new(spec).is_err();
    assert!(bad(ConfigSpec {
        players: 7,
        ..ConfigSpec::default()
    }));
    assert!(bad(ConfigSpec {
        hand_size: 16,
        ..ConfigSpec::default()
    }));
    assert!(bad(ConfigSpec {
        rows: 2,
        block: vec![1, 2],
        ..ConfigSpec::default()
    }));
    assert!(bad(ConfigSpec {
        shield: vec![6],
        ..ConfigSpec::default()
    }));
    assert!(bad(ConfigSpec {
        switch: vec![65],
        ..ConfigSpec::default()
    }));
    assert!(bad(ConfigSpec {
        penalties: Some(vec![1; 63]),
        ..ConfigSpec::default()
    }));
    assert!(!bad(ConfigSpec::default()));
}
