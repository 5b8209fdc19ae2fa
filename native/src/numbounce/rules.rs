//! Num Bounce rules (`numrules.numbounce.rules` and `combinations`): dealing, who may
//! act, the legal actions in the Python order, and `apply`.

use super::cards::{
    bit, cards_of, family_card, family_value, Config, DECK_SIZE, FAMILIES, FAMILY_CARDS, INF1,
    INFINITY_CARDS, NUM_X, RAINBOW, SHADOW, VALUES,
};
use super::state::{Phase, Pile, Stack, State};
use crate::game::{seats_of, seats_with, SeatSet};
use crate::rng::{derive_seed, shuffle, Part, Seed};

/// A combination of one value: the families of its family cards and its INFINITY copies
/// as "slots" (bits 0..6: families R..SH; bits 6..10: INF1..INF4). Within one value,
/// slot order is canonical card order, so a combination's cards ascend with its slots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Combo {
    /// The family cards' value; [`Combo::NO_VALUE`] for INFINITY cards only.
    pub value: u8,
    /// The slots (see the type).
    pub slots: u16,
}

impl Combo {
    /// The `value` of an all-INFINITY combination (it outranks every value).
    pub const NO_VALUE: u8 = u8::MAX;

    /// The value, None for INFINITY cards only.
    pub fn value(self) -> Option<u8> {
        (self.slots & 0b11_1111 != 0).then_some(self.value)
    }

    /// The families of the family cards, bit `f` for family `f`.
    pub fn families(self) -> u8 {
        (self.slots & 0b11_1111) as u8
    }

    /// The INFINITY copies, bit `k` for INF(k+1).
    pub fn infinities(self) -> u8 {
        (self.slots >> 6) as u8 & 0b1111
    }

    /// The cards, as a card set.
    pub fn cards(self) -> u128 {
        let mut set = (u128::from(self.infinities())) << INF1;
        let mut families = self.families();
        while families != 0 {
            set |= bit(family_card(families.trailing_zeros() as u8, self.value));
            families &= families - 1;
        }
        set
    }

    /// How many cards.
    pub fn size(self) -> u32 {
        self.slots.count_ones()
    }
}

/// One action of one seat (`numrules.numbounce.actions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// `Play(seat, cards)`: open, go up or down, or lay on the own SHADOW.
    Play { seat: u8, combo: Combo },
    /// `NumX(seat)`.
    NumX { seat: u8 },
    /// `Take(seat, pile)`.
    Take { seat: u8, pile: Pile },
    /// `Keep(seat)`.
    Keep { seat: u8 },
    /// `Discard(seat)`.
    Discard { seat: u8 },
    /// `Pass(seat)`.
    Pass { seat: u8 },
    /// `Interrupt(seat, card)`: the RAINBOW or SHADOW of the reference value.
    Interrupt { seat: u8, card: u8 },
    /// `Decline(seat)`.
    Decline { seat: u8 },
}

impl Action {
    /// The seat that takes the action.
    pub fn seat(&self) -> usize {
        match *self {
            Action::Play { seat, .. }
            | Action::NumX { seat }
            | Action::Take { seat, .. }
            | Action::Keep { seat }
            | Action::Discard { seat }
            | Action::Pass { seat }
            | Action::Interrupt { seat, .. }
            | Action::Decline { seat } => seat as usize,
        }
    }
}

// --- combinations ------------------------------------------------------------------------

/// Each value's families in `hand` (bit `f` of entry `v`: the hand holds family `f`, `v`).
fn families_by_value(hand: u128) -> [u8; VALUES as usize] {
    let mut by_value = [0u8; VALUES as usize];
    for card in cards_of(hand & FAMILY_CARDS) {
        let (f, v) = family_value(card);
        by_value[v as usize] |= 1 << f;
    }
    by_value
}

/// The INFINITY slots of `hand`.
fn infinity_slots(hand: u128) -> u16 {
    (((hand & INFINITY_CARDS) >> INF1) as u16) << 6
}

