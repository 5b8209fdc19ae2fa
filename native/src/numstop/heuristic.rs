//! Num Stop's strategy in the core: `Game.evaluate` ([`evaluation`]) and the heuristic
//! bot of `numrules.numstop.strategy.bots` ([`HeuristicPolicy`]), with the judgments it
//! uses (`push_luck`, `draw_risk`, `action_cards`, `validation_plan`) and the validation
//! search ([`optimum`]).
//!
//! The Python bot reads `observe(state, seat)` of the seat to move; the policy reads the
//! state, only where the observation shows it: `stock_sizes` is `stock_len`, `tops[i]` the
//! top of stock `i` only when `peeks[i]` is the seat, `piles`, `collections` (unused
//! collection cards), `reserves`, `scored`, `discard`, `pending`, `doubled`, `skipped`,
//! `scorecards`, `objective`, `selection` and `round` are the state's fields of the same
//! names, `scores` is `rules::scores`, and `unseen()` is the deck less every card the
//! observation shows (discard, pending, the seen tops, every pile, collection, reserve
//! and scored set). The one ordered field the compact state does not keep, the order of
//! the QUANTUM cards in `pending`, is read from where they were in the stocks (see
//! [`pending_order`]): the order they were shown in.

#![allow(clippy::needless_range_loop)] // index loops, as the Python code

pub mod evaluation;
pub mod optimum;

use super::cards::{
    bit, cards_of, family, is_family, value, Cards, DOUBLE, FIRST_ACTION, FLIP, JOKER, QUANTUM, SHADOW, SKIP,
    SWIPE,
};
use super::rules::{scores, Action, Activation, Kind};
use super::selection::DECISION_INDEX;
use super::state::{Phase, State, NONE};
use super::NumStop;
use crate::game::Policy;
use optimum::{search_validation, Combination};

/// `Style()`: the defaults.
const GREED: f64 = 3.0;
const LOCK_AT: f64 = 3.0;
const SHADOW_WORTH: f64 = 2.0;
const CLOSING: usize = 3;
const SWIPE_MARGIN: f64 = 2.0;
const MAX_NODES: u64 = 5_000;

/// An exact fraction (`fractions.Fraction`), not reduced: compared by cross products.
#[derive(Clone, Copy, Debug)]
struct Frac {
    n: i64,
    d: i64,
}

impl Frac {
    fn int(n: i64) -> Frac {
        Frac { n, d: 1 }
    }
    fn sub(self, o: Frac) -> Frac {
        Frac {
            n: self.n * o.d - o.n * self.d,
            d: self.d * o.d,
        }
    }
    fn cmp(self, o: Frac) -> std::cmp::Ordering {
        (self.n * o.d).cmp(&(o.n * self.d))
    }
    /// `float(fraction)`: the exact quotient, rounded once.
    fn float(self) -> f64 {
        self.n as f64 / self.d as f64
    }
}

fn is_shadow(card: u8) -> bool {
    is_family(card) && family(card) == SHADOW
}

/// `pile_worth`: a Shadow is worth `SHADOW_WORTH`, any other card 1.
fn pile_worth(pile: Cards) -> f64 {
    let mut worth = 0.0;
    for card in cards_of(pile) {
        worth += if is_shadow(card) { SHADOW_WORTH } else { 1.0 };
    }
    worth
}

/// The top of stock `i` as `seat` sees it (`observation.tops[i]`).
fn top(state: &State, seat: usize, i: usize) -> Option<u8> {
    if usize::from(state.peeks[i]) == seat {
        state.stock(i).first().copied()
    } else {
        None
    }
}

/// `observation.unseen()`: the deck less every card the observation shows.
fn unseen(state: &State, seat: usize) -> Cards {
    let mut seen = state.discard | state.pending;
    for i in 0..2 {
        if let Some(c) = top(state, seat, i) {
            seen |= bit(c);
        }
    }
    for s in 0..state.players() {
        seen |= state.piles[s].cards
            | state.collections[s]
            | super::cards::kinds_cards(state.reserves[s])
            | state.scored[s];
    }
    state.config.deck() & !seen
}

