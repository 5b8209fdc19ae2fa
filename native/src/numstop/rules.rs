//! Num Stop's rules (`numrules.numstop.rules`, `turns`, `rounds`): a new game, the legal
//! actions in the Python order, and `apply`.

use super::cards::{
    action_kinds, bit, cards_of, family, is_family, kinds_cards, Cards, Config, Mode, DOUBLE, FIRST_ACTION,
    FLIP, JOKER, OBJECTIVES, QUANTUM, RAINBOW, SHADOW, SKIP, SKIPPED_TURN_KINDS, SWIPE,
};
use super::selection::{combination_points, completing_cards, next_objective, DECISION_INDEX, SIZES};
use super::state::{Phase, Pile, State, NONE};
use crate::game::seats_with;
use crate::rng::{derive_seed, shuffle, Part, Seed};

/// What an action card does when activated, with its target seat or stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Activation {
    /// JOKER against a drawn Shadow.
    Joker,
    /// DOUBLE at a seat.
    Double(u8),
    /// SKIP at an opponent.
    Skip(u8),
    /// FLIP.
    Flip,
    /// SWIPE with a neighbour.
    Swipe(u8),
    /// QUANTUM from stock 0 (A) or 1 (B).
    Quantum(u8),
}

impl Activation {
    /// The action card kind activated.
    pub fn kind(self) -> u8 {
        match self {
            Activation::Joker => JOKER,
            Activation::Double(_) => DOUBLE,
            Activation::Skip(_) => SKIP,
            Activation::Flip => FLIP,
            Activation::Swipe(_) => SWIPE,
            Activation::Quantum(_) => QUANTUM,
        }
    }
}

/// What an action does (the Python action classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `Lock`.
    Lock,
    /// `Stop`.
    Stop,
    /// `Draw(stock)`: 0 for A, 1 for B.
    Draw(u8),
    /// `Activate(card, target | stock)`.
    Activate(Activation),
    /// `Reserve(card)`: the action card kind just drawn.
    Reserve(u8),
    /// `Keep(card)`: the drawn Shadow, or a QUANTUM card.
    Keep(u8),
    /// `Keep(None)`.
    KeepNone,
    /// `Discard(card)`: the drawn Shadow.
    Discard(u8),
    /// `EndTurn` (a skipped turn).
    EndTurn,
    /// `Pick(card)`.
    Pick(u8),
    /// `Pass`.
    Pass,
    /// `EndValidation`.
    EndValidation,
}

/// One action of one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    /// The seat acting.
    pub seat: u8,
    /// What it does.
    pub kind: Kind,
}

/// `new_game(config, seed)`: the first round dealt.
pub fn new_game(config: &Config, seed: Seed) -> State {
    let scorecards = [[-1i16; OBJECTIVES]; 6];
    deal(config, seed, 0, scorecards)
}

/// `deal`: round `round` shuffled from `derive_seed(seed, "round", round)`; the first
/// half of the order is stock A, the rest stock B.
fn deal(config: &Config, seed: Seed, round: u32, scorecards: [[i16; OBJECTIVES]; 6]) -> State {
    let (mut order, n) = config.all_cards();
    let round_seed = derive_seed(seed, &[Part::Str("round"), Part::from(round)]);
    shuffle(&mut order[..n], Seed::from(round_seed));
    let half = (n / 2) as u8;
    State {
        config: *config,
        seed,
        round,
        phase: Phase::Start,
        player: (round % u32::from(config.players)) as u8,
        stock: order,
        lo: [0, half],
        hi: [half, n as u8],
        piles: [Pile::default(); 6],
        collections: [0; 6],
        reserves: [0; 6],
        scored: [0; 6],
        discard: 0,
        pending: 0,
        drawn: 0,
        double: false,
        doubled: 0,
        skipped: 0,
        peeks: [NONE; 2],
        scorecards,
        objective: NONE,
        selection: 0,
    }
}

/// The seats to the right and left of `seat` (`right`, `left`), ascending, once each.
fn neighbours(seat: u8, n: u8) -> ([u8; 2], usize) {
    let left = (seat + 1) % n;
    let right = (seat + n - 1) % n;
    match left.cmp(&right) {
        std::cmp::Ordering::Less => ([left, right], 2),
        std::cmp::Ordering::Greater => ([right, left], 2),
        std::cmp::Ordering::Equal => ([left, 0], 1),
    }
}