/// Every `k`-subset of `pool` joined to `base`, in lexicographic order of their bits
/// (Python's `itertools.combinations` over the pool in bit order).
pub(crate) fn k_subsets(pool: u128, k: u32, base: u128, emit: &mut impl FnMut(u128)) {
    if k == 0 {
        emit(base);
        return;
    }
    let mut rest = pool;
    while rest.count_ones() >= k {
        let low = rest & rest.wrapping_neg();
        rest &= rest - 1;
        k_subsets(rest, k - 1, base | low, emit);
    }
}

/// `base`, then every non-empty subset of `pool` joined to it, in lexicographic order
/// (a prefix before its extensions, as sorting tuples of ranks puts them).
fn preorder<F: FnMut(u16)>(pool: u16, base: u16, emit: &mut F) {
    emit(base);
    let mut rest = pool;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        rest &= rest - 1;
        preorder(rest, base | low, emit);
    }
}

/// The families above family `f`.
const fn families_above(f: u8) -> u8 {
    !((2u16 << f) - 1) as u8
}

/// `combinations.openings(hand)`: every combination a trick can be opened with, sorted.
///
/// Sorted by the cards' ranks means: by the first card (a family card, in canonical
/// order; all-INFINITY combinations last), then the rest, a prefix first.
fn openings(hand: u128, seat: u8, out: &mut Vec<Action>) {
    let by_value = families_by_value(hand);
    let infinities = infinity_slots(hand);
    for card in cards_of(hand & FAMILY_CARDS) {
        let (f, v) = family_value(card);
        let pool = u16::from(by_value[v as usize] & families_above(f)) | infinities;
        preorder(pool, 1 << f, &mut |slots| {
            out.push(Action::Play {
                seat,
                combo: Combo { value: v, slots },
            });
        });
    }
    let mut rest = infinities;
    while rest != 0 {
        let low = rest & rest.wrapping_neg();
        rest &= rest - 1;
        preorder(rest, low, &mut |slots| {
            out.push(Action::Play {
                seat,
                combo: Combo {
                    value: Combo::NO_VALUE,
                    slots,
                },
            });
        });
    }
}

/// `combinations.beating(hand, size, value, reference_has_infinity)`, sorted, keeping only
/// the combinations `keep` accepts.
fn beating(
    hand: u128,
    size: u32,
    value: Option<u8>,
    reference_has_infinity: bool,
    seat: u8,
    keep: impl Fn(Combo) -> bool,
    out: &mut Vec<Action>,
) {
    let Some(target) = value else {
        return; // nothing goes on an all-INFINITY reference
    };
    let by_value = families_by_value(hand);
    let infinities = infinity_slots(hand);
    let mut push = |combo: Combo| {
        if keep(combo) {
            out.push(Action::Play { seat, combo });
        }
    };
    for card in cards_of(hand & FAMILY_CARDS) {
        let (f, v) = family_value(card);
        let above = u16::from(by_value[v as usize] & families_above(f));
        let pool = if v > target {
            above | infinities
        } else if v < target && !reference_has_infinity {
            above // going down: no INFINITY
        } else {
            continue;
        };
        // Slots are 16 bits: every subset of a 16-bit pool and base fits back in a u16.
        k_subsets(u128::from(pool), size.saturating_sub(1), 1 << f, &mut |slots| {
            push(Combo {
                value: v,
                slots: slots as u16,
            });
        });
    }
    k_subsets(u128::from(infinities), size, 0, &mut |slots| {
        push(Combo {
            value: Combo::NO_VALUE,
            slots: slots as u16,
        });
    });
}

/// The family cards of value `v`.
fn value_cards(v: u8) -> u128 {
    (0..FAMILIES).fold(0, |set, f| set | bit(family_card(f, v)))
}

