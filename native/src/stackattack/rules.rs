//! Stack Attack rules (`numrules.stackattack.rules`): the deal, the legal actions, and
//! `apply` with the whole resolution of a reveal.

use std::sync::Arc;

use super::config::{Card, Config, Power, MAX_PLAYERS, MAX_ROWS};
use super::state::{zone, Phase, State};
use crate::game::seats_with;
use crate::rng::{derive_seed, shuffle, Part, Seed};

/// One action of one seat (`Choose`, `Switch`, `Block`, `TakeRow`, `PlaceShield`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pick `card` from the hand for this turn.
    Choose { seat: u8, card: Card },
    /// Swap the SWITCH being resolved with the revealed card of `target`.
    Switch { seat: u8, target: u8 },
    /// Close `row` for this turn (the BLOCK being resolved).
    Block { seat: u8, row: u8 },
    /// Take `row` as penalty and start it with the card being placed.
    TakeRow { seat: u8, row: u8 },
    /// Append the SHIELD being placed to `row`.
    PlaceShield { seat: u8, row: u8 },
}

impl Action {
    /// The seat that takes the action.
    #[inline]
    pub fn seat(&self) -> usize {
        match *self {
            Action::Choose { seat, .. }
            | Action::Switch { seat, .. }
            | Action::Block { seat, .. }
            | Action::TakeRow { seat, .. }
            | Action::PlaceShield { seat, .. } => usize::from(seat),
        }
    }
}

/// The order in which round `round` is dealt: `shuffled(all_cards, derive_seed(seed,
/// "round", round))` (also `arrange_deck` without a stacked deck).
pub fn deal_order(config: &Config, seed: Seed, round: u32) -> Vec<Card> {
    let mut order = config.all_cards();
    let round_seed = derive_seed(seed, &[Part::Str("round"), Part::from(round)]);
    shuffle(&mut order, Seed::from(round_seed));
    order
}

/// `new_game(config, seed)`: the first round dealt.
pub fn new_game(config: &Config, seed: Seed) -> State {
    let config = Arc::new(config.clone());
    let order = deal_order(&config, seed, 0);
    let mut state = State {
        zone: vec![zone::NONE; config.deck_size + 1].into_boxed_slice(),
        config,
        seed,
        round: 0,
        turn: 0,
        phase: Phase::Choose,
        placing: false,
        decreasing: false,
        blocked: 0,
        banked: [0; MAX_PLAYERS],
        points: [0; MAX_PLAYERS],
        played: [0; MAX_PLAYERS],
        queue: [0; MAX_PLAYERS],
        queue_len: 0,
        row_end: [0; MAX_ROWS],
        row_len: [0; MAX_ROWS],
    };
    deal(&mut state, &order);
    state
}

/// `_deal`: hands of `hand_size` in turn, one card per row, the rest unused; a new round
/// at turn 0 (the caller sets `round` and `banked`).
fn deal(state: &mut State, order: &[Card]) {
    let (n, size, rows) = (state.players(), state.config.hand_size, state.config.rows);
    for (i, &card) in order.iter().enumerate() {
        let at = if i < n * size {
            zone::HAND + (i / size) as u8
        } else if i < n * size + rows {
            let r = i - n * size;
            state.row_end[r] = card;
            state.row_len[r] = 1;
            zone::ROW + r as u8
        } else {
            zone::UNUSED
        };
        state.zone[usize::from(card)] = at;
    }
    state.turn = 0;
    state.phase = Phase::Choose;
    state.points = [0; MAX_PLAYERS];
    state.played = [0; MAX_PLAYERS];
    clear_reveal(state);
}

fn clear_reveal(state: &mut State) {
    state.queue_len = 0;
    state.placing = false;
    state.blocked = 0;
    state.decreasing = false;
}

/// `to_act`: the seats yet to choose, or the one deciding (bit s: seat s).
pub fn to_act(state: &State) -> u32 {
    match state.phase {
        Phase::Choose => (0..state.players())
            .filter(|&s| state.played[s] == 0)
            .fold(0, |set, s| set | (1 << s)),
        Phase::Over => 0,
        _ => state.decider().map_or(0, |s| 1 << s),
    }
}

