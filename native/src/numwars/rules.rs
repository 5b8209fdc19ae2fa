//! Num Wars rules (`numwars.rules`, `numwars.scoring`): the deal, `apply` with the end of
//! tricks and rounds, and the scores.

use crate::game::seats_with;
use crate::numwars::cards::{pair_points, Card, Cards, Config, Role, BOMB_AT, JOKER_AT, MAX_PLAYERS};
use crate::numwars::state::{Fate, Shown, State, STOLEN};
use crate::numwars::tricks::{bomb_fate, has_bomb, is_steal, legal_plays, partner, winner};
use crate::rng::{derive_seed, shuffle, Part, Seed};

/// `new_game(config, seed)`: round 0 dealt from `shuffled(all_cards, derive_seed(seed,
/// "round", 0))`.
pub fn new_game(config: &Config, seed: Seed) -> State {
    let mut state = State {
        config: *config,
        seed,
        round: 0,
        over: false,
        totals: [0; MAX_PLAYERS],
        lots: [0; MAX_PLAYERS],
        hands: [0; MAX_PLAYERS],
        aside: 0,
        leader: 0,
        trick: [0; MAX_PLAYERS],
        trick_len: 0,
        won: [0; MAX_PLAYERS],
        pairs: [0; MAX_PLAYERS],
        tricks: [0; MAX_PLAYERS],
        bomb: None,
        capturer: None,
        protector: None,
        shown: Shown::default(),
    };
    deal(&mut state, 0, &shuffled_deck(config, seed, 0));
    state
}

/// `shuffled(config.all_cards(), derive_seed(seed, "round", round))`.
pub fn shuffled_deck(config: &Config, seed: Seed, round: u32) -> Vec<Card> {
    let mut order: Vec<Card> = (0..config.deck().size as Card).collect();
    let seed = derive_seed(seed, &[Part::Str("round"), Part::from(round)]);
    shuffle(&mut order, Seed::from(seed));
    order
}

/// `_deal`: round `round` from the deck `order` (top card first). The lot cards go to
/// the seats in order of appearance; the other cards, `hand_size - 1` a seat from seat
/// 0; the rest is set aside. Every other field of the round starts afresh (`shown`
/// too: the tracker forgets at each `Dealt`).
pub fn deal(state: &mut State, round: u32, order: &[Card]) {
    let config = state.config;
    let n = config.n();
    let per = config.hand_size as usize - 1;
    let mut lots = 0;
    let mut others = 0; // the non-lot cards dealt so far
    state.hands = [0; MAX_PLAYERS];
    state.aside = 0;
    for &card in order {
        let bit: Cards = 1 << card;
        if config.lot_mask & bit != 0 {
            state.lots[lots] = card;
            state.hands[lots] |= bit;
            lots += 1;
        } else if others < n * per {
            state.hands[others / per] |= bit;
            others += 1;
        } else {
            state.aside |= bit;
        }
    }
    state.round = round;
    state.leader = ((round + 1) % n as u32) as u8;
    state.trick_len = 0;
    state.won = [0; MAX_PLAYERS];
    state.pairs = [0; MAX_PLAYERS];
    state.tricks = [0; MAX_PLAYERS];
    state.bomb = None;
    state.capturer = None;
    state.protector = None;
    state.shown = Shown::default();
}

/// The cards the seat to act may play (`legal_actions`, as a set); empty once over.
pub fn legal(state: &State) -> Cards {
    if state.over {
        return 0;
    }
    let deck = state.config.deck();
    legal_plays(deck, state.hands[state.turn()], state.trick())
}

/// `apply(state, Play(seat, card))` for a legal play of the seat to act. A play that is
/// not a steal (a `Played` event) updates `shown` as the tracker's `_note_play` does.
pub fn play(state: &State, seat: usize, card: Card) -> State {
    let mut next = state.clone();
    let deck = state.config.deck();
    next.hands[seat] &= !(1 << card);
    let len = state.trick_len as usize;
    if is_steal(deck, state.trick(), card) {
        // The stolen trump's place and the stealer's are both empty places.
        let other = partner(deck, card).unwrap_or(card);
        if let Some(k) = state.trick().iter().position(|&c| c == other) {
            next.trick[k] = STOLEN;
        }
        next.trick[len] = STOLEN;
        next.pairs[seat] |= 1 << deck.value_of(card);
    } else {
        next.shown.note(deck, seat, card, state.trick());
        next.trick[len] = card;
    }
    next.trick_len += 1;
    if (next.trick_len as usize) == state.config.n() {
        end_trick(&mut next);
    }
    next
}