/// `combinations.beating_with`: the combinations of `beating` for `hand` plus `taken`
/// that hold `taken`.
fn beating_with(
    hand: u128,
    taken: u8,
    size: u32,
    value: Option<u8>,
    reference_has_infinity: bool,
    seat: u8,
    out: &mut Vec<Action>,
) {
    if taken >= INF1 {
        let slot = 1u16 << (6 + taken - INF1);
        let keep = move |c: Combo| c.slots & slot != 0;
        beating(
            hand | bit(taken),
            size,
            value,
            reference_has_infinity,
            seat,
            keep,
            out,
        );
    } else {
        let (f, v) = family_value(taken);
        let pool = (hand & (value_cards(v) | INFINITY_CARDS)) | bit(taken);
        let keep = move |c: Combo| c.value == v && c.slots & (1 << f) != 0;
        beating(pool, size, value, reference_has_infinity, seat, keep, out);
    }
}

// --- who may act -------------------------------------------------------------------------

/// The reference's value (None: no reference, or all INFINITY) and whether it holds an
/// INFINITY.
pub fn reference_info(state: &State) -> (Option<u8>, bool) {
    let mut value = None;
    let mut infinity = false;
    for &card in state.reference() {
        if card >= INF1 {
            infinity = true;
        } else if card < NUM_X {
            value = Some(family_value(card).1);
        }
    }
    (value, infinity)
}

/// `_interrupt_cards`: the RAINBOW and, on a reference of 2+ cards, the SHADOW of the
/// reference value, as a card set (empty when no interrupt is possible).
fn interrupt_cards(state: &State) -> u128 {
    if state.interrupted || matches!(state.phase, Phase::Over | Phase::Shadow) {
        return 0;
    }
    let (Some(value), _) = reference_info(state) else {
        return 0;
    };
    let rainbow = bit(family_card(RAINBOW, value));
    if state.ref_size > 1 {
        rainbow | bit(family_card(SHADOW, value))
    } else {
        rainbow
    }
}

/// `interrupters(state)`: the seats that may interrupt now.
pub fn interrupters(state: &State) -> SeatSet {
    let cards = interrupt_cards(state);
    if cards == 0 {
        return 0;
    }
    (0..state.players())
        .filter(|&s| state.author != Some(s as u8) && state.hands[s] & cards != 0)
        .fold(0, |set, s| set | (1 << s))
}

/// `to_act(state)`.
pub fn to_act(state: &State) -> SeatSet {
    if state.phase == Phase::Over {
        return 0;
    }
    interrupters(state) | (1 << state.mover)
}

/// `optional_seats(state)`: the interrupters but the mover.
pub fn optional_seats(state: &State) -> SeatSet {
    interrupters(state) & !(1 << state.mover)
}

/// `public_optional_seats(state)`: while an interrupt is possible, every seat but the
/// author and the mover.
pub fn public_optional_seats(state: &State) -> SeatSet {
    if interrupt_cards(state) == 0 {
        return 0;
    }
    let all: SeatSet = (1 << state.players()) - 1;
    let author = state.author.map_or(0, |a| 1 << a);
    all & !author & !(1 << state.mover)
}

// --- legal actions -----------------------------------------------------------------------

