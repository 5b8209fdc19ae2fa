//! The Stack Attack heuristic bot (`numrules.stackattack.strategy.bots.HeuristicBot`, with
//! the `Forecast` of `numrules.stackattack.strategy.reveal_forecast`), choice for choice.
//!
//! Every choice is the Python bot's: the guesses come from the same generator (CPython's
//! `random.Random.sample`, ported below), every float is computed in the same order
//! (Python's `sum` of floats in 3.11 is a plain left-to-right addition from 0), the keys
//! are rounded as `round(x, 9)` rounds them, and ties go the same way (the first of
//! equal options in the same iteration order; dicts iterate in insertion order, which
//! here is always ascending seats or rows).
//!
//! A row enters the forecast as its last card, its length and its penalty points: the
//! only things the Python forecast reads of a row (`row[-1]`, `len(row)`,
//! `penalty_points(config, row)`).
//!
//! # What the bot sees
//!
//! The Python bot reads only `observe(state, seat)`. The policy gets the whole state and
//! reads only these fields of it, which are the observation's:
//!
//! | state | observation |
//! | --- | --- |
//! | `round`, `turn`, `phase`, `config` | the same fields |
//! | `row_end`, `row_len` and the cards of zone `ROW + r` | `rows` |
//! | the cards of zone `TAKEN + s` | `taken` |
//! | the cards of zone `HAND + seat` | `hand` (the seat's own hand only) |
//! | `played[seat]` while choosing | `choice` (the seat's own choice only) |
//! | `played` outside the choosing phase | `revealed` (`None` is 0) |
//! | `queue()`, `blocked`, `decreasing` | `queue`, `blocked`, `decreasing` |
//!
//! The guesses are drawn from the cards the seat cannot locate ([`unseen`]): every card
//! that is in none of the zones above, found by ruling those out, so no other seat's
//! hand or choice and no unused card is ever told apart from another.

use super::config::{Card, Config, Power, MAX_PLAYERS, MAX_ROWS};
use super::rules::Action;
use super::state::{zone, Phase, State};
use super::StackAttack;
use crate::game::Policy;
use crate::rng::{derive_seed, Mt, Part, Seed};

/// `SAMPLES`: guesses of the other seats' cards per card choice.
pub const SAMPLES: usize = 16;
/// `SHIELD_RESERVE`: the points a SHIELD is worth kept in hand.
pub const SHIELD_RESERVE: f64 = 2.0;
/// `reveal_forecast.SPITE`: what one point taken by another seat is worth.
pub const SPITE: f64 = 0.05;

/// Each seat's expected points (`Costs`); entries from `players` on stay 0.
type Costs = [f64; MAX_PLAYERS];

/// Each seat's held card in a reveal; 0 is Python's `None`.
type Held = [Card; MAX_PLAYERS];

/// What the forecast reads of a row: its last card, its length, its penalty points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Row {
    end: Card,
    len: usize,
    points: i64,
}

/// The rows of a table (`config.rows` of them are used).
type Rows = [Row; MAX_ROWS];

/// Options of a decision (a dict of the Python forecast): keys in insertion order, each
/// with its costs.
struct Options {
    keys: [usize; MAX_ROWS],
    costs: [Costs; MAX_ROWS],
    len: usize,
}

impl Options {
    fn new() -> Options {
        Options {
            keys: [0; MAX_ROWS],
            costs: [[0.0; MAX_PLAYERS]; MAX_ROWS],
            len: 0,
        }
    }

    fn push(&mut self, key: usize, costs: Costs) {
        self.keys[self.len] = key;
        self.costs[self.len] = costs;
        self.len += 1;
    }

    fn values(&self) -> &[Costs] {
        &self.costs[..self.len]
    }

    fn keys(&self) -> &[usize] {
        &self.keys[..self.len]
    }
}