/// `activations(state, card)`: every legal way to activate an action card of `kind` now.
fn activations(state: &State, kind: u8, out: &mut Vec<Action>) {
    let seat = state.player;
    let n = state.config.players;
    let mut push = |a: Activation| {
        out.push(Action {
            seat,
            kind: Kind::Activate(a),
        })
    };
    match kind {
        DOUBLE => (0..n).for_each(|t| push(Activation::Double(t))),
        SKIP => (0..n)
            .filter(|&t| t != seat)
            .for_each(|t| push(Activation::Skip(t))),
        SWIPE => {
            let (targets, count) = neighbours(seat, n);
            for &t in &targets[..count] {
                if t != seat
                    && !(state.piles[usize::from(seat)].is_empty() && state.piles[usize::from(t)].is_empty())
                {
                    push(Activation::Swipe(t));
                }
            }
        }
        QUANTUM => {
            if state.compulsory() == 0 {
                (0..2u8)
                    .filter(|&i| state.stock_len(usize::from(i)) > 0)
                    .for_each(|i| push(Activation::Quantum(i)));
            }
        }
        FLIP => push(Activation::Flip),
        _ => {
            if state.phase == Phase::Shadow {
                push(Activation::Joker);
            }
        }
    }
}

/// Whether `activations(state, kind)` is not empty.
fn can_activate(state: &State, kind: u8) -> bool {
    let seat = state.player;
    match kind {
        DOUBLE | FLIP => true,
        SKIP => state.config.players > 1,
        SWIPE => {
            let (targets, count) = neighbours(seat, state.config.players);
            targets[..count].iter().any(|&t| {
                t != seat
                    && !(state.piles[usize::from(seat)].is_empty() && state.piles[usize::from(t)].is_empty())
            })
        }
        QUANTUM => state.compulsory() == 0 && (state.stock_len(0) > 0 || state.stock_len(1) > 0),
        _ => state.phase == Phase::Shadow,
    }
}

fn draws(state: &State, out: &mut Vec<Action>) {
    for i in 0..2u8 {
        if state.stock_len(usize::from(i)) > 0 {
            out.push(Action {
                seat: state.player,
                kind: Kind::Draw(i),
            });
        }
    }
}

/// `_from_reserve`: the activations of the reserve's cards of `allowed` (a kind mask),
/// by card.
fn from_reserve(state: &State, allowed: u8, out: &mut Vec<Action>) {
    let held = state.reserves[usize::from(state.player)] & allowed;
    for kind in 0..6 {
        if held & (1 << kind) != 0 {
            activations(state, kind, out);
        }
    }
}

/// The kind of the action card just drawn (phase ACTION).
fn drawn_kind(state: &State) -> u8 {
    action_kinds(state.pending).trailing_zeros().min(5) as u8
}

/// `action_card_choices`: the answers to an action card just drawn.
fn action_card_choices(state: &State, out: &mut Vec<Action>) {
    let seat = state.player;
    let drawn = drawn_kind(state);
    let held = state.reserves[usize::from(seat)];
    if held.count_ones() < u32::from(state.config.reserve_size) {
        activations(state, drawn, out);
        out.push(Action {
            seat,
            kind: Kind::Reserve(drawn),
        });
        return;
    }
    let kinds = held | (1 << drawn);
    for kind in 0..6 {
        if kinds & (1 << kind) != 0 {
            activations(state, kind, out);
        }
    }
}

/// Whether `action_card_choices` is not empty.
fn has_action_card_choice(state: &State) -> bool {
    let held = state.reserves[usize::from(state.player)];
    if held.count_ones() < u32::from(state.config.reserve_size) {
        return true;
    }
    let kinds = held | (1 << drawn_kind(state));
    (0..6).any(|kind| kinds & (1 << kind) != 0 && can_activate(state, kind))
}

fn picks(state: &State, cards: Cards, out: &mut Vec<Action>) {
    let seat = state.player;
    out.extend(cards_of(cards).map(|c| Action {
        seat,
        kind: Kind::Pick(c),
    }));
}