/// `_mover_actions`: the mover's own actions, in the Python order (interrupts apart).
fn mover_actions(state: &State, out: &mut Vec<Action>) {
    let seat = state.mover;
    let Some(&hand) = state.hands.get(seat as usize) else {
        return;
    };
    let holds_num_x = hand & bit(NUM_X) != 0;
    if state.phase == Phase::Shadow {
        let (value, _) = reference_info(state);
        beating(hand, 1, value, true, seat, |_| true, out);
        out.push(Action::Decline { seat });
        return;
    }
    if state.ref_size == 0 {
        openings(hand, seat, out);
        if holds_num_x {
            out.push(Action::NumX { seat });
        }
        return;
    }
    let size = u32::from(state.ref_size);
    let (value, infinity) = reference_info(state);
    if state.phase == Phase::Taken {
        if let Some(taken) = state.taken.filter(|&c| c != NUM_X) {
            beating_with(hand, taken, size, value, infinity, seat, out);
        }
        out.push(Action::Keep { seat });
        if state.source == Some(Pile::Draw) {
            out.push(Action::Discard { seat });
        }
        return;
    }
    beating(hand, size, value, infinity, seat, |_| true, out);
    if holds_num_x {
        out.push(Action::NumX { seat });
    }
    let can_draw = !state.draw.is_empty() || state.discard.len() > 1;
    if can_draw {
        out.push(Action::Take {
            seat,
            pile: Pile::Draw,
        });
    }
    if !state.discard.is_empty() {
        out.push(Action::Take {
            seat,
            pile: Pile::Discard,
        });
    } else if !can_draw {
        out.push(Action::Pass { seat });
    }
}

/// The interrupts of `seat` with `cards` (RAINBOW first), unless it is the author.
fn interrupts(state: &State, seat: usize, cards: u128, out: &mut Vec<Action>) {
    if state.author == Some(seat as u8) {
        return;
    }
    for card in cards_of(state.hands[seat] & cards) {
        out.push(Action::Interrupt {
            seat: seat as u8,
            card,
        });
    }
}

/// `legal_actions(state)`: by seat, the mover's own actions before its interrupts.
pub fn legal_actions(state: &State, out: &mut Vec<Action>) {
    if state.phase == Phase::Over {
        return;
    }
    let cards = interrupt_cards(state);
    if cards == 0 {
        return mover_actions(state, out);
    }
    for seat in 0..state.players() {
        if seat == state.mover as usize {
            mover_actions(state, out);
        }
        interrupts(state, seat, cards, out);
    }
}

/// `legal_actions_for(state, seat)`: the actions of `seat` alone, same order.
pub fn legal_actions_for(state: &State, seat: usize, out: &mut Vec<Action>) {
    if state.phase == Phase::Over || seat >= state.players() {
        return;
    }
    if seat == state.mover as usize {
        mover_actions(state, out);
    }
    let cards = interrupt_cards(state);
    if cards != 0 {
        interrupts(state, seat, cards, out);
    }
}

// --- dealing -----------------------------------------------------------------------------

/// The first state of round `round`, dealt from `order` (top card first).
fn deal(config: &Config, seed: Seed, round: u32, wins: [u32; 8], order: &[u8], opener: u8) -> State {
    let n = config.players as usize;
    let size = config.hand_size as usize;
    let mut hands = [0u128; Config::MAX_PLAYERS];
    for (seat, hand) in hands.iter_mut().enumerate().take(n) {
        *hand = order[seat * size..(seat + 1) * size]
            .iter()
            .fold(0, |h, &c| h | bit(c));
    }
    let start = n * size;
    let mut draw = Stack::default();
    for &card in order[start + 1..].iter().rev() {
        draw.push(card); // stored bottom first: the top card ends last
    }
    let mut discard = Stack::default();
    discard.push(order[start]);
    State {
        config: *config,
        seed,
        round,
        wins,
        phase: Phase::Play,
        mover: opener,
        turn: 0,
        hands,
        known: [0; Config::MAX_PLAYERS],
        draw,
        discard,
        trick: Stack::default(),
        ref_size: 0,
        author: None,
        interrupted: false,
        taken: None,
        source: None,
        recycles: 0,
    }
}

/// The deck of round `round` of a match of `seed`: `shuffled(ALL_CARDS, derive_seed(seed,
/// "round", round))` (also `arrange_deck` without a stacked deck).
fn round_order(seed: Seed, round: u32) -> [u8; DECK_SIZE] {
    let mut order: [u8; DECK_SIZE] = std::array::from_fn(|i| i as u8);
    shuffle(
        &mut order,
        Seed::from(derive_seed(seed, &[Part::Str("round"), Part::from(round)])),
    );
    order
}

