//! The heuristic Num Bounce bot (`numbounce.strategy.bots.HeuristicBot`, with the strategy
//! modules it uses: `hand_cost` and `inference`), choosing exactly what the Python bot
//! chooses from the same seed and the same calls.
//!
//! Every function below is the Python function of the same name, its float arithmetic
//! in the same order (Python floats are `f64`). `inference.at_least` divides two Python
//! ints (`short / total`, correctly rounded by CPython); [`ratio`] does the same division
//! on `u128`s (the binomials of a 107-card deck stay below 2^105).
//!
//! **What the bot reads.** The Python bot sees `observe(state, seat)`; here the policy gets
//! the whole state and reads only these fields of it, which are the observation's:
//! `hands[me]` (`hand`), the sizes of `hands` (`hand_sizes`; never the other hands'
//! cards), `known` (`known`), `trick` and `ref_size` (`trick`, `reference`), `discard`
//! (`discard`), `author`, `phase`, `mover`, `config.players`, and `taken` only where
//! `observe` shows it (`taken`: to its taker, or to everyone when it came from the
//! discard). The Python bot reads nothing from the observation's log, and keeps no memory
//! between calls but its random generator (which only breaks exact ties), so a policy
//! first asked in the middle of a round (a playout from any state) chooses exactly as the
//! Python bot would there: the state carries everything the bot reads.
//!
//! **Order of a Python set.** `hand_cost` iterates a `frozenset` of cards, whose order
//! follows the cards' hashes; a card's hash includes its `Family`'s or `Special`'s, which
//! is `object.__hash__` (the object's address), so the Python order changes from one
//! process to the next. Every sum it takes is exact (whole numbers and eighths) except the
//! discounts of NUM_X (1.3) and the INFINITY cards (1.1): with NUM_X and an INFINITY in
//! the hand, the Python result depends, in its last bit, on where NUM_X comes in the
//! set's order. The discounts are taken here in card order (NUM_X, then INF1..INF4). An
//! ulp changes a choice only where a score lies within an ulp of a threshold: another
//! score's tie margin (1e-9), or the decline margin of an interrupt (0.3) exactly; the
//! Python bot itself then chooses differently from one process to the next.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::OnceLock;

use super::cards::{bit, family_value, DECK_SIZE, INFINITY_CARDS, NUM_X, RAINBOW, VALUES};
use super::rules::{k_subsets, Action};
use super::state::{Phase, Pile, State};
use super::NumBounce;
use crate::game::Policy;
use crate::rng::{Mt, Seed};

/// `WIN`: the score of an action that empties the hand.
const WIN: f64 = 1000.0;
/// `BEAT_RATE`: the chance that a seat able to lay on a reference does so.
const BEAT_RATE: f64 = 0.8;
/// `DRAW_HOPE`: what drawing a card may bring.
const DRAW_HOPE: f64 = 0.2;
/// `CUT_BONUS`: what cutting an opponent's pending take is worth.
const CUT_BONUS: f64 = 0.8;
/// `LOSS`: what an opponent going out costs the bot, times the chance.
const LOSS: f64 = 12.0;
/// `INTERRUPT_MARGIN`: how much an interrupt must beat letting it pass by.
const INTERRUPT_MARGIN: f64 = 0.3;

/// `hand_cost.CARD_COST`.
const CARD_COST: f64 = 1.0;
/// `hand_cost.GROUP_COST`.
const GROUP_COST: f64 = 1.0;
/// `hand_cost.LOW_SINGLE_COST`.
const LOW_SINGLE_COST: f64 = 2.0;
/// `hand_cost.INFINITY_DISCOUNT`.
const INFINITY_DISCOUNT: f64 = 1.1;
/// `hand_cost.NUM_X_DISCOUNT`.
const NUM_X_DISCOUNT: f64 = 1.3;
/// `hand_cost.TOP_VALUE`.
const TOP_VALUE: i64 = 16;