/// `Odds`.
#[derive(Clone, Copy, Debug)]
struct Odds {
    stock: u8,
    risk: Frac,
    shadow: Frac,
    last: bool,
}

impl Odds {
    fn bust(&self) -> Frac {
        if self.last {
            Frac::int(1)
        } else {
            self.risk.sub(self.shadow)
        }
    }
}

fn ends_badly(state: &State, seat: usize, card: u8) -> bool {
    if !is_family(card) {
        return false;
    }
    is_shadow(card) || state.piles[seat].breaks_with(card, &state.config)
}

/// `odds(observation)`, stock A first.
fn odds(state: &State, seat: usize) -> Vec<Odds> {
    let sizes = [state.stock_len(0), state.stock_len(1)];
    let last = sizes[0] + sizes[1] == 1;
    let hidden = unseen(state, seat);
    let mut out = Vec::with_capacity(2);
    for i in 0..2 {
        if sizes[i] == 0 {
            continue;
        }
        let t = top(state, seat, i);
        let risk = if last {
            Frac::int(1)
        } else {
            match t {
                Some(c) => Frac::int(i64::from(ends_badly(state, seat, c))),
                None => Frac {
                    n: cards_of(hidden).filter(|&c| ends_badly(state, seat, c)).count() as i64,
                    d: i64::from(hidden.count_ones()),
                },
            }
        };
        let shadow = match t {
            Some(c) => Frac::int(i64::from(is_shadow(c))),
            None => Frac {
                n: cards_of(hidden).filter(|&c| is_shadow(c)).count() as i64,
                d: i64::from(hidden.count_ones()),
            },
        };
        out.push(Odds {
            stock: i as u8,
            risk,
            shadow,
            last,
        });
    }
    out
}

/// `safest`: the least (bust, risk), the first on a tie.
fn safest(choices: &[Odds]) -> Option<Odds> {
    let mut best: Option<Odds> = None;
    for &o in choices {
        let better = match best {
            None => true,
            Some(b) => o.bust().cmp(b.bust()).then(o.risk.cmp(b.risk)) == std::cmp::Ordering::Less,
        };
        if better {
            best = Some(o);
        }
    }
    best
}

fn worth_drawing(state: &State, seat: usize, best: &Odds) -> bool {
    let worth = pile_worth(state.piles[seat].cards);
    Frac::int(1).sub(best.risk).float() * GREED > best.bust().float() * worth
}

fn closing(state: &State) -> bool {
    state.stock_len(0) + state.stock_len(1) <= CLOSING * state.players()
}

fn swipe_threat(state: &State, seat: usize) -> bool {
    let p = state.players();
    let neighbours = [(seat + p - 1) % p, (seat + 1) % p];
    state.piles[seat].cards.count_ones() >= 2
        && neighbours
            .iter()
            .any(|&n| n != seat && state.reserves[n] & (1 << SWIPE) != 0)
}

fn worth_locking(state: &State, seat: usize) -> bool {
    let pile = state.piles[seat].cards;
    if pile == 0 {
        return false;
    }
    pile_worth(pile) >= LOCK_AT || closing(state) || swipe_threat(state, seat)
}

/// The first seat of `seats` with the greatest key (Python's `max`).
fn first_max<K: PartialOrd + Copy>(
    seats: impl Iterator<Item = usize>,
    key: impl Fn(usize) -> K,
) -> Option<usize> {
    let mut best: Option<(usize, K)> = None;
    for s in seats {
        let k = key(s);
        if best.map_or(true, |(_, bk)| k > bk) {
            best = Some((s, k));
        }
    }
    best.map(|(s, _)| s)
}

fn exposure(state: &State, scores: &[i64], s: usize) -> (f64, i64) {
    (pile_worth(state.piles[s].cards), scores[s])
}