/// `new_game(config, seed)` without a stacked deck.
pub fn new_game(config: &Config, seed: Seed) -> State {
    deal(
        config,
        seed,
        0,
        [0; Config::MAX_PLAYERS],
        &round_order(seed, 0),
        0,
    )
}

// --- apply -------------------------------------------------------------------------------

/// `apply(state, action)` for a legal action.
pub fn apply(state: &State, action: &Action) -> State {
    let mut s = *state;
    match *action {
        Action::Play { seat, combo } => play(&mut s, seat, combo),
        Action::NumX { seat } => num_x(&mut s, seat),
        Action::Take { pile, .. } => take(&mut s, pile),
        Action::Keep { .. } => {
            taken_into_hand(&mut s);
            turn_passes(&mut s);
        }
        Action::Discard { .. } => {
            if let Some(card) = s.taken {
                s.discard.push(card);
            }
            turn_passes(&mut s);
        }
        Action::Pass { .. } | Action::Decline { .. } => turn_passes(&mut s),
        Action::Interrupt { seat, card } => interrupt(&mut s, seat, card),
    }
    s
}

fn next_seat(s: &State, seat: u8) -> u8 {
    (seat + 1) % s.config.players
}

fn play(s: &mut State, seat: u8, combo: Combo) {
    let cards = combo.cards();
    let size = s.ref_size as usize;
    let down = s.phase != Phase::Shadow
        && size > 0
        && matches!((combo.value(), reference_info(s).0), (Some(v), Some(t)) if v < t);
    let i = seat as usize;
    let mut hand = s.hands[i] & !cards;
    s.known[i] &= !cards;
    if down {
        // The beaten reference goes back into the hand, in everyone's sight.
        let keep = s.trick.len() - size;
        let beaten = Stack::from_slice(&s.trick.as_slice()[keep..])
            .unwrap_or_default()
            .set();
        s.trick.truncate(keep);
        hand |= beaten;
        s.known[i] |= beaten;
    }
    for card in cards_of(cards) {
        s.trick.push(card);
    }
    s.hands[i] = hand;
    if size == 0 {
        s.interrupted = false;
    }
    s.ref_size = combo.size() as u8;
    s.author = Some(seat);
    if hand == 0 {
        end_round(s, 1 << seat);
    } else {
        next_turn(s, next_seat(s, seat));
    }
}

fn num_x(s: &mut State, seat: u8) {
    let i = seat as usize;
    s.hands[i] &= !bit(NUM_X);
    s.known[i] &= !bit(NUM_X);
    let trick = s.trick;
    s.discard.extend(trick.as_slice());
    s.discard.push(NUM_X);
    // The trick is over: no reference, and the same seat opens the next one.
    s.trick = Stack::default();
    s.ref_size = 0;
    s.author = None;
    s.interrupted = false;
    if s.hands[i] == 0 {
        end_round(s, 1 << seat);
    } else {
        next_turn(s, seat);
    }
}

fn take(s: &mut State, pile: Pile) {
    let card = match pile {
        Pile::Draw => {
            if s.draw.is_empty() && s.discard.len() >= 2 {
                // The discard but its top card, shuffled, becomes the draw pile.
                let path = [
                    Part::Str("round"),
                    Part::from(s.round),
                    Part::Str("recycle"),
                    Part::from(s.recycles),
                ];
                let mut cards = s.discard.as_slice()[..s.discard.len() - 1].to_vec();
                shuffle(&mut cards, Seed::from(derive_seed(s.seed, &path)));
                cards.reverse(); // top card last
                s.draw = Stack::from_slice(&cards).unwrap_or_default();
                let top = s.discard.top();
                s.discard = Stack::from_slice(top.as_slice()).unwrap_or_default();
                s.recycles = s.recycles.saturating_add(1);
            }
            s.draw.pop()
        }
        Pile::Discard => s.discard.pop(),
    };
    s.phase = Phase::Taken;
    s.taken = card;
    s.source = Some(pile);
}