/// Python's `round(x, 9)` for a float: the decimal of `x` correctly rounded to 9 places
/// (ties to even, on the exact binary value, as CPython's `_Py_dg_dtoa` mode 3 does),
/// then read back as the nearest float (as `_Py_dg_strtod` does).
pub fn round9(x: f64) -> f64 {
    const SCALE: u128 = 1_000_000_000;
    if !x.is_finite() {
        return x;
    }
    let bits = x.to_bits();
    let negative = bits >> 63 == 1;
    let exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = u128::from(bits & ((1 << 52) - 1));
    // |x| = mantissa * 2^power
    let (mantissa, power) = if exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), exponent - 1075)
    };
    if power >= 0 {
        return x; // an integer: nine decimals show it exactly
    }
    let shift = power.unsigned_abs();
    let scaled = mantissa * SCALE; // below 2^83
    let n = if shift >= 100 {
        0 // scaled < 2^83 <= half of 2^shift
    } else {
        let q = scaled >> shift;
        let r = scaled - (q << shift);
        let half = 1u128 << (shift - 1);
        if r > half || (r == half && q & 1 == 1) {
            q + 1
        } else {
            q
        }
    };
    // n / 10^9 correctly rounded: an exact division of two exact floats when n < 2^53.
    let magnitude = if n < (1 << 53) {
        n as f64 / 1e9
    } else {
        format!("{n}e-9").parse().unwrap_or(f64::NAN)
    };
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

/// CPython 3.11's `random.Random.sample(population, k)` (without `counts`).
fn sample(rng: &mut Mt, population: &[Card], k: usize, out: &mut Vec<Card>) {
    let n = population.len();
    debug_assert!(k <= n);
    out.clear();
    let mut setsize = 21;
    if k > 5 {
        // 4 ** ceil(log(k * 3, 4)), as Python's floats compute it.
        let exponent = ((k * 3) as f64).ln() / 4f64.ln();
        setsize += 4usize.pow(exponent.ceil() as u32);
    }
    if n <= setsize {
        let mut pool = population.to_vec();
        for i in 0..k {
            let j = rng.below((n - i) as u32) as usize;
            out.push(pool[j]);
            pool[j] = pool[n - i - 1];
        }
    } else {
        let mut selected: Vec<usize> = Vec::with_capacity(k);
        for _ in 0..k {
            let mut j = rng.below(n as u32) as usize;
            while selected.contains(&j) {
                j = rng.below(n as u32) as usize;
            }
            selected.push(j);
            out.push(population[j]);
        }
    }
}

/// `target_row(rows, blocked, card)`: the open row whose end is the highest below `card`.
fn target_row(rows: &[Row], blocked: u16, card: Card) -> Option<usize> {
    let mut best = None;
    let mut best_end = 0;
    for (r, row) in rows.iter().enumerate() {
        let end = row.end;
        if best_end < end && end < card && blocked & (1 << r) == 0 {
            best = Some(r);
            best_end = end;
        }
    }
    best
}

/// `held.index(card)`.
fn index_of(held: &Held, card: Card) -> usize {
    held.iter().position(|&c| c == card).unwrap_or(0)
}

/// `Forecast(config, seat, spite)`: a reveal played out as `seat` expects it.
struct Forecast<'a> {
    config: &'a Config,
    seat: usize,
    spite: f64,
    /// `len(held)`: the number of seats.
    players: usize,
    /// `len(rows)`.
    rows: usize,
}