/// `legal_actions(state)`: every action of the seat to act, in the Python order.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    let seat = state.player;
    let me = usize::from(seat);
    let act = |kind| Action { seat, kind };
    match state.phase {
        Phase::Over => {}
        Phase::Start => {
            if !state.piles[me].is_empty() && !state.double {
                out.push(act(Kind::Lock));
            }
            draws(state, out);
            from_reserve(state, 0x3f, out);
        }
        Phase::Draw => {
            if state.drawn > 0 && state.compulsory() == 0 {
                out.push(act(Kind::Stop));
            }
            draws(state, out);
            from_reserve(state, 0x3f, out);
        }
        Phase::Redraw => draws(state, out),
        Phase::Flipped => {
            if state.compulsory() == 0 {
                out.push(act(Kind::Stop));
            }
            draws(state, out);
        }
        Phase::Shadow => {
            let shadow = state.pending.trailing_zeros().min(127) as u8;
            if state.reserves[me] & (1 << JOKER) != 0 {
                out.push(act(Kind::Activate(Activation::Joker)));
            }
            out.push(act(Kind::Keep(shadow)));
            out.push(act(Kind::Discard(shadow)));
        }
        Phase::Action => action_card_choices(state, out),
        Phase::Quantum => {
            out.extend(
                cards_of(state.pending)
                    .filter(|&c| is_family(c))
                    .map(|c| act(Kind::Keep(c))),
            );
            out.push(act(Kind::KeepNone));
        }
        Phase::Skipped => {
            from_reserve(state, SKIPPED_TURN_KINDS, out);
            out.push(act(Kind::EndTurn));
        }
        Phase::Validation => {
            if state.objective == NONE {
                out.push(act(Kind::EndValidation));
            } else {
                let cards =
                    completing_cards(state.objective, 0, state.collections[me], state.config.max_value);
                picks(state, cards, out);
                out.push(act(Kind::Pass));
            }
        }
        Phase::Selection => {
            if state.objective != NONE {
                let cards = completing_cards(
                    state.objective,
                    state.selection,
                    state.collections[me],
                    state.config.max_value,
                );
                picks(state, cards, out);
            }
        }
    }
}

/// `end_turn`: the next seat begins its turn, skipped or played (DOUBLE applies).
fn end_turn(s: &mut State) {
    let nxt = (s.player + 1) % s.config.players;
    let b = 1u8 << nxt;
    if s.skipped & b != 0 {
        s.phase = Phase::Skipped;
        s.double = false;
        s.skipped &= !b;
    } else {
        s.phase = Phase::Start;
        s.double = s.doubled & b != 0;
        s.doubled &= !b;
    }
    s.player = nxt;
    s.drawn = 0;
    s.pending = 0;
}

/// `end_round`: both stocks are empty; unlocked piles, reserves and `lost` are discarded
/// and validation begins with the round's first player.
fn end_round(s: &mut State, lost: Cards) {
    let n = s.players();
    let mut out = s.discard | lost;
    for seat in 0..n {
        out |= s.piles[seat].cards | kinds_cards(s.reserves[seat]);
    }
    let first = s.first_player();
    s.discard = out;
    s.phase = Phase::Validation;
    s.player = first;
    s.lo = s.hi;
    s.piles = [Pile::default(); 6];
    s.reserves = [0; 6];
    s.pending = 0;
    s.drawn = 0;
    s.double = false;
    s.doubled = 0;
    s.skipped = 0;
    s.peeks = [NONE; 2];
    s.selection = 0;
    s.objective = next_objective(
        &s.scorecards[usize::from(first)],
        0,
        s.collections[usize::from(first)],
        s.config.max_value,
    )
    .unwrap_or(NONE);
}