/// `target_for(card, observation, style)`.
fn target_for(state: &State, seat: usize, kind: u8) -> Option<usize> {
    let p = state.players();
    match kind {
        DOUBLE => {
            let scores = scores(state);
            let seats = (0..p).filter(|&s| s != seat && state.doubled & (1 << s) == 0);
            let best = first_max(seats, |s| exposure(state, &scores, s))?;
            (pile_worth(state.piles[best].cards) >= 2.0).then_some(best)
        }
        SKIP => {
            let scores = scores(state);
            let seats = (0..p).filter(|&s| s != seat && state.skipped & (1 << s) == 0);
            first_max(seats, |s| exposure(state, &scores, s))
        }
        SWIPE => {
            let mine = pile_worth(state.piles[seat].cards);
            let (l, r) = ((seat + 1) % p, (seat + p - 1) % p);
            let mut neighbours: Vec<usize> = [l, r].into_iter().filter(|&s| s != seat).collect();
            neighbours.sort_unstable();
            neighbours.dedup();
            let best = first_max(neighbours.into_iter(), |s| pile_worth(state.piles[s].cards))?;
            (pile_worth(state.piles[best].cards) >= mine + SWIPE_MARGIN).then_some(best)
        }
        _ => None,
    }
}

fn activation_target(a: Activation) -> Option<usize> {
    match a {
        Activation::Double(t) | Activation::Skip(t) | Activation::Swipe(t) => Some(usize::from(t)),
        _ => None,
    }
}

/// `KEEP_VALUE` of an action (0 for anything but an activation).
fn keep_value(action: &Action) -> f64 {
    match action.kind {
        Kind::Activate(a) => match a.kind() {
            JOKER => 5.0,
            FLIP | QUANTUM => 3.0,
            SWIPE | SKIP => 2.0,
            _ => 1.0,
        },
        _ => 0.0,
    }
}

/// The order of the cards of `pending` as the observation lists them: a QUANTUM's cards
/// in the order they were taken (the chosen stock's from its top, then the other's),
/// read from where they lay in the stocks (just before each stock's top); the stock
/// chosen is the one emptied when both gave cards. Other phases pend one card. A state
/// read from Python does not keep the cards drawn before it: see the fallback below.
pub fn pending_order(state: &State) -> Vec<u8> {
    if state.pending.count_ones() <= 1 {
        return cards_of(state.pending).collect();
    }
    let starts = [0usize, usize::from(state.hi[0])];
    let mut taken: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for i in 0..2 {
        let mut pos = usize::from(state.lo[i]);
        while pos > starts[i] && state.pending & bit(state.stock[pos - 1]) != 0 {
            pos -= 1;
            taken[i].push(state.stock[pos]);
        }
        taken[i].reverse();
    }
    if taken[0].len() + taken[1].len() != state.pending.count_ones() as usize {
        // A state read from Python in the QUANTUM phase: its stocks begin at their tops,
        // the order of `pending` is not kept (canonical order; the one choice that may
        // differ from the Python bot's, on a tie of `quantum_keep`).
        return cards_of(state.pending).collect();
    }
    let first = if !taken[0].is_empty() && !taken[1].is_empty() {
        usize::from(state.stock_len(0) != 0)
    } else {
        usize::from(taken[0].is_empty())
    };
    let mut out = std::mem::take(&mut taken[first]);
    out.extend_from_slice(&taken[1 - first]);
    out
}

/// `usefulness(card, held)`.
fn usefulness(card: u8, held: Cards) -> f64 {
    let (mut same_value, mut same_family, mut near) = (0i64, 0i64, 0i64);
    for other in cards_of(held).filter(|&c| is_family(c)) {
        same_value += i64::from(value(other) == value(card));
        same_family += i64::from(family(other) == family(card));
        let gap = (i64::from(value(other)) - i64::from(value(card))).abs();
        near += i64::from(0 < gap && gap <= 2);
    }
    (3 * same_value + same_family + near) as f64 + f64::from(value(card)) / 16.0
}