impl Forecast<'_> {
    /// `utility(costs)`: the seat's points, less `spite` times everyone else's.
    fn utility(&self, costs: &Costs) -> f64 {
        let mine = costs[self.seat];
        let total = costs[..self.players].iter().fold(0.0, |sum, &c| sum + c);
        mine - self.spite * (total - mine)
    }

    /// `best(results)`: the first result of the lowest utility.
    fn best(&self, results: &[Costs]) -> usize {
        let mut best = 0;
        let mut low = self.utility(&results[0]);
        for (i, costs) in results.iter().enumerate().skip(1) {
            let u = self.utility(costs);
            if u < low {
                best = i;
                low = u;
            }
        }
        best
    }

    /// `reveal(rows, held)` (not decreasing).
    fn reveal(&self, rows: &Rows, held: &Held) -> Costs {
        let mut actions = [0; MAX_PLAYERS];
        let mut len = 0;
        for &c in &held[..self.players] {
            if c != 0 && self.config.power(c).is_some() {
                actions[len] = c;
                len += 1;
            }
        }
        actions[..len].sort_unstable();
        self.powers(rows, held, &actions[..len], 0, false)
    }

    /// `powers(rows, held, queue, blocked, decreasing)`.
    fn powers(&self, rows: &Rows, held: &Held, queue: &[Card], blocked: u16, decreasing: bool) -> Costs {
        let mut decreasing = decreasing;
        for (i, &card) in queue.iter().enumerate() {
            match self.config.power(card) {
                Some(Power::Switch) => {
                    let results = self.switch_options(rows, held, &queue[i..], blocked, decreasing);
                    return self.decide(index_of(held, card), results.values());
                }
                Some(Power::Block) => {
                    let results = self.block_options(rows, held, &queue[i..], blocked, decreasing);
                    return self.decide(index_of(held, card), results.values());
                }
                Some(Power::Decreasing) => decreasing = true,
                _ => {}
            }
        }
        let mut order = [0; MAX_PLAYERS];
        let mut len = 0;
        for &c in &held[..self.players] {
            if c != 0 {
                order[len] = c;
                len += 1;
            }
        }
        if decreasing {
            order[..len].sort_unstable_by(|a, b| b.cmp(a));
        } else {
            order[..len].sort_unstable();
        }
        self.placement(rows, held, &order[..len], blocked)
    }

    /// `switch_options`: for the SWITCH at the head of `queue`, each target's costs.
    fn switch_options(
        &self,
        rows: &Rows,
        held: &Held,
        queue: &[Card],
        blocked: u16,
        decreasing: bool,
    ) -> Options {
        let owner = index_of(held, queue[0]);
        let mut results = Options::new();
        for target in 0..self.players {
            if target == owner {
                continue;
            }
            let mut swapped = *held;
            swapped.swap(owner, target);
            results.push(
                target,
                self.powers(rows, &swapped, &queue[1..], blocked, decreasing),
            );
        }
        results
    }

    /// `block_options`: for the BLOCK at the head of `queue`, each open row's costs.
    fn block_options(
        &self,
        rows: &Rows,
        held: &Held,
        queue: &[Card],
        blocked: u16,
        decreasing: bool,
    ) -> Options {
        let mut results = Options::new();
        for r in 0..self.rows {
            if blocked & (1 << r) == 0 {
                results.push(
                    r,
                    self.powers(rows, held, &queue[1..], blocked | (1 << r), decreasing),
                );
            }
        }
        results
    }

    /// `_decide`: the seat's own best option, or the mean of another seat's options.
    fn decide(&self, owner: usize, results: &[Costs]) -> Costs {
        if owner == self.seat {
            return results[self.best(results)];
        }
        // _mean: each column summed left to right from 0, then divided by the count.
        let count = results.len() as f64;
        let mut mean = [0.0; MAX_PLAYERS];
        for (s, m) in mean[..self.players].iter_mut().enumerate() {
            *m = results.iter().fold(0.0, |sum, costs| sum + costs[s]) / count;
        }
        mean
    }

    /// `placement(rows, held, order, blocked)`: the cards of `order` placed in turn.
    fn placement(&self, rows: &Rows, held: &Held, order: &[Card], blocked: u16) -> Costs {
        let config = self.config;
        let mut costs = [0.0; MAX_PLAYERS];
        let mut table = *rows;
        let table = &mut table[..self.rows];
        for (i, &card) in order.iter().enumerate() {
            let seat = index_of(held, card);
            let shield = config.is_shield(card);
            let mut takes = !shield;
            let row = match target_row(table, blocked, card) {
                Some(row) => {
                    takes = takes && table[row].len >= config.row_limit;
                    row
                }
                None => {
                    if seat == self.seat {
                        let mut all = [Row::default(); MAX_ROWS];
                        all[..self.rows].copy_from_slice(table);
                        let rest = self.own_choice(&all, held, &order[i..], blocked);
                        for (c, r) in costs[..self.players].iter_mut().zip(rest) {
                            *c += r;
                        }
                        return costs;
                    }
                    let open = (0..self.rows).filter(|&r| blocked & (1 << r) == 0);
                    let pick = if shield {
                        open.min_by_key(|&r| (table[r].len, r))
                    } else {
                        open.min_by_key(|&r| (table[r].points, table[r].len, r))
                    };
                    pick.unwrap_or(0)
                }
            };
            let at = &mut table[row];
            if takes {
                costs[seat] += at.points as f64;
                *at = Row::default();
            }
            at.end = card;
            at.len += 1;
            at.points += config.penalty(card);
        }
        costs
    }

    /// `_own_choice`: the seat's card is below every open row; it takes its best row.
    fn own_choice(&self, rows: &Rows, held: &Held, order: &[Card], blocked: u16) -> Costs {
        let results = self.row_options(rows, held, order, blocked);
        results.values()[self.best(results.values())]
    }

    /// `row_options`: for the card at the head of `order`, below every open row, the
    /// costs after each row it may take (a SHIELD joins the row instead).
    fn row_options(&self, rows: &Rows, held: &Held, order: &[Card], blocked: u16) -> Options {
        let card = order[0];
        let seat = index_of(held, card);
        let shield = self.config.is_shield(card);
        let penalty = self.config.penalty(card);
        let mut results = Options::new();
        for r in 0..self.rows {
            if blocked & (1 << r) != 0 {
                continue;
            }
            let old = rows[r];
            let taken = if shield { 0 } else { old.points };
            let mut after = *rows;
            after[r] = if shield {
                Row {
                    end: card,
                    len: old.len + 1,
                    points: old.points + penalty,
                }
            } else {
                Row {
                    end: card,
                    len: 1,
                    points: penalty,
                }
            };
            let mut rest = self.placement(&after, held, &order[1..], blocked);
            rest[seat] += taken as f64;
            results.push(r, rest);
        }
        results
    }
}