/// `_drawn`: a card just drawn is resolved (round end, action card, Shadow, stop checks).
fn drawn(s: &mut State, card: u8) {
    if s.stock_len(0) == 0 && s.stock_len(1) == 0 {
        end_round(s, bit(card));
        return;
    }
    s.drawn = s.drawn.saturating_add(1);
    let me = usize::from(s.player);
    if !is_family(card) {
        s.phase = Phase::Action;
        s.pending = bit(card);
        if !has_action_card_choice(s) {
            // No slot and nothing can be activated: the drawn card is discarded.
            s.discard |= bit(card);
            s.phase = Phase::Draw;
            s.pending = 0;
        }
        return;
    }
    if family(card) == SHADOW {
        s.phase = Phase::Shadow;
        s.pending = bit(card);
        return;
    }
    let pile = &mut s.piles[me];
    if pile.breaks_with(card, &s.config) {
        s.discard |= pile.cards | bit(card);
        *pile = Pile::default();
        end_turn(s);
        return;
    }
    pile.push(card);
    s.phase = if family(card) == RAINBOW {
        Phase::Redraw
    } else {
        Phase::Draw
    };
}

/// `_quantum`: take the top cards of a stock, then of the other when it runs out.
fn quantum(s: &mut State, stock: usize) {
    let count = usize::from(s.config.quantum_cards);
    let other = 1 - stock;
    let from_first = count.min(s.stock_len(stock));
    let from_second = (count - from_first).min(s.stock_len(other));
    let mut taken = 0;
    for &c in &s.stock(stock)[..from_first] {
        taken |= bit(c);
    }
    for &c in &s.stock(other)[..from_second] {
        taken |= bit(c);
    }
    s.lo[stock] += from_first as u8;
    s.lo[other] += from_second as u8;
    if from_first > 0 {
        s.peeks[stock] = NONE;
    }
    if from_second > 0 {
        s.peeks[other] = NONE;
    }
    if s.stock_len(0) == 0 && s.stock_len(1) == 0 {
        end_round(s, taken);
        return;
    }
    s.phase = Phase::Quantum;
    s.pending = taken;
    s.drawn = s.drawn.saturating_add((from_first + from_second) as u8);
}

fn activate(s: &mut State, a: Activation) {
    let me = usize::from(s.player);
    let kind = a.kind();
    let card = FIRST_ACTION + kind;
    match s.phase {
        Phase::Action => {
            let drawn = drawn_kind(s);
            if kind != drawn {
                // With a full reserve, the card just drawn takes the activated one's slot.
                s.reserves[me] = (s.reserves[me] & !(1 << kind)) | (1 << drawn);
            }
        }
        _ => s.reserves[me] &= !(1 << kind),
    }
    if kind == JOKER {
        // The drawn Shadow is discarded, the pile kept, the turn goes on.
        s.discard |= s.pending | bit(card);
        s.pending = 0;
        s.phase = Phase::Draw;
        return;
    }
    s.discard |= bit(card);
    s.pending = 0;
    let phase = if s.phase == Phase::Skipped {
        Phase::Skipped
    } else {
        Phase::Draw
    };
    match a {
        Activation::Quantum(stock) => quantum(s, usize::from(stock & 1)),
        Activation::Flip => {
            for i in 0..2 {
                s.peeks[i] = if s.stock_len(i) > 0 { s.player } else { NONE };
            }
            s.phase = Phase::Flipped;
        }
        Activation::Double(t) => {
            s.doubled |= 1 << t;
            s.phase = phase;
        }
        Activation::Skip(t) => {
            s.skipped |= 1 << t;
            s.phase = phase;
        }
        Activation::Swipe(t) => {
            s.piles.swap(me, usize::from(t));
            s.phase = phase;
        }
        Activation::Joker => {}
    }
}

fn keep(s: &mut State, card: u8) {
    let me = usize::from(s.player);
    if s.phase == Phase::Shadow {
        // The Shadow starts a new pile; the old one is lost.
        s.discard |= s.piles[me].cards;
        s.piles[me] = Pile::single(card);
        end_turn(s);
        return;
    }
    let rest = s.pending & !bit(card);
    let pile = &mut s.piles[me];
    if family(card) == SHADOW {
        s.discard |= rest | pile.cards;
        *pile = Pile::single(card);
    } else if pile.breaks_with(card, &s.config) {
        s.discard |= rest | pile.cards | bit(card);
        *pile = Pile::default();
    } else {
        s.discard |= rest;
        pile.push(card);
    }
    end_turn(s);
}