/// `quantum_keep`.
fn quantum_keep(state: &State, seat: usize) -> Option<u8> {
    let pile = state.piles[seat];
    let held = state.collections[seat] | pile.cards;
    let mut best = None;
    let mut best_score = f64::NEG_INFINITY;
    for card in pending_order(state) {
        if !is_family(card) {
            continue;
        }
        let score = if is_shadow(card) {
            if pile_worth(pile.cards) >= SHADOW_WORTH {
                continue;
            }
            10.0
        } else if pile.breaks_with(card, &state.config) {
            continue;
        } else {
            usefulness(card, held)
        };
        if score > best_score {
            best = Some(card);
            best_score = score;
        }
    }
    best
}

/// `Plan`: the combinations still to validate (in decision order) and the leftover.
#[derive(Clone, Debug)]
struct Plan {
    round: u32,
    combinations: Vec<Combination>,
    leftover: Cards,
}

/// The DECISION_ORDER position from which the validating seat has objectives to decide.
fn start_of(state: &State) -> u8 {
    if state.objective == NONE {
        10
    } else {
        DECISION_INDEX[usize::from(state.objective)]
    }
}

impl Plan {
    fn fits(&self, state: &State, seat: usize) -> bool {
        let card = &state.scorecards[seat];
        let start = start_of(state);
        let planned = self.combinations.iter().fold(0, |t, c| t | c.cards);
        state.round == self.round
            && self.combinations.iter().all(|c| {
                card[usize::from(c.objective)] < 0 && DECISION_INDEX[usize::from(c.objective)] >= start
            })
            && state.collections[seat] == planned | self.leftover
    }
}

fn make_plan(state: &State, seat: usize) -> Plan {
    let collection = state.collections[seat];
    let cards = collection & ((1u128 << FIRST_ACTION) - 1);
    let start = start_of(state);
    let wanted: Vec<u8> = (0..10u8)
        .filter(|&o| state.scorecards[seat][usize::from(o)] < 0 && DECISION_INDEX[usize::from(o)] >= start)
        .collect();
    let found = if cards == 0 || wanted.is_empty() {
        Vec::new()
    } else {
        search_validation(cards, &wanted, &state.config, MAX_NODES)
    };
    let used = found.iter().fold(0, |t, c| t | c.cards);
    let mut ordered = found;
    ordered.sort_by_key(|c| DECISION_INDEX[usize::from(c.objective)]);
    Plan {
        round: state.round,
        combinations: ordered,
        leftover: collection & !used,
    }
}

/// `HeuristicBot(seed)` with the default `Style` (the bot draws no random numbers).
#[derive(Clone, Debug, Default)]
pub struct HeuristicPolicy {
    plans: [Option<Plan>; 6],
}

impl HeuristicPolicy {
    /// `HeuristicBot(seed)`.
    pub fn new() -> HeuristicPolicy {
        HeuristicPolicy::default()
    }
}

fn find(actions: &[Action], f: impl Fn(&Kind) -> bool) -> Option<usize> {
    actions.iter().position(|a| f(&a.kind))
}

fn required(actions: &[Action], seat: u8, kind: Kind) -> usize {
    actions
        .iter()
        .position(|a| *a == Action { seat, kind })
        .unwrap_or(0)
}

fn draw(actions: &[Action], stock: Option<u8>) -> usize {
    stock
        .and_then(|s| find(actions, |k| *k == Kind::Draw(s)))
        .or_else(|| find(actions, |k| matches!(k, Kind::Draw(_))))
        .unwrap_or(0)
}

fn activation(actions: &[Action], card: u8) -> Option<usize> {
    find(actions, |k| matches!(k, Kind::Activate(a) if a.kind() == card))
}

fn strike(state: &State, seat: usize, actions: &[Action]) -> Option<usize> {
    actions.iter().position(|a| match a.kind {
        Kind::Activate(act) => {
            let target = target_for(state, seat, act.kind());
            target.is_some() && activation_target(act) == target
        }
        _ => false,
    })
}