/// The rows as the observation shows them.
fn rows_of(state: &State) -> Rows {
    let mut rows = [Row::default(); MAX_ROWS];
    for (r, row) in rows[..state.config.rows].iter_mut().enumerate() {
        row.end = state.row_end[r];
        row.len = usize::from(state.row_len[r]);
    }
    for (card, &at) in state.zone.iter().enumerate().skip(1) {
        if (zone::ROW..zone::ROW + MAX_ROWS as u8).contains(&at) {
            rows[usize::from(at - zone::ROW)].points += state.config.penalties[card - 1];
        }
    }
    rows
}

/// `unseen(observe(state, seat))`: the cards `seat` cannot locate, ascending. A card is
/// seen when it is in a row, in a taken pile, in the seat's hand, the seat's own choice,
/// or (outside the choosing phase) a revealed card.
fn unseen(state: &State, seat: usize) -> Vec<Card> {
    let own_hand = zone::HAND + seat as u8;
    let own_choice = zone::PLAYED + seat as u8;
    let choosing = state.phase == Phase::Choose;
    let players = state.players() as u8;
    let rows = state.config.rows as u8;
    let seen = |at: u8| {
        let in_row = (zone::ROW..zone::ROW + rows).contains(&at);
        let taken = (zone::TAKEN..zone::TAKEN + players).contains(&at);
        let revealed = !choosing && (zone::PLAYED..zone::PLAYED + players).contains(&at);
        in_row || taken || revealed || at == own_hand || at == own_choice
    };
    state
        .zone
        .iter()
        .enumerate()
        .skip(1)
        .filter(|&(_, &at)| !seen(at))
        .map(|(card, _)| card as Card)
        .collect()
}

/// `HeuristicBot(seed, samples, shield_reserve, spite)` as a policy.
#[derive(Clone, Debug)]
pub struct Heuristic {
    seed: Seed,
    samples: usize,
    shield_reserve: f64,
    spite: f64,
}