/// A combination's value as `combinations.value_of` gives it: `None` for INFINITY cards
/// only (or no card), `Some(MIXED)` for cards of two values or a NUM_X.
type Value = Option<i64>;
/// `combinations.MIXED`.
const MIXED: i64 = -1;

/// The family cards of value `v`, for every `v`.
const VALUE_CARDS: [u128; VALUES as usize] = {
    let mut out = [0u128; VALUES as usize];
    let mut v = 0;
    while v < VALUES as usize {
        let mut f = 0;
        while f < super::cards::FAMILIES as usize {
            out[v] |= 1 << (f * VALUES as usize + v);
            f += 1;
        }
        v += 1;
    }
    out
};

/// The cards of a set, ascending (canonical order).
fn cards_of(set: u128) -> impl Iterator<Item = u8> {
    super::cards::cards_of(set)
}

/// How many cards a set holds.
fn count(set: u128) -> i64 {
    i64::from(set.count_ones())
}

/// `combinations.value_of(cards)`.
fn value_of(cards: u128) -> Value {
    let mut value = None;
    for card in cards_of(cards) {
        if card < NUM_X {
            let v = i64::from(family_value(card).1);
            match value {
                None => value = Some(v),
                Some(w) if w != v => return Some(MIXED),
                Some(_) => {}
            }
        } else if card == NUM_X {
            return Some(MIXED);
        }
    }
    value
}

/// `combinations.holds_infinity(cards)`.
fn holds_infinity(cards: u128) -> bool {
    cards & INFINITY_CARDS != 0
}

// --- hand_cost ---------------------------------------------------------------------------

/// `hand_cost.hand_cost(hand)` (the discounts in card order: see the module docs).
pub fn hand_cost(hand: u128) -> f64 {
    let cards = count(hand);
    if cards == 0 {
        return 0.0;
    }
    let mut cost = CARD_COST * cards as f64;
    let mut groups = 0;
    let mut singles = 0.0;
    for (value, &mask) in VALUE_CARDS.iter().enumerate() {
        match count(hand & mask) {
            0 => {}
            n => {
                groups += 1;
                if n == 1 {
                    // Whole eighths: the sum is exact in any order.
                    singles += LOW_SINGLE_COST * (TOP_VALUE - value as i64) as f64 / TOP_VALUE as f64;
                }
            }
        }
    }
    cost += GROUP_COST * f64::from(groups);
    cost += singles;
    if hand & bit(NUM_X) != 0 {
        cost -= NUM_X_DISCOUNT;
    }
    for _ in cards_of(hand & INFINITY_CARDS) {
        cost -= INFINITY_DISCOUNT;
    }
    if groups == 0 {
        cost += GROUP_COST;
    }
    cost
}

/// `hand_cost.best_opening(hand)`: the biggest group (lowest value first), with the
/// INFINITY cards only when that empties the hand; the INFINITY cards without a group.
pub fn best_opening(hand: u128) -> u128 {
    let infinities = hand & INFINITY_CARDS;
    let mut best: Option<(i64, u128)> = None;
    for &mask in &VALUE_CARDS {
        let group = hand & mask;
        let n = count(group);
        if n > 0 && best.map_or(true, |(m, _)| n > m) {
            best = Some((n, group));
        }
    }
    let Some((n, group)) = best else {
        return infinities;
    };
    if n + count(infinities) == count(hand) {
        group | infinities
    } else {
        group
    }
}

// --- inference ---------------------------------------------------------------------------

/// Binomials `C(n, k)` for `n`, `k` up to the deck size (0 for `k > n`).
fn binomials() -> &'static [[u128; DECK_SIZE + 1]; DECK_SIZE + 1] {
    static TABLE: OnceLock<Box<[[u128; DECK_SIZE + 1]; DECK_SIZE + 1]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0u128; DECK_SIZE + 1]; DECK_SIZE + 1]);
        for n in 0..=DECK_SIZE {
            t[n][0] = 1;
            for k in 1..=n {
                t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            }
        }
        t
    })
}