fn quantum(state: &State, actions: &[Action]) -> Option<usize> {
    if state.stock_len(0) + state.stock_len(1) <= usize::from(state.config.quantum_cards) {
        return None;
    }
    let mut best: Option<(usize, usize)> = None;
    for (i, a) in actions.iter().enumerate() {
        if let Kind::Activate(Activation::Quantum(s)) = a.kind {
            let size = state.stock_len(usize::from(s));
            if best.map_or(true, |(_, b)| size > b) {
                best = Some((i, size));
            }
        }
    }
    best.map(|(i, _)| i)
}

fn safest_stock(state: &State, seat: usize) -> Option<Odds> {
    safest(&odds(state, seat))
}

impl HeuristicPolicy {
    fn choose(&mut self, state: &State, actions: &[Action]) -> usize {
        let seat = usize::from(state.player);
        let s8 = state.player;
        match state.phase {
            Phase::Start => {
                if let Some(lock) = find(actions, |k| *k == Kind::Lock) {
                    if worth_locking(state, seat) {
                        return lock;
                    }
                }
                draw(actions, safest_stock(state, seat).map(|o| o.stock))
            }
            Phase::Draw => {
                if let Some(i) = strike(state, seat, actions) {
                    return i;
                }
                let Some(best) = safest_stock(state, seat) else {
                    return draw(actions, None);
                };
                if best.risk.n == 0 || worth_drawing(state, seat, &best) {
                    return draw(actions, Some(best.stock));
                }
                let valuable = pile_worth(state.piles[seat].cards) >= 2.0;
                if valuable {
                    if let Some(flip) = activation(actions, FLIP) {
                        return flip;
                    }
                }
                let Some(stop) = find(actions, |k| *k == Kind::Stop) else {
                    return draw(actions, Some(best.stock));
                };
                if valuable {
                    if let Some(q) = quantum(state, actions) {
                        return q;
                    }
                }
                stop
            }
            Phase::Redraw => draw(actions, safest_stock(state, seat).map(|o| o.stock)),
            Phase::Flipped => {
                let best = safest_stock(state, seat);
                let stop = find(actions, |k| *k == Kind::Stop);
                match (stop, best) {
                    (Some(stop), Some(best)) if !(best.risk.n == 0 || worth_drawing(state, seat, &best)) => {
                        stop
                    }
                    _ => draw(actions, best.map(|o| o.stock)),
                }
            }
            Phase::Shadow => {
                let shadow = state.pending.trailing_zeros().min(127) as u8;
                if pile_worth(state.piles[seat].cards) < SHADOW_WORTH {
                    return required(actions, s8, Kind::Keep(shadow));
                }
                if let Some(joker) = activation(actions, JOKER) {
                    if safest_stock(state, seat).is_some_and(|b| worth_drawing(state, seat, &b)) {
                        return joker;
                    }
                }
                required(actions, s8, Kind::Discard(shadow))
            }
            Phase::Action => {
                if let Some(i) = strike(state, seat, actions) {
                    return i;
                }
                if let Some(i) = find(actions, |k| matches!(k, Kind::Reserve(_))) {
                    return i;
                }
                // max(actions, key=-keep value): the first least worth keeping.
                let mut best = 0;
                for (i, a) in actions.iter().enumerate() {
                    if -keep_value(a) > -keep_value(&actions[best]) {
                        best = i;
                    }
                }
                best
            }
            Phase::Quantum => match quantum_keep(state, seat) {
                Some(card) => required(actions, s8, Kind::Keep(card)),
                None => required(actions, s8, Kind::KeepNone),
            },
            Phase::Skipped => {
                strike(state, seat, actions).unwrap_or_else(|| required(actions, s8, Kind::EndTurn))
            }
            Phase::Validation => {
                if state.objective == NONE {
                    return required(actions, s8, Kind::EndValidation);
                }
                let fits = self.plans[seat].as_ref().is_some_and(|p| p.fits(state, seat));
                if !fits {
                    self.plans[seat] = Some(make_plan(state, seat));
                }
                let plan = self.plans[seat].as_ref().expect("a plan was made");
                match plan.combinations.first() {
                    Some(c) if c.objective == state.objective => {
                        let card = c.cards.trailing_zeros() as u8;
                        required(actions, s8, Kind::Pick(card))
                    }
                    _ => required(actions, s8, Kind::Pass),
                }
            }
            Phase::Selection => {
                if let Some(plan) = self.plans[seat].as_ref() {
                    if let Some(c) = plan.combinations.first() {
                        let picks: Vec<u8> = cards_of(c.cards).collect();
                        let done = state.selection.count_ones() as usize;
                        let begun = picks.iter().take(done).fold(0, |t, &p| t | bit(p)) == state.selection
                            && done <= picks.len();
                        if c.objective == state.objective && begun && done < picks.len() {
                            let pick = Action {
                                seat: s8,
                                kind: Kind::Pick(picks[done]),
                            };
                            if let Some(i) = actions.iter().position(|a| *a == pick) {
                                if done + 1 == picks.len() {
                                    let mut rest = plan.clone();
                                    rest.combinations.remove(0);
                                    self.plans[seat] = Some(rest);
                                }
                                return i;
                            }
                        }
                    }
                }
                self.plans[seat] = None;
                0
            }
            Phase::Over => 0,
        }
    }
}