/// Pushes seat `seat`'s choices (its hand, ascending).
fn push_choices(state: &State, seat: usize, out: &mut Vec<Action>) {
    let z = zone::HAND + seat as u8;
    out.extend(state.cards_in(z).map(|card| Action::Choose {
        seat: seat as u8,
        card,
    }));
}

/// Pushes the decision of `seat` in a decision phase: the other seats, or the open rows.
fn push_decisions(state: &State, seat: usize, out: &mut Vec<Action>) {
    let s = seat as u8;
    if state.phase == Phase::Switch {
        out.extend(
            (0..state.players() as u8)
                .filter(|&t| t != s)
                .map(|target| Action::Switch { seat: s, target }),
        );
        return;
    }
    let open = (0..state.config.rows)
        .filter(|&r| state.is_open(r))
        .map(|r| r as u8);
    match state.phase {
        Phase::Block => out.extend(open.map(|row| Action::Block { seat: s, row })),
        Phase::Take => out.extend(open.map(|row| Action::TakeRow { seat: s, row })),
        _ => out.extend(open.map(|row| Action::PlaceShield { seat: s, row })),
    }
}

/// `legal_actions`: seats ascending, then cards, seats or rows ascending.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    match state.phase {
        Phase::Choose => {
            for seat in 0..state.players() {
                if state.played[seat] == 0 {
                    push_choices(state, seat, out);
                }
            }
        }
        Phase::Over => {}
        _ => {
            if let Some(seat) = state.decider() {
                push_decisions(state, seat, out);
            }
        }
    }
}

/// `legal_actions_for(state, seat)`.
pub fn legal_actions_for(state: &State, seat: usize, out: &mut Vec<Action>) {
    match state.phase {
        Phase::Choose => {
            if seat < state.players() && state.played[seat] == 0 {
                push_choices(state, seat, out);
            }
        }
        Phase::Over => {}
        _ => {
            if state.decider() == Some(seat) {
                push_decisions(state, seat, out);
            }
        }
    }
}

/// `apply(state, action)` for a legal action.
pub fn apply(state: &State, action: &Action) -> State {
    let mut s = state.clone();
    match *action {
        Action::Choose { seat, card } => {
            let seat = usize::from(seat);
            s.zone[usize::from(card)] = zone::PLAYED + seat as u8;
            s.played[seat] = card;
            let n = s.players();
            if s.played[..n].contains(&0) {
                return s;
            }
            // The reveal: the action cards of the reveal, ascending, resolve first.
            let mut queue = [0; MAX_PLAYERS];
            let mut len = 0;
            for &c in &s.played[..n] {
                if s.config.power(c).is_some() {
                    queue[len] = c;
                    len += 1;
                }
            }
            queue[..len].sort_unstable();
            s.queue = queue;
            s.queue_len = len as u8;
            resolve(&mut s);
        }
        Action::Switch { seat, target } => {
            let (seat, target) = (usize::from(seat), usize::from(target));
            s.played.swap(seat, target);
            s.zone[usize::from(s.played[seat])] = zone::PLAYED + seat as u8;
            s.zone[usize::from(s.played[target])] = zone::PLAYED + target as u8;
            pop_queue(&mut s);
            resolve(&mut s);
        }
        Action::Block { row, .. } => {
            s.blocked |= 1 << row;
            pop_queue(&mut s);
            resolve(&mut s);
        }
        Action::TakeRow { seat, row } => {
            let card = s.queue[0];
            take_row(&mut s, usize::from(seat), usize::from(row), card);
            s.played[usize::from(seat)] = 0;
            pop_queue(&mut s);
            s.placing = true;
            resolve(&mut s);
        }
        Action::PlaceShield { seat, row } => {
            let card = s.queue[0];
            append(&mut s, usize::from(row), card);
            s.played[usize::from(seat)] = 0;
            pop_queue(&mut s);
            s.placing = true;
            resolve(&mut s);
        }
    }
    s
}

fn pop_queue(s: &mut State) {
    let len = usize::from(s.queue_len);
    if len > 0 {
        s.queue.copy_within(1..len, 0);
        s.queue_len -= 1;
    }
}