impl Heuristic {
    /// `HeuristicBot(seed)` with the default options.
    pub fn new(seed: Seed) -> Heuristic {
        Heuristic::with_options(seed, SAMPLES, SHIELD_RESERVE, SPITE)
    }

    /// `HeuristicBot(seed, samples, shield_reserve, spite)` (`samples` at least 1).
    pub fn with_options(seed: Seed, samples: usize, shield_reserve: f64, spite: f64) -> Heuristic {
        Heuristic {
            seed,
            samples: samples.max(1),
            shield_reserve,
            spite,
        }
    }

    /// `_choose`: the card with the fewest expected points, then the smallest gap.
    fn choose(&self, state: &State, forecast: &Forecast<'_>, actions: &[Action]) -> Option<usize> {
        let seat = forecast.seat;
        let rows = rows_of(state);
        // _guesses: one card per other seat, `samples` times.
        let path = [Part::from(state.round), Part::from(state.turn), Part::from(seat)];
        let mut rng = Mt::new(Seed::from(derive_seed(self.seed, &path)));
        let pool = unseen(state, seat);
        let others = forecast.players - 1;
        if pool.len() < others {
            // Python's `sample` raises ValueError here (never, for a state of a game: each
            // other seat still has a card in hand or a hidden choice).
            return None;
        }
        let mut guesses: Vec<Held> = Vec::with_capacity(self.samples);
        let mut drawn = Vec::with_capacity(others);
        for _ in 0..self.samples {
            sample(&mut rng, &pool, others, &mut drawn);
            let mut held = [0; MAX_PLAYERS];
            held[..others].copy_from_slice(&drawn);
            guesses.push(held);
        }
        let left = state.cards_in(zone::HAND + seat as u8).count();
        let deck = state.config.deck_size as i64;
        let mut best: Option<(usize, f64, i64)> = None;
        for (i, action) in actions.iter().enumerate() {
            let Action::Choose { card, .. } = *action else {
                continue;
            };
            // _expected: the mean utility over the guesses, summed in order.
            let mut total = 0.0;
            for guess in &guesses {
                // held.insert(seat, card)
                let mut held = [0; MAX_PLAYERS];
                held[..seat].copy_from_slice(&guess[..seat]);
                held[seat] = card;
                held[seat + 1..=others].copy_from_slice(&guess[seat..others]);
                total += forecast.utility(&forecast.reveal(&rows, &held));
            }
            let mut points = total / guesses.len() as f64;
            if state.config.is_shield(card) && left > 1 {
                points += self.shield_reserve;
            }
            let gap = match target_row(&rows[..state.config.rows], 0, card) {
                Some(r) => i64::from(card) - i64::from(rows[r].end),
                None => deck,
            };
            let key = (round9(points), gap);
            if best.map_or(true, |(_, p, g)| key < (p, g)) {
                best = Some((i, key.0, key.1));
            }
        }
        best.map(|(i, _, _)| i)
    }
}

/// `_pick`: the first key of the lowest (rounded utility, tie..., key).
fn pick(forecast: &Forecast<'_>, options: &Options, tie: impl Fn(usize) -> (i64, usize)) -> Option<usize> {
    let mut best: Option<(f64, (i64, usize), usize)> = None;
    for (&key, costs) in options.keys().iter().zip(options.values()) {
        let candidate = (round9(forecast.utility(costs)), tie(key), key);
        if best.map_or(true, |b| candidate < b) {
            best = Some(candidate);
        }
    }
    best.map(|(_, _, key)| key)
}