/// `_end_trick`: the complete trick goes to its winner (the Bomb maybe to its capturer),
/// who leads the next one; after the last trick, the round is scored and the next one
/// dealt, or the game ends.
fn end_trick(state: &mut State) {
    let config = state.config;
    let deck = config.deck();
    let n = config.n();
    let leader = state.leader as usize;
    let trick = state.trick();
    let take = winner(deck, trick, leader, n);
    let mut cards = state.trick_cards();
    if has_bomb(deck, cards) {
        let (fate, capturer, protector) = bomb_fate(deck, trick, leader, n);
        state.bomb = Some(fate);
        if let Some(c) = capturer {
            let bomb: Cards = cards & (1 << deck.special(BOMB_AT));
            cards &= !bomb;
            state.won[c as usize] |= bomb;
            state.capturer = Some(c);
        }
        if protector.is_some() {
            state.protector = protector;
        }
    }
    state.won[take] |= cards;
    state.tricks[take] += 1;
    state.leader = take as u8;
    state.trick_len = 0;
    if state.hands[..n].iter().any(|&h| h != 0) {
        return;
    }
    let round = round_totals(state);
    for (total, points) in state.totals.iter_mut().zip(round) {
        *total += points;
    }
    if state.round + 1 < config.rounds {
        let order = shuffled_deck(&config, state.seed, state.round + 1);
        deal(state, state.round + 1, &order);
    } else {
        state.over = true;
    }
}

/// How a round's Bomb ended (`BombOutcome`), by the capturer's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Kept without help.
    Kept,
    /// Kept thanks to the Joker.
    Protected,
    /// Captured by a seat of this role.
    By(Role),
}

/// `bomb_outcome(state)`: None before the Bomb's trick is over.
pub fn bomb_outcome(state: &State) -> Option<Outcome> {
    match state.bomb? {
        Fate::Kept => Some(Outcome::Kept),
        Fate::Protected => Some(Outcome::Protected),
        Fate::Captured => {
            let seat = state.capturer? as usize;
            state.config.role_of(state.lots[seat]).map(Outcome::By)
        }
    }
}

/// `round_result(state).totals` of a finished round: each seat's card and pair points
/// plus the role bonus lines due to it.
pub fn round_totals(state: &State) -> [i64; MAX_PLAYERS] {
    let config = &state.config;
    let b = &config.bonus;
    let joker = config.deck().special(JOKER_AT);
    // A state whose Bomb was never played cannot come from the rules (Python asserts);
    // it scores no bonus here.
    let outcome = bomb_outcome(state);
    let mut out = [0; MAX_PLAYERS];
    for (seat, total) in out.iter_mut().enumerate().take(config.n()) {
        let mut points = config.card_points(state.won[seat]) + pair_points(state.pairs[seat]);
        let Some(outcome) = outcome else {
            *total = points;
            continue;
        };
        let role = config.role_of(state.lots[seat]);
        let mut bonus = 0;
        if role == Some(Role::Bomber) && outcome == Outcome::Kept {
            bonus += b.bomb_kept;
        }
        if role == Some(Role::Bomber) && outcome == Outcome::Protected {
            bonus += b.bomb_protected;
        }
        if state.protector == Some(seat as u8) {
            bonus += b.joker_protects;
        }
        let by = |r: Role| outcome == Outcome::By(r);
        match role {
            Some(Role::Deminer) if by(Role::Deminer) => bonus += b.deminer_captures,
            Some(Role::Deminer) if state.won[seat] & (1 << joker) != 0 => bonus += b.deminer_consolation,
            Some(Role::Civilian) if by(Role::Civilian) => bonus += b.civilian_captures,
            Some(Role::NumX) => {
                if by(Role::NumX) {
                    bonus += b.num_x_captures;
                } else if !by(Role::Civilian) {
                    bonus += b.num_x_spared;
                }
            }
            _ => {}
        }
        points += i64::from(bonus);
        *total = points;
    }
    out
}

/// `scores(state)`: the finished rounds plus this round's card and pair points.
pub fn scores(state: &State) -> Vec<i64> {
    let config = &state.config;
    (0..config.n())
        .map(|s| {
            let now = if state.over {
                0
            } else {
                config.card_points(state.won[s]) + pair_points(state.pairs[s])
            };
            state.totals[s] + now
        })
        .collect()
}

/// `winners(state)`: the seats of the highest total once the game is over.
pub fn winners(state: &State) -> u32 {
    if !state.over {
        return 0;
    }
    let scores = scores(state);
    let best = scores.iter().copied().max().unwrap_or(0);
    seats_with(scores, &best)
}

/// Every card of the deck by place, for checks: hands, trick, won, pairs (both halves)
/// and aside, each as a set, and whether any card is in two places.
pub fn zones(state: &State) -> (Cards, bool) {
    let deck = state.config.deck();
    let mut all: Cards = 0;
    let mut twice = false;
    let mut add = |set: Cards| {
        twice |= all & set != 0;
        all |= set;
    };
    for s in 0..state.config.n() {
        add(state.hands[s]);
        add(state.won[s]);
        add(deck.trumps_of(state.pairs[s]));
    }
    add(state.trick_cards());
    add(state.aside);
    (all, twice)
}