/// Seat `seat` takes row `r` as penalty; `card` starts the row.
fn take_row(s: &mut State, seat: usize, r: usize, card: Card) {
    let (row_zone, taken_zone) = (zone::ROW + r as u8, zone::TAKEN + seat as u8);
    let mut points = 0;
    for (c, at) in s.zone.iter_mut().enumerate().skip(1) {
        if *at == row_zone {
            *at = taken_zone;
            points += s.config.penalties[c - 1];
        }
    }
    s.points[seat] += points;
    s.zone[usize::from(card)] = row_zone;
    s.row_end[r] = card;
    s.row_len[r] = 1;
}

/// `card` joins the end of row `r`.
fn append(s: &mut State, r: usize, card: Card) {
    s.zone[usize::from(card)] = zone::ROW + r as u8;
    s.row_end[r] = card;
    s.row_len[r] += 1;
}

/// `_resolve`: runs the reveal forward until a seat owes a decision or the turn is over.
fn resolve(s: &mut State) {
    if !s.placing {
        // The action stage: the powers act lowest card first; a SWITCH or a BLOCK stops
        // here until its holder decides.
        let len = usize::from(s.queue_len);
        for i in 0..len {
            s.phase = match s.config.power(s.queue[i]) {
                Some(Power::Switch) => Phase::Switch,
                Some(Power::Block) => Phase::Block,
                Some(Power::Decreasing) => {
                    s.decreasing = true;
                    continue;
                }
                _ => continue,
            };
            s.queue.copy_within(i..len, 0);
            s.queue_len = (len - i) as u8;
            return;
        }
        // The placement stage: every revealed card, ascending (descending on DECREASING).
        let n = s.players();
        let mut len = 0;
        for seat in 0..n {
            if s.played[seat] != 0 {
                s.queue[len] = s.played[seat];
                len += 1;
            }
        }
        let queue = &mut s.queue[..len];
        if s.decreasing {
            queue.sort_unstable_by(|a, b| b.cmp(a));
        } else {
            queue.sort_unstable();
        }
        s.queue_len = len as u8;
        s.placing = true;
    }
    let (rows, limit) = (s.config.rows, s.config.row_limit);
    while s.queue_len > 0 {
        let card = s.queue[0];
        // The open row whose end is the highest below the card.
        let mut best = None;
        let mut best_end = 0;
        for r in 0..rows {
            let end = s.row_end[r];
            if best_end < end && end < card && s.is_open(r) {
                best = Some(r);
                best_end = end;
            }
        }
        let Some(best) = best else {
            s.phase = if s.config.is_shield(card) {
                Phase::Shield
            } else {
                Phase::Take
            };
            return;
        };
        let Some(seat) = s.holder_of(card) else {
            // Unreachable for a consistent state: every queued card is held.
            pop_queue(s);
            continue;
        };
        if usize::from(s.row_len[best]) >= limit && !s.config.is_shield(card) {
            take_row(s, seat, best, card);
        } else {
            append(s, best, card);
        }
        s.played[seat] = 0;
        pop_queue(s);
    }
    end_turn(s);
}

/// `_end_turn`: the next turn, the next round, or the end of the game.
fn end_turn(s: &mut State) {
    clear_reveal(s);
    s.played = [0; MAX_PLAYERS];
    s.turn += 1;
    s.phase = Phase::Choose;
    let config = Arc::clone(&s.config);
    if (s.turn as usize) < config.hand_size {
        return;
    }
    let n = s.players();
    let mut totals = [0; MAX_PLAYERS];
    for (seat, total) in totals[..n].iter_mut().enumerate() {
        *total = s.banked[seat] + s.points[seat];
    }
    let last_round = config.max_rounds.is_some_and(|m| s.round + 1 >= m);
    let top = totals[..n].iter().copied().max().unwrap_or(0);
    if top >= config.end_score || last_round {
        s.phase = Phase::Over;
        return;
    }
    s.round += 1;
    s.banked = totals;
    let order = deal_order(&config, s.seed, s.round);
    deal(s, &order);
}

/// `scores(state)`.
pub fn scores(state: &State) -> Vec<i64> {
    state.totals().collect()
}

/// `winners(state)`: the lowest totals once the game is over (bit s: seat s).
pub fn winners(state: &State) -> u32 {
    if state.phase != Phase::Over {
        return 0;
    }
    let best = state.totals().min().unwrap_or(0);
    seats_with(state.totals(), &best)
}