impl Policy<NumStop> for HeuristicPolicy {
    fn act(&mut self, state: &State, _seat: usize, actions: &[Action], _optional: bool) -> Option<usize> {
        // Every Num Stop decision is required.
        Some(self.choose(state, actions))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, RandomPolicy, Rules};
    use crate::numstop::{Config, Mode};
    use crate::rng::Seed;

    /// Wraps a policy: checks every pick is one of the actions offered.
    struct Checked(HeuristicPolicy);

    impl Policy<NumStop> for Checked {
        fn act(&mut self, state: &State, seat: usize, actions: &[Action], optional: bool) -> Option<usize> {
            assert!(!optional, "every Num Stop decision is required");
            let pick = self.0.act(state, seat, actions, optional);
            assert!(
                pick.is_some_and(|i| i < actions.len()),
                "{pick:?} of {} actions",
                actions.len()
            );
            pick
        }
    }

    #[test]
    fn the_policy_always_picks_an_offered_action() {
        let configs = [
            Config::with_players(2),
            Config {
                max_value: 6,
                reserve_size: 6,
                quantum_cards: 5,
                ..Config::with_players(3)
            },
            Config {
                mode: Mode::Discovery,
                max_value: 5,
                ..Config::with_players(5)
            },
            Config {
                family_run: 2,
                value_run: 3,
                max_value: 7,
                ..Config::with_players(6)
            },
        ];
        for config in configs {
            for seed in 0..3 {
                let players = usize::from(config.players);
                let mut bots: Vec<Box<dyn Policy<NumStop>>> = (0..players)
                    .map(|s| -> Box<dyn Policy<NumStop>> {
                        if seed == 2 && s % 2 == 1 {
                            Box::new(RandomPolicy::new(Seed::from(i128::from(s as u8)), 0.5))
                        } else {
                            Box::new(Checked(HeuristicPolicy::new()))
                        }
                    })
                    .collect();
                let state = NumStop::new_game(&config, Seed::from(seed));
                let (outcome, _) = play(state, &mut bots, Some(20_000), None).expect("a legal game");
                assert!(outcome.finished, "{config:?} seed {seed}");
            }
        }
    }

    #[test]
    fn the_search_finds_disjoint_combinations() {
        // A collection of every card of values 0..=7: the answer's combinations are
        // card-disjoint, one per objective, within the collection.
        let config = Config {
            max_value: 7,
            ..Config::default()
        };
        let collection = config.deck() & ((1u128 << FIRST_ACTION) - 1);
        let found = search_validation(collection, &(0..10).collect::<Vec<_>>(), &config, MAX_NODES);
        let mut used = 0;
        for c in &found {
            assert_eq!(c.cards & used, 0);
            assert_eq!(c.cards & !collection, 0);
            used |= c.cards;
        }
        assert!(found.windows(2).all(|w| w[0].objective < w[1].objective));
        assert!(!found.is_empty());
    }
}