/// The mover's taken card joins its hand (publicly, if it came from the discard).
fn taken_into_hand(s: &mut State) {
    if let Some(card) = s.taken {
        let i = s.mover as usize;
        s.hands[i] |= bit(card);
        if s.source == Some(Pile::Discard) {
            s.known[i] |= bit(card);
        }
    }
    s.taken = None;
    s.source = None;
}

/// The mover ends its turn without laying anything: play goes to its left.
fn turn_passes(s: &mut State) {
    next_turn(s, next_seat(s, s.mover));
}

fn interrupt(s: &mut State, seat: u8, card: u8) {
    let is_shadow = family_value(card).0 == SHADOW;
    s.trick.push(card);
    let size = if is_shadow { 1 } else { s.ref_size + 1 };
    if s.phase == Phase::Taken {
        taken_into_hand(s);
    }
    let i = seat as usize;
    s.hands[i] &= !bit(card);
    s.known[i] &= !bit(card);
    s.ref_size = size;
    s.author = Some(seat);
    s.interrupted = true;
    if s.hands[i] == 0 {
        end_round(s, 1 << seat);
    } else if !is_shadow {
        next_turn(s, next_seat(s, seat));
    } else {
        // The Shadow's player may go up on it at once, in the same turn.
        s.phase = Phase::Shadow;
        s.mover = seat;
        s.taken = None;
        s.source = None;
    }
}

/// `_next_turn`: the turn passes to `seat`; the trick closes if `seat` laid the
/// reference; the round ends at the turn limit.
fn next_turn(s: &mut State, seat: u8) {
    if s.author == Some(seat) {
        let trick = s.trick;
        s.discard.extend(trick.as_slice());
        s.trick = Stack::default();
        s.ref_size = 0;
        s.author = None;
        s.interrupted = false;
    }
    let turn = s.turn.saturating_add(1);
    if s.config.max_turns_per_round.is_some_and(|limit| turn >= limit) {
        let hands = &s.hands[..s.players()];
        let fewest = hands.iter().map(|h| h.count_ones()).min().unwrap_or(0);
        let winners = (0..hands.len())
            .filter(|&i| hands[i].count_ones() == fewest)
            .fold(0, |set, i| set | (1 << i));
        return end_round(s, winners);
    }
    s.phase = Phase::Play;
    s.mover = seat;
    s.turn = turn;
    s.taken = None;
    s.source = None;
}

/// `_end_round`: `winners` win the round; the next round is dealt (opened by the first
/// winner), or the match is over.
fn end_round(s: &mut State, winners: SeatSet) {
    for seat in seats_of(winners) {
        s.wins[seat] = s.wins[seat].saturating_add(1);
    }
    let best = s.wins.iter().copied().max().unwrap_or(0);
    let next = u64::from(s.round) + 1;
    let over = s.config.rounds.is_some_and(|r| next >= u64::from(r))
        || s.config.target_wins.is_some_and(|t| best >= t);
    let first = winners.trailing_zeros() as u8;
    if !over {
        let round = s.round.saturating_add(1);
        *s = deal(
            &s.config,
            s.seed,
            round,
            s.wins,
            &round_order(s.seed, round),
            first,
        );
        return;
    }
    s.phase = Phase::Over;
    s.mover = first;
    s.turn = s.turn.saturating_add(1);
    s.taken = None;
    s.source = None;
}

/// `scores(state)`: the round wins.
pub fn scores(state: &State) -> Vec<i64> {
    state.wins[..state.players()]
        .iter()
        .map(|&w| i64::from(w))
        .collect()
}

/// `winners(state)`: the most round wins, once the match is over.
pub fn winners(state: &State) -> SeatSet {
    if state.phase != Phase::Over {
        return 0;
    }
    let wins = &state.wins[..state.players()];
    let best = wins.iter().copied().max().unwrap_or(0);
    seats_with(wins.iter().copied(), &best)
}