fn is_last_round(s: &State) -> bool {
    if s.config
        .max_rounds
        .is_some_and(|limit| s.round.saturating_add(1) >= limit)
    {
        return true;
    }
    s.scorecards[..s.players()]
        .iter()
        .any(|card| card.iter().all(|&p| p >= 0))
}

fn pick(s: &mut State, card: u8) {
    let me = usize::from(s.player);
    let objective = s.objective;
    let picked = s.selection | bit(card);
    let o = usize::from(objective);
    if o >= OBJECTIVES {
        return; // no objective under decision: no pick is legal
    }
    if picked.count_ones() < u32::from(SIZES[o]) {
        s.phase = Phase::Selection;
        s.selection = picked;
        return;
    }
    let config = &s.config;
    s.scorecards[me][o] = combination_points(objective, picked, &config.bonuses, config.wild_points);
    s.collections[me] &= !picked;
    s.scored[me] |= picked;
    s.phase = Phase::Validation;
    s.selection = 0;
    s.objective = next_objective(
        &s.scorecards[me],
        usize::from(DECISION_INDEX[o]) + 1,
        s.collections[me],
        config.max_value,
    )
    .unwrap_or(NONE);
}

fn end_validation(s: &mut State) -> Option<State> {
    let after = (s.player + 1) % s.config.players;
    if after != s.first_player() {
        s.player = after;
        let a = usize::from(after);
        s.objective =
            next_objective(&s.scorecards[a], 0, s.collections[a], s.config.max_value).unwrap_or(NONE);
        return None;
    }
    if is_last_round(s) {
        s.phase = Phase::Over;
        s.player = s.first_player();
        s.objective = NONE;
        return None;
    }
    Some(deal(&s.config, s.seed, s.round.saturating_add(1), s.scorecards))
}

/// `apply(state, action)` for a legal action.
pub fn apply(state: &State, action: &Action) -> State {
    let mut s = state.clone();
    let me = usize::from(s.player);
    match action.kind {
        Kind::Lock => {
            let pile = std::mem::take(&mut s.piles[me]);
            s.collections[me] |= pile.cards;
            end_turn(&mut s);
        }
        Kind::Draw(stock) => {
            let i = usize::from(stock & 1);
            let Some(&card) = s.stock(i).first() else {
                return s;
            };
            s.lo[i] += 1;
            s.peeks[i] = NONE;
            drawn(&mut s, card);
        }
        Kind::Stop | Kind::EndTurn => end_turn(&mut s),
        Kind::Activate(a) => activate(&mut s, a),
        Kind::Reserve(kind) => {
            s.reserves[me] |= 1 << kind;
            s.pending = 0;
            s.phase = Phase::Draw;
        }
        Kind::Keep(card) => keep(&mut s, card),
        Kind::KeepNone | Kind::Discard(_) => {
            s.discard |= s.pending;
            end_turn(&mut s);
        }
        Kind::Pick(card) => pick(&mut s, card),
        Kind::Pass => {
            let o = usize::from(s.objective);
            s.objective = next_objective(
                &s.scorecards[me],
                usize::from(DECISION_INDEX.get(o).copied().unwrap_or(9)) + 1,
                s.collections[me],
                s.config.max_value,
            )
            .unwrap_or(NONE);
        }
        Kind::EndValidation => {
            if let Some(next) = end_validation(&mut s) {
                return next;
            }
        }
    }
    s
}

/// `scores(state)`: points in CLASSIC, validated objectives in DISCOVERY.
pub fn scores(state: &State) -> Vec<i64> {
    state.scorecards[..state.players()]
        .iter()
        .map(|card| match state.config.mode {
            Mode::Discovery => card.iter().filter(|&&p| p >= 0).count() as i64,
            Mode::Classic => card.iter().filter(|&&p| p >= 0).map(|&p| i64::from(p)).sum(),
        })
        .collect()
}

/// `winners(state)`: the seats with the best score once the game is over (ties share).
pub fn winners(state: &State) -> u32 {
    if state.phase != Phase::Over {
        return 0;
    }
    let scores = scores(state);
    let best = scores.iter().copied().max().unwrap_or(0);
    seats_with(scores, &best)
}