impl Policy<StackAttack> for Heuristic {
    fn act(&mut self, state: &State, seat: usize, actions: &[Action], _optional: bool) -> Option<usize> {
        let config = &*state.config;
        let forecast = Forecast {
            config,
            seat,
            spite: self.spite,
            players: config.players,
            rows: config.rows,
        };
        if state.phase == Phase::Choose {
            return self.choose(state, &forecast, actions);
        }
        let rows = rows_of(state);
        let mut held = [0; MAX_PLAYERS];
        held[..config.players].copy_from_slice(&state.played[..config.players]);
        let (queue, blocked, decreasing) = (state.queue(), state.blocked, state.decreasing);
        match state.phase {
            Phase::Switch => {
                let options = forecast.switch_options(&rows, &held, queue, blocked, decreasing);
                let target = pick(&forecast, &options, |_| (0, 0))?;
                actions
                    .iter()
                    .position(|a| matches!(*a, Action::Switch { target: t, .. } if usize::from(t) == target))
            }
            Phase::Block => {
                let options = forecast.block_options(&rows, &held, queue, blocked, decreasing);
                let row = pick(&forecast, &options, |_| (0, 0))?;
                actions
                    .iter()
                    .position(|a| matches!(*a, Action::Block { row: r, .. } if usize::from(r) == row))
            }
            _ => {
                let options = forecast.row_options(&rows, &held, queue, blocked);
                let row = pick(&forecast, &options, |r| (rows[r].points, rows[r].len))?;
                actions.iter().position(|a| {
                    matches!(*a, Action::TakeRow { row: r, .. } | Action::PlaceShield { row: r, .. }
                        if usize::from(r) == row)
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{play, RandomPolicy, Rules};
    use crate::stackattack::ConfigSpec;

    #[test]
    fn sample_is_pythons_sample() {
        // python -c "import random; r = random.Random(5); print(r.sample(list(range(1, 51)), 3),
        //     r.sample(list(range(1, 51)), 5))": the set path (more than 21 cards).
        let fifty: Vec<Card> = (1..=50).collect();
        let mut rng = Mt::new(Seed::from(5i128));
        let mut out = Vec::new();
        sample(&mut rng, &fifty, 3, &mut out);
        assert_eq!(out, [40, 17, 48]);
        sample(&mut rng, &fifty, 5, &mut out);
        assert_eq!(out, [23, 45, 48, 42, 34]);
        // r = random.Random(7); r.sample(range(1, 11), 5), r.sample(range(1, 22), 4),
        // r.sample(range(1, 23), 4): the pool path (21 cards or fewer), then the set path.
        let mut rng = Mt::new(Seed::from(7i128));
        let ten: Vec<Card> = (1..=10).collect();
        sample(&mut rng, &ten, 5, &mut out);
        assert_eq!(out, [6, 3, 7, 10, 1]);
        let twenty_one: Vec<Card> = (1..=21).collect();
        sample(&mut rng, &twenty_one, 4, &mut out);
        assert_eq!(out, [3, 18, 4, 12]);
        let twenty_two: Vec<Card> = (1..=22).collect();
        sample(&mut rng, &twenty_two, 4, &mut out);
        assert_eq!(out, [19, 2, 17, 7]);
    }

    /// A config drawn from `rng`: every player count, powers dense or absent, tight decks.
    fn drawn_config(rng: &mut Mt) -> Config {
        let players = 2 + rng.below(5) as usize;
        let hand_size = 1 + rng.below(10) as usize;
        let rows = 1 + rng.below(6) as usize;
        let row_limit = 1 + rng.below(6) as usize;
        let deck_size = (players * hand_size + rows).max([64, 30, 120][rng.below(3) as usize]);
        let deck = deck_size as u32;
        let mut cards: Vec<Card> = (1..=deck_size as Card).collect();
        crate::rng::shuffle(&mut cards, Seed::from(rng.next_u32()));
        let mut take = |n: u32| -> Vec<Card> {
            let n = (rng.below(n + 1) as usize).min(cards.len());
            cards.drain(..n).collect()
        };
        let switch = take(4);
        let block = take(rows as u32 - 1);
        let shield = take(6);
        let decreasing = take(4);
        Config::new(ConfigSpec {
            players,
            hand_size,
            rows,
            row_limit,
            end_score: 1 + i64::from(rng.below(100)),
            deck_size,
            penalties: Some((0..deck).map(|c| i64::from(c % 7)).collect()),
            switch,
            block,
            shield,
            decreasing,
            max_rounds: Some(1 + rng.below(3)),
        })
        .expect("a valid config")
    }

    /// The heuristic bot, checked: it always picks one of its actions.
    struct Checked(Heuristic);

    impl Policy<StackAttack> for Checked {
        fn act(&mut self, state: &State, seat: usize, actions: &[Action], optional: bool) -> Option<usize> {
            assert!(!optional, "every Stack Attack decision is required");
            let pick = self.0.act(state, seat, actions, optional);
            assert!(pick.is_some_and(|i| i < actions.len()), "{pick:?} of {actions:?}");
            pick
        }
    }

    #[test]
    fn the_bot_always_picks_one_of_its_actions() {
        let mut rng = Mt::new(Seed::from(2024i128));
        for game in 0..150 {
            let config = drawn_config(&mut rng);
            let state = StackAttack::new_game(&config, Seed::from(game));
            let mut bots: Vec<Box<dyn Policy<StackAttack>>> = (0..config.players)
                .map(|s| -> Box<dyn Policy<StackAttack>> {
                    if game % 3 == 1 && s % 2 == 1 {
                        Box::new(RandomPolicy::new(Seed::from(s as u32), 0.0))
                    } else {
                        Box::new(Checked(Heuristic::new(Seed::from(game * 10 + s as i128))))
                    }
                })
                .collect();
            let (outcome, _) = play(state, &mut bots, Some(5_000), None).expect("a legal game");
            assert!(outcome.finished, "{config:?}");
        }
    }

    #[test]
    fn a_card_choice_reads_nothing_hidden() {
        // Hidden cards (other hands, other choices, unused cards) moved among their zones
        // change no choice.
        let mut rng = Mt::new(Seed::from(99i128));
        for game in 0..60 {
            let config = drawn_config(&mut rng);
            let mut state = StackAttack::new_game(&config, Seed::from(game));
            let mut actions = Vec::new();
            while !StackAttack::is_terminal(&state) {
                let seat = (0..config.players).find(|&s| StackAttack::to_act(&state) & (1 << s) != 0);
                let seat = seat.expect("a seat to act");
                actions.clear();
                StackAttack::legal_actions_for(&state, seat, &mut actions);
                let mut bot = Heuristic::new(Seed::from(game));
                let pick = bot.act(&state, seat, &actions, false).expect("a pick");
                if state.phase == Phase::Choose {
                    let own = [zone::HAND + seat as u8, zone::PLAYED + seat as u8];
                    let mut moved = state.clone();
                    let hidden: Vec<usize> = (1..moved.zone.len())
                        .filter(|&c| {
                            let at = moved.zone[c];
                            !own.contains(&at) && (at < zone::TAKEN || at == zone::UNUSED)
                        })
                        .collect();
                    let mut zones: Vec<u8> = hidden.iter().map(|&c| moved.zone[c]).collect();
                    crate::rng::shuffle(&mut zones, Seed::from(rng.next_u32()));
                    for (&c, &at) in hidden.iter().zip(&zones) {
                        moved.zone[c] = at;
                        if (zone::PLAYED..zone::TAKEN).contains(&at) {
                            moved.played[usize::from(at - zone::PLAYED)] = c as Card;
                        }
                    }
                    assert_eq!(
                        Heuristic::new(Seed::from(game)).act(&moved, seat, &actions, false),
                        Some(pick)
                    );
                }
                state = StackAttack::apply(&state, &actions[pick]);
            }
        }
    }

    #[test]
    fn round9_is_pythons_round() {
        // python -c "print([round(x, 9).hex() for x in (...)])": ties go to even digits.
        let cases: [(f64, f64); 8] = [
            (1.0 / 1024.0, 0.000976562),
            (3.0 / 1024.0, 0.002929688),
            (-3.0 / 1024.0, -0.002929688),
            (0.1 + 0.2, 0.3),
            (2.675, 2.675),
            (1e-12, 0.0),
            (12.3456789015, 12.345678901),
            (5.0e15 + 0.5, 5.0e15 + 0.5),
        ];
        for (x, want) in cases {
            assert_eq!(round9(x).to_bits(), want.to_bits(), "round({x:e}, 9)");
        }
    }
}