/// `math.comb(n, k)` for `0 <= n <= 107` (0 for `k > n` or a negative `k`).
fn comb(n: i64, k: i64) -> u128 {
    match (usize::try_from(n), usize::try_from(k)) {
        (Ok(n), Ok(k)) if k <= n && n <= DECK_SIZE => binomials()[n][k],
        _ => 0,
    }
}

/// `a / b` for Python ints `0 <= a`, `0 < b`: the correctly rounded float (round half to
/// even), as CPython's true division of ints gives it.
pub fn ratio(a: u128, b: u128) -> f64 {
    if a == 0 || b == 0 {
        return 0.0;
    }
    const LIMIT: u64 = 1 << 54;
    // The quotient's bits, from the first set one, until 55 of them are known.
    let mut q = a / b;
    let mut r = a % b;
    let mut exp: i32 = 0;
    if q >= u128::from(LIMIT) {
        // Not needed by the bot (a <= b): shift the integer quotient down.
        let shift = 128 - q.leading_zeros() - 55;
        let dropped = q & ((1u128 << shift) - 1);
        q >>= shift;
        exp += shift as i32;
        r = u128::from(dropped != 0 || r != 0);
    } else {
        while q < u128::from(LIMIT) {
            // r < b < 2^127: the shift does not overflow for the binomials of a deck.
            r <<= 1;
            q <<= 1;
            if r >= b {
                r -= b;
                q |= 1;
            }
            exp -= 1;
        }
    }
    let low = q & 3;
    let mut mantissa = (q >> 2) as u64;
    exp += 2;
    let half = low & 2 != 0;
    let beyond = low & 1 != 0 || r != 0;
    if half && (beyond || mantissa & 1 == 1) {
        mantissa += 1;
    }
    // A power of two in the normal range (exp is about -160 at worst): exact.
    mantissa as f64 * f64::from_bits(((1023 + exp) as u64) << 52)
}

/// `inference.at_least(need, hand, pool, hidden)`: the chance that `hand` cards drawn
/// from `hidden` hold `need` of `pool` given ones.
fn at_least(need: i64, hand: i64, pool: i64, hidden: i64) -> f64 {
    if need <= 0 {
        return 1.0;
    }
    if need > hand || need > pool || hidden <= 0 {
        return 0.0;
    }
    // A pure function of four numbers below 128 (Python keeps it in an `lru_cache`).
    let key = (need as u32) << 21 | (hand as u32) << 14 | (pool as u32) << 7 | hidden as u32;
    AT_LEAST.with_borrow_mut(|cache| {
        *cache.entry(key).or_insert_with(|| {
            let total = comb(hidden, hand);
            let short: u128 = (0..need)
                .map(|k| comb(pool, k) * comb(hidden - pool, hand - k))
                .sum();
            1.0 - ratio(short, total)
        })
    })
}

thread_local! {
    /// `at_least`'s values so far, by its packed arguments (each below 128).
    static AT_LEAST: RefCell<HashMap<u32, f64>> = RefCell::new(HashMap::new());
}

/// `inference.Odds`: the unseen cards counted by value, and what each seat is known to hold.
#[derive(Clone, Debug)]
struct Odds {
    /// Unseen family cards of each value.
    counts: [i64; VALUES as usize],
    /// Unseen INFINITY cards.
    infinities: i64,
    /// Whether NUM_X is unseen.
    num_x: bool,
    /// How many cards are unseen.
    hidden: i64,
    /// For each seat, how many of its cards are unknown to the observer (0 for itself).
    hidden_hand: [i64; 8],
    /// For each seat, its known cards (`Odds.known`).
    known: [u128; 8],
}

impl Odds {
    /// `Odds.beat_chance(seat, size, value, infinity, down)`.
    fn beat_chance(&self, seat: usize, size: i64, value: Value, infinity: bool, down: bool) -> f64 {
        let Some(value) = value else {
            return 0.0;
        };
        let hand = self.hidden_hand[seat];
        let known = self.known[seat];
        let known_wild = count(known & INFINITY_CARDS);
        if known & bit(NUM_X) != 0 {
            return 1.0;
        }
        let mut miss = 1.0;
        for (other, &mask) in VALUE_CARDS.iter().enumerate() {
            let other = other as i64;
            let known_value = count(known & mask);
            let (need, pool) = if other > value {
                (
                    size - known_value - known_wild,
                    self.counts[other as usize] + self.infinities,
                )
            } else if other < value && down && !infinity {
                (size - known_value, self.counts[other as usize])
            } else {
                continue;
            };
            miss *= 1.0 - at_least(need, hand, pool, self.hidden);
        }
        if self.num_x {
            miss *= 1.0 - at_least(1, hand, 1, self.hidden);
        }
        1.0 - miss
    }
}

/// `inference.odds_of(observe(state, me))`.
fn odds_of(state: &State, me: usize, taken: Option<u8>) -> Odds {
    let players = state.players();
    let mut seen = state.hands[me] | state.trick.set() | state.discard.set();
    for &known in &state.known[..players] {
        seen |= known;
    }
    if let Some(card) = taken {
        seen |= bit(card);
    }
    let all: u128 = (1 << DECK_SIZE) - 1;
    let unseen = all & !seen;
    let mut counts = [0i64; VALUES as usize];
    for (v, &mask) in VALUE_CARDS.iter().enumerate() {
        counts[v] = count(unseen & mask);
    }
    let mut hidden_hand = [0i64; 8];
    let mut known = [0u128; 8];
    for s in 0..players {
        known[s] = state.known[s];
        if s != me {
            hidden_hand[s] = (count(state.hands[s]) - count(state.known[s])).max(0);
        }
    }
    Odds {
        counts,
        infinities: count(unseen & INFINITY_CARDS),
        num_x: unseen & bit(NUM_X) != 0,
        hidden: count(unseen),
        hidden_hand,
        known,
    }
}

// --- the bot -----------------------------------------------------------------------------

/// `bots.going_out(cards)`.
fn going_out(cards: i64) -> f64 {
    match cards {
        1 => 1.0,
        2 => 0.5,
        3 => 0.2,
        _ => 0.0,
    }
}

/// `combinations.beating(hand, size, value, reference_has_infinity)`, each combination as
/// a card set (in no particular order: the bot only takes maxima over them).
fn beating(hand: u128, size: u32, value: Value, reference_has_infinity: bool, emit: &mut impl FnMut(u128)) {
    let Some(value) = value else {
        return;
    };
    let infinities = hand & INFINITY_CARDS;
    for (v, &mask) in VALUE_CARDS.iter().enumerate() {
        let group = hand & mask;
        if group == 0 {
            continue;
        }
        let v = v as i64;
        if v > value {
            // The combinations of the group and the INFINITY cards holding a family card.
            k_subsets(group | infinities, size, 0, &mut |c| {
                if c & group != 0 {
                    emit(c);
                }
            });
        } else if v < value && !reference_has_infinity {
            k_subsets(group, size, 0, emit);
        }
    }
    k_subsets(infinities, size, 0, emit);
}

/// `bots.Situation`: one decision, from what `observe(state, me)` shows.
struct Situation<'a> {
    /// The state, read only through the observation's fields (see the module docs).
    state: &'a State,
    /// `observation.seat`.
    me: usize,
    /// `frozenset(observation.hand)` (replaced by `best_play_with`, as `attrs.evolve`).
    hand: u128,
    /// `observation.taken`: the taken card where `observe` shows it to `me`.
    taken: Option<u8>,
    /// `observation.reference`, as a card set, and its size.
    reference: u128,
    ref_size: i64,
    /// `odds_of(observation)`.
    odds: Odds,
    /// `Situation.lead_cache`: `back_chance` by (size, value, INFINITY).
    lead_cache: Vec<((i64, Value, bool), f64)>,
}

impl<'a> Situation<'a> {
    /// `situation(observe(state, me))`.
    fn new(state: &'a State, me: usize) -> Situation<'a> {
        let taken = state
            .taken
            .filter(|_| state.source == Some(Pile::Discard) || me == usize::from(state.mover));
        let reference = state.reference().iter().fold(0, |set, &c| set | bit(c));
        Situation {
            state,
            me,
            hand: state.hands[me],
            taken,
            reference,
            ref_size: state.reference().len() as i64,
            odds: odds_of(state, me, taken),
            lead_cache: Vec::new(),
        }
    }

    /// `observation.hand_sizes[seat]`.
    fn hand_size(&self, seat: usize) -> i64 {
        count(self.state.hands[seat])
    }

    /// The hand with the pending taken card, where the bot sees it (`hand | {taken}`).
    fn with_taken(&self, hand: u128) -> u128 {
        match self.taken {
            Some(card) if self.state.phase == Phase::Taken => hand | bit(card),
            _ => hand,
        }
    }

    /// `action_score(sit, action)`.
    fn action_score(&mut self, action: &Action) -> f64 {
        match *action {
            Action::Play { combo, .. } => self.play_score(combo.cards()),
            Action::NumX { .. } => self.num_x_score(),
            Action::Take { pile, .. } => self.take_score(pile),
            Action::Keep { .. } => {
                let hand = match self.taken {
                    None => self.hand,
                    Some(card) => self.hand | bit(card),
                };
                hand_score(hand)
            }
            Action::Interrupt { card, .. } => self.interrupt_score(card),
            Action::Discard { .. } | Action::Pass { .. } | Action::Decline { .. } => hand_score(self.hand),
        }
    }

    /// `play_score(sit, cards)`.
    fn play_score(&mut self, cards: u128) -> f64 {
        let phase = self.state.phase;
        let hand = self.with_taken(self.hand);
        let mut after = hand & !cards;
        let value = value_of(cards);
        if phase != Phase::Shadow && self.reference != 0 {
            let target = value_of(self.reference);
            if let (Some(value), Some(target)) = (value, target) {
                if target != MIXED && value < target {
                    after |= self.reference; // going down: the reference comes back
                }
            }
        }
        if after == 0 {
            return WIN;
        }
        let score = hand_score(after) + self.lead_worth(cards, after) - self.danger(cards);
        score + self.stop_worth()
    }

    /// `lead_worth(sit, laid, after)`.
    fn lead_worth(&mut self, laid: u128, after: u128) -> f64 {
        self.back_chance(count(laid), value_of(laid), holds_infinity(laid)) * opening_gain(after)
    }

    /// `back_chance(sit, size, value, infinity)`.
    fn back_chance(&mut self, size: i64, value: Value, infinity: bool) -> f64 {
        let key = (size, value, infinity);
        if let Some(&(_, cached)) = self.lead_cache.iter().find(|(k, _)| *k == key) {
            return cached;
        }
        let mut chance = 1.0;
        for seat in 0..self.state.players() {
            if seat != self.me {
                chance *= 1.0 - BEAT_RATE * self.odds.beat_chance(seat, size, value, infinity, true);
            }
        }
        self.lead_cache.push((key, chance));
        chance
    }

    /// `danger(sit, laid)`.
    fn danger(&self, laid: u128) -> f64 {
        let size = count(laid);
        let (value, infinity) = (value_of(laid), holds_infinity(laid));
        let mut risk = 0.0;
        for seat in 0..self.state.players() {
            if seat != self.me && self.hand_size(seat) == size {
                risk += self.odds.beat_chance(seat, size, value, infinity, false);
            }
        }
        LOSS * py_min(risk, 1.0)
    }

    /// `num_x_score(sit)`.
    fn num_x_score(&self) -> f64 {
        let after = self.hand & !bit(NUM_X);
        if after == 0 {
            return WIN;
        }
        hand_score(after) + opening_gain(after) + self.stop_worth()
    }

    /// `stop_worth(sit)`.
    fn stop_worth(&self) -> f64 {
        match self.state.author {
            Some(author) if usize::from(author) != self.me && self.state.phase != Phase::Shadow => {
                LOSS * going_out(self.hand_size(usize::from(author)))
            }
            _ => 0.0,
        }
    }

    /// `take_score(sit, pile)`.
    fn take_score(&mut self, pile: Pile) -> f64 {
        if pile == Pile::Draw {
            return hand_score(self.hand) + DRAW_HOPE;
        }
        let Some(top) = self.state.discard.top() else {
            return hand_score(self.hand); // not offered: Take(DISCARD) needs a discard
        };
        let kept = hand_score(self.hand | bit(top));
        py_max(kept, self.best_play_with(top))
    }

    /// `best_play_with(sit, card)`.
    fn best_play_with(&mut self, card: u8) -> f64 {
        if card == NUM_X || self.reference == 0 {
            return -WIN;
        }
        let value = value_of(self.reference);
        let target = if value == Some(MIXED) { None } else { value };
        let mut plays = Vec::new();
        let hand = self.hand | bit(card);
        beating(
            hand,
            self.ref_size as u32,
            target,
            holds_infinity(self.reference),
            &mut |c| {
                if c & bit(card) != 0 {
                    plays.push(c);
                }
            },
        );
        let own = self.hand;
        self.hand = hand;
        let mut best: Option<f64> = None;
        for combo in plays {
            let score = self.play_score(combo);
            best = Some(best.map_or(score, |b| py_max(b, score)));
        }
        self.hand = own;
        best.unwrap_or(-WIN)
    }

    /// `interrupt_score(sit, card)`.
    fn interrupt_score(&mut self, card: u8) -> f64 {
        let state = self.state;
        let mut hand = self.hand;
        if usize::from(state.mover) == self.me && state.phase == Phase::Taken {
            if let Some(taken) = self.taken {
                hand |= bit(taken); // the own pending take goes into the hand
            }
        }
        let after = hand & !bit(card);
        if after == 0 {
            return WIN;
        }
        let mut bonus = self.stop_worth();
        if state.phase == Phase::Taken && usize::from(state.mover) != self.me {
            bonus += CUT_BONUS;
        }
        if family_value(card).0 == RAINBOW {
            let grown = self.reference | bit(card);
            return hand_score(after) + self.lead_worth(grown, after) - self.danger(grown) + bonus;
        }
        self.shadow_score(card, after) + bonus
    }

    /// `shadow_score(sit, shadow, after)`.
    fn shadow_score(&mut self, shadow: u8, after: u128) -> f64 {
        let own = bit(shadow);
        let mut best = hand_score(after) + self.lead_worth(own, after) - self.danger(own);
        let shadow_value = i64::from(family_value(shadow).1);
        let mut singles = Vec::new();
        beating(after, 1, Some(shadow_value), false, &mut |c| singles.push(c));
        for single in singles {
            let card = single.trailing_zeros() as u8;
            if card < NUM_X && i64::from(family_value(card).1) < shadow_value {
                continue; // only going up on the own SHADOW
            }
            let rest = after & !single;
            if rest == 0 {
                return WIN;
            }
            let score = hand_score(rest) + self.lead_worth(single, rest) - self.danger(single);
            best = py_max(best, score);
        }
        best
    }
}

/// Python's `max(a, b)` on floats: `a` unless `b` is greater.
fn py_max(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// Python's `min(a, b)` on floats: `a` unless `b` is smaller.
fn py_min(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

/// `hand_score(sit, hand)`: WIN for an empty hand, else minus its cost.
fn hand_score(hand: u128) -> f64 {
    if hand == 0 {
        WIN
    } else {
        -hand_cost(hand)
    }
}

/// `opening_gain(hand)`: what opening a trick with `hand` is worth.
fn opening_gain(hand: u128) -> f64 {
    if hand == 0 {
        return 0.0;
    }
    let rest = hand & !best_opening(hand);
    if rest == 0 {
        return WIN / 2.0;
    }
    hand_cost(hand) - hand_cost(rest)
}

/// `HeuristicBot(seed)` as a policy of the core.
#[derive(Clone, Debug)]
pub struct Heuristic {
    rng: Mt,
}

impl Heuristic {
    /// `HeuristicBot(seed)`.
    pub fn new(seed: Seed) -> Heuristic {
        Heuristic { rng: Mt::new(seed) }
    }
}

impl Policy<NumBounce> for Heuristic {
    /// `HeuristicBot.act`: the action with the best score; an optional interrupt declined
    /// when it does not beat letting it pass by `INTERRUPT_MARGIN`; exact ties (within
    /// 1e-9) broken by `randrange`.
    fn act(&mut self, state: &State, seat: usize, actions: &[Action], optional: bool) -> Option<usize> {
        if actions.len() == 1 && !optional {
            return Some(0);
        }
        let mut sit = Situation::new(state, seat);
        let scored: Vec<f64> = actions.iter().map(|a| sit.action_score(a)).collect();
        let best = scored
            .iter()
            .copied()
            .fold(None, |b: Option<f64>, s| Some(b.map_or(s, |b| py_max(b, s))))?;
        if optional && best < hand_score(sit.hand) + INTERRUPT_MARGIN {
            return None;
        }
        let ties: Vec<usize> = (0..scored.len()).filter(|&i| scored[i] >= best - 1e-9).collect();
        if ties.len() == 1 {
            return Some(ties[0]);
        }
        Some(ties[self.rng.below(ties.len() as u32) as usize])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, Rules};
    use crate::numbounce::Config;

    #[test]
    fn ratio_is_correctly_rounded() {
        assert_eq!(ratio(1, 3), 1.0 / 3.0);
        assert_eq!(ratio(2, 7), 2.0 / 7.0);
        assert_eq!(ratio(5, 5), 1.0);
        // Beyond 2^53, as CPython divides them: python -c "print(a / b)".
        for (a, b, python) in PY_RATIOS {
            assert_eq!(ratio(a, b), python, "{a} / {b}");
        }
        assert_eq!(ratio(comb(107, 53) - 1, comb(107, 53)), 1.0);
    }

    /// (a, b, a / b in CPython).
    const PY_RATIOS: [(u128, u128, f64); 5] = [
        (
            13746234145802811501267369719,
            100891344545564193334812497256,
            0.13624790320437039,
        ),
        (
            673132974506580171242409,
            412174050264750127371803860515,
            1.6331279809444804e-06,
        ),
        (
            4142964081922906821603087169720,
            12428892245768720464809261509160,
            0.3333333333333333,
        ),
        (1152921504606846977, 2305843009213693952, 0.5),
        (3458764513820540931, 4611686018427387904, 0.75),
    ];

    #[test]
    fn hand_cost_matches_python() {
        // python: hand_cost(parse_cards("R3 B3 G7 NUMX INF1")) etc.
        let r3 = super::super::cards::family_card(0, 3);
        let b3 = super::super::cards::family_card(1, 3);
        let g7 = super::super::cards::family_card(2, 7);
        let hand = bit(r3) | bit(b3) | bit(g7);
        // 3 cards + 2 groups + 2 * 9 / 16 for the lone 7.
        assert_eq!(hand_cost(hand), 3.0 + 2.0 + 1.125);
        assert_eq!(best_opening(hand), bit(r3) | bit(b3));
        assert_eq!(hand_cost(0), 0.0);
    }

    /// `play` stops with an error where a policy picks outside its actions or declines a
    /// required decision: every game below must end.
    #[test]
    fn heuristic_picks_a_legal_action_and_never_declines_a_required_one() {
        for players in 2..=8u32 {
            for seed in 0..6i128 {
                let hand_size = if players * 10 + 1 > 107 { 8 } else { 10 };
                let config = Config::new(players, hand_size, None, Some(2), None).unwrap();
                let mut bots: Vec<Box<dyn Policy<NumBounce>>> = (0..players)
                    .map(|s| {
                        Box::new(Heuristic::new(Seed::from(seed * 10 + i128::from(s))))
                            as Box<dyn Policy<NumBounce>>
                    })
                    .collect();
                let state = NumBounce::new_game(&config, Seed::from(seed));
                let (outcome, _) = play(state, &mut bots, Some(20_000), None).expect("a legal game");
                assert!(outcome.length > 0);
            }
        }
    }
}
