//! `numrules.numstop.strategy.optimum.search_validation` under a node limit: the options
//! of each objective (`options`), the bounds (`bounds`: the Lagrangian prices by
//! subgradient steps, in the same f64 operations in the same order), the branch and
//! bound with its local search (`search`), and the concrete cards (`concrete`). Every
//! list is built and sorted (stably) in the Python order, every tie broken the same way,
//! and the nodes counted the same, so the answer at the node limit is the Python one.
//! Sums of floats are left to right from 0, as CPython 3.11's `sum`.

#![allow(clippy::needless_range_loop)] // index loops, as the Python code

use std::collections::HashMap;
use std::rc::Rc;

use super::super::cards::{cards_of, family, value, Cards, Config, SHADOW, SPAN};
use super::super::selection::{same_value, FLUSH, SHADOW_STRAIGHT, SIZES, SMALL_STRAIGHT, STRAIGHT_FLUSH};

const FIELD: u32 = 6;
const GUARD_BIT: u128 = 1 << (FIELD - 1);
const MASK: u128 = GUARD_BIT - 1;
const EPSILON: f64 = 1e-6;
const SCAN: usize = 8;
const PRICE_STEPS: usize = 3000;
const PRICE_RATE: f64 = 1.0;
const PRICE_OPTIONS: usize = 40;
const PRICE_PROGRESS: f64 = 0.05;
const PRICE_PATIENCE: usize = 300;
const SHADOW_RANK: u8 = SHADOW * SPAN;

/// `Option`: one way for an objective to take cards.
#[derive(Clone, Debug)]
struct Opt {
    points: i64,
    /// (slot, count), by slot.
    uses: Vec<(usize, i64)>,
    named: u128,
    objective: u8,
    anonymous: Vec<(u8, u8)>,
    wilds: usize,
    packed: u128,
}

fn pack(uses: &[(usize, i64)]) -> u128 {
    uses.iter().fold(0, |t, &(slot, count)| {
        t + ((count as u128) << (FIELD * slot as u32))
    })
}

#[inline]
fn fits(o: &Opt, free: u128, named: u128, guards: u128) -> bool {
    o.named & named == 0 && free.wrapping_sub(o.packed) & guards == guards
}

/// `_Ranks`.
struct Ranks {
    by_value: Vec<Vec<u8>>,
    by_family: Vec<Vec<u8>>,
    shadows: Vec<u8>,
    max_value: usize,
}

fn ranks(collection: Cards, max_value: u8) -> Ranks {
    let mut by_value = vec![Vec::new(); usize::from(max_value) + 1];
    let mut by_family = vec![Vec::new(); 5];
    let mut shadows = Vec::new();
    for r in cards_of(collection) {
        if r < SHADOW_RANK {
            by_value[usize::from(value(r))].push(r);
            by_family[usize::from(family(r))].push(r);
        } else {
            shadows.push(r);
        }
    }
    Ranks {
        by_value,
        by_family,
        shadows,
        max_value: usize::from(max_value),
    }
}

/// `wild_value_sets(length, max_value)`.
fn wild_value_sets(length: usize, max_value: usize) -> Vec<Vec<usize>> {
    let mut found: Vec<Vec<usize>> = Vec::new();
    for start in 0..(max_value + 2).saturating_sub(length) {
        for missing in start..start + length {
            let set: Vec<usize> = (start..start + length).filter(|&v| v != missing).collect();
            if !found.contains(&set) {
                found.push(set);
            }
        }
    }
    found.sort();
    found
}

/// `itertools.combinations(items, k)`, in its order.
fn combinations<T: Copy>(items: &[T], k: usize, mut f: impl FnMut(&[T])) {
    let n = items.len();
    if k > n {
        return;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    let mut buf: Vec<T> = Vec::with_capacity(k);
    loop {
        buf.clear();
        buf.extend(idx.iter().map(|&i| items[i]));
        f(&buf);
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + n - k) else {
            return;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// `Options`.
struct Options {
    cards: Ranks,
    bonuses: [u16; 10],
    wild_points: i64,
    shadow_slot: usize,
    counts: Vec<i64>,
    guards: u128,
    free: u128,
    all: Vec<Opt>,
    /// Per objective with options (scorecard order), its option ids by decreasing points.
    by_objective: Vec<Vec<u32>>,
}

impl Options {
    fn new(cards: Ranks, wanted: &[u8], config: &Config) -> Options {
        let mut counts: Vec<i64> = cards.by_value.iter().map(|g| g.len() as i64).collect();
        counts.push(cards.shadows.len() as i64);
        let guards = (0..counts.len()).fold(0u128, |t, s| t + (GUARD_BIT << (FIELD * s as u32)));
        let free = pack(&counts.iter().copied().enumerate().collect::<Vec<_>>()) | guards;
        let mut options = Options {
            shadow_slot: cards.max_value + 1,
            cards,
            bonuses: config.bonuses,
            wild_points: i64::from(config.wild_points),
            counts,
            guards,
            free,
            all: Vec::new(),
            by_objective: Vec::new(),
        };
        for &objective in wanted {
            let start = options.all.len();
            options.generate(objective);
            let mut found: Vec<u32> = (start as u32..options.all.len() as u32).collect();
            if !found.is_empty() {
                found.sort_by_key(|&i| -options.all[i as usize].points);
                options.by_objective.push(found);
            }
        }
        options
    }

    fn add(&mut self, objective: u8, anonymous: &[(u8, u8)], named: &[u8], wilds: usize) {
        let bonus = i64::from(self.bonuses[usize::from(objective)]);
        let points = if objective == SHADOW_STRAIGHT {
            bonus
        } else {
            let mut p = bonus + self.wild_points * wilds as i64;
            p += anonymous
                .iter()
                .map(|&(v, k)| i64::from(v) * i64::from(k))
                .sum::<i64>();
            p + named.iter().map(|&r| i64::from(r % SPAN)).sum::<i64>()
        };
        let shadows = wilds + named.iter().filter(|&&r| r >= SHADOW_RANK).count();
        // `_use`: counts by value (a dict, then sorted by value).
        let mut counts: Vec<(usize, i64)> = Vec::new();
        let mut bump = |v: usize, c: i64| match counts.iter_mut().find(|(w, _)| *w == v) {
            Some(e) => e.1 += c,
            None => counts.push((v, c)),
        };
        for &(v, k) in anonymous {
            bump(usize::from(v), i64::from(k));
        }
        let mut mask = 0u128;
        for &r in named {
            mask |= 1 << r;
            if r < SHADOW_RANK {
                bump(usize::from(r % SPAN), 1);
            }
        }
        counts.sort_by_key(|&(v, _)| v);
        if shadows > 0 {
            counts.push((self.shadow_slot, shadows as i64));
        }
        let packed = pack(&counts);
        self.all.push(Opt {
            points,
            uses: counts,
            named: mask,
            objective,
            anonymous: anonymous.to_vec(),
            wilds,
            packed,
        });
    }

    fn generate(&mut self, objective: u8) {
        let wild = !self.cards.shadows.is_empty();
        let max_value = self.cards.max_value;
        let counts = self.counts.clone();
        match same_value(objective) {
            Some(&[size]) => {
                let size = i64::from(size);
                for v in 0..=max_value {
                    if counts[v] >= size {
                        self.add(objective, &[(v as u8, size as u8)], &[], 0);
                    }
                    if wild && counts[v] >= size - 1 {
                        self.add(objective, &[(v as u8, (size - 1) as u8)], &[], 1);
                    }
                }
            }
            Some(&[small, large]) => {
                let (small, large) = (i64::from(small), i64::from(large));
                for v in 0..=max_value {
                    for w in 0..=max_value {
                        if v == w {
                            continue;
                        }
                        let (bv, bw) = (v as u8, w as u8);
                        if counts[v] >= large && counts[w] >= small && (small != large || v < w) {
                            self.add(objective, &[(bv, large as u8), (bw, small as u8)], &[], 0);
                        }
                        if wild && counts[v] >= large && counts[w] >= 1 {
                            self.add(objective, &[(bv, large as u8), (bw, 1)], &[], 1);
                        }
                        if wild && small != large && v < w && counts[v] >= 2 && counts[w] >= 2 {
                            self.add(objective, &[(bv, 2), (bw, 2)], &[], 1);
                        }
                    }
                }
            }
            Some(_) => {}
            None => match objective {
                FLUSH => {
                    let size = usize::from(SIZES[usize::from(FLUSH)]);
                    for f in 0..self.cards.by_family.len() {
                        let fam = self.cards.by_family[f].clone();
                        combinations(&fam, size, |combo| self.add(objective, &[], combo, 0));
                        if wild {
                            combinations(&fam, size - 1, |combo| self.add(objective, &[], combo, 1));
                        }
                    }
                }
                STRAIGHT_FLUSH => self.straight_flushes(),
                SHADOW_STRAIGHT => self.shadow_straights(),
                _ => {
                    let length = if objective == SMALL_STRAIGHT { 4 } else { 6 };
                    for start in 0..(max_value + 2).saturating_sub(length) {
                        if (start..start + length).all(|v| counts[v] != 0) {
                            let anon: Vec<(u8, u8)> = (start..start + length).map(|v| (v as u8, 1)).collect();
                            self.add(objective, &anon, &[], 0);
                        }
                    }
                    if wild {
                        for set in wild_value_sets(length, max_value) {
                            if set.iter().all(|&v| counts[v] != 0) {
                                let anon: Vec<(u8, u8)> = set.iter().map(|&v| (v as u8, 1)).collect();
                                self.add(objective, &anon, &[], 1);
                            }
                        }
                    }
                }
            },
        }
    }

    fn straight_flushes(&mut self) {
        let max_value = self.cards.max_value;
        let length = usize::from(SIZES[usize::from(STRAIGHT_FLUSH)]);
        let sets = wild_value_sets(length, max_value);
        for f in 0..self.cards.by_family.len() {
            let mut at = [u8::MAX; SPAN as usize];
            for &r in &self.cards.by_family[f] {
                at[usize::from(r % SPAN)] = r;
            }
            for start in 0..(max_value + 2).saturating_sub(length) {
                if (start..start + length).all(|v| at[v] != u8::MAX) {
                    let named: Vec<u8> = (start..start + length).map(|v| at[v]).collect();
                    self.add(STRAIGHT_FLUSH, &[], &named, 0);
                }
            }
            if !self.cards.shadows.is_empty() {
                for set in &sets {
                    if set.iter().all(|&v| at[v] != u8::MAX) {
                        let named: Vec<u8> = set.iter().map(|&v| at[v]).collect();
                        self.add(STRAIGHT_FLUSH, &[], &named, 1);
                    }
                }
            }
        }
    }

    fn shadow_straights(&mut self) {
        let mut shadow_at = [u8::MAX; SPAN as usize];
        for &r in &self.cards.shadows {
            shadow_at[usize::from(r % SPAN)] = r;
        }
        for start in 0..self.cards.max_value.saturating_sub(1) {
            // Each value: None (any card of it) if held, then its Shadow if held.
            let choices: Vec<Vec<Option<u8>>> = (start..start + 3)
                .map(|v| {
                    let mut here = Vec::new();
                    if self.counts[v] != 0 {
                        here.push(None);
                    }
                    if shadow_at[v] != u8::MAX {
                        here.push(Some(shadow_at[v]));
                    }
                    here
                })
                .collect();
            for a in &choices[0] {
                for b in &choices[1] {
                    for c in &choices[2] {
                        let pattern = [*a, *b, *c];
                        let named: Vec<u8> = pattern.iter().filter_map(|&r| r).collect();
                        if !named.is_empty() {
                            let anon: Vec<(u8, u8)> = pattern
                                .iter()
                                .enumerate()
                                .filter(|(_, r)| r.is_none())
                                .map(|(i, _)| ((start + i) as u8, 1))
                                .collect();
                            self.add(SHADOW_STRAIGHT, &anon, &named, 0);
                        }
                    }
                }
            }
        }
    }
}

/// `prices(lists, avail, floor)`.
fn prices(all: &[Opt], lists: &[Vec<u32>], avail: &[i64], floor: i64) -> Vec<f64> {
    type Short = (Vec<(usize, i64)>, i64);
    let mut short: Vec<Vec<Short>> = Vec::new();
    for options in lists {
        let mut best: Vec<Short> = Vec::new();
        for &i in options {
            let o = &all[i as usize];
            match best.iter_mut().find(|(u, _)| *u == o.uses) {
                Some(e) => {
                    if e.1 < o.points {
                        e.1 = o.points;
                    }
                }
                None => best.push((o.uses.clone(), o.points)),
            }
        }
        best.sort_by_key(|item| -item.1);
        best.truncate(PRICE_OPTIONS);
        short.push(best);
    }
    let mut price = vec![0.0f64; avail.len()];
    let mut best_bound = f64::INFINITY;
    let mut best_prices = price.clone();
    let mut last_progress = 0usize;
    for step in 0..PRICE_STEPS {
        let mut bound = price.iter().zip(avail).fold(0.0, |t, (&p, &a)| t + p * a as f64);
        let mut gradient: Vec<f64> = avail.iter().map(|&a| a as f64).collect();
        for items in &short {
            let mut top = 0.0f64;
            let mut top_use: Option<&Vec<(usize, i64)>> = None;
            for (uses, points) in items {
                let points = *points as f64;
                let value = match uses.len() {
                    1 => points - price[uses[0].0] * uses[0].1 as f64,
                    2 => points - (price[uses[0].0] * uses[0].1 as f64 + price[uses[1].0] * uses[1].1 as f64),
                    _ => points - uses.iter().fold(0.0, |t, &(s, c)| t + price[s] * c as f64),
                };
                if value > top {
                    top = value;
                    top_use = Some(uses);
                }
            }
            bound += top;
            if let Some(uses) = top_use {
                for &(slot, count) in uses {
                    gradient[slot] -= count as f64;
                }
            }
        }
        if bound < best_bound - PRICE_PROGRESS {
            best_bound = bound;
            best_prices = price.clone();
            last_progress = step;
        } else if bound < best_bound {
            best_bound = bound;
            best_prices = price.clone();
        }
        if bound < (floor + 1) as f64 || step - last_progress > PRICE_PATIENCE {
            break;
        }
        let rate = PRICE_RATE / (1.0 + step as f64 / 20.0);
        price = price
            .iter()
            .zip(&gradient)
            .map(|(&p, &g)| {
                let x = p - rate * g;
                if x > 0.0 {
                    x
                } else {
                    0.0
                }
            })
            .collect();
    }
    best_prices
}

/// Why the search stopped early.
enum Halt {
    /// `LimitReachedError`.
    Limit,
    /// `_BudgetSpentError`.
    Budget,
}

type Step = Result<(), Halt>;
type Reduced = Rc<Vec<(f64, u32)>>;
type List = Rc<Vec<u32>>;

/// How `_narrow` branches.
enum Plan {
    Level(usize),
    Children(Vec<(usize, f64, u32)>),
}

/// `Position` and `Search` together.
struct Search {
    all: Vec<Opt>,
    slots: usize,
    guards: u128,
    free: u128,
    named: u128,
    wild_points: i64,
    prices: Vec<f64>,
    price_left: f64,
    by_price: Vec<(f64, usize)>,
    all_lists: Vec<List>,
    all_reduced: Vec<Reduced>,
    all_sizes: Vec<i64>,
    all_bonuses: Vec<i64>,
    all_named: Vec<u128>,
    lists: Vec<List>,
    reduced: Vec<Reduced>,
    sizes: Vec<i64>,
    bonuses: Vec<i64>,
    named_at: Vec<u128>,
    ids: Vec<u32>,
    root_bound: f64,
    best: i64,
    best_chosen: Vec<u32>,
    max_nodes: u64,
    nodes: u64,
    budget_end: Option<u64>,
    chosen: Vec<u32>,
    /// The tables of explored positions: `seens` (0, 1) and `_resolve`'s (2).
    tables: [HashMap<(u32, u128, u128), i64>; 3],
    seen: usize,
    dynamic: bool,
    upper: i64,
    seen_target: i64,
}

impl Search {
    fn new(options: Options, max_nodes: u64) -> Search {
        // `_greedy`.
        let (mut free, mut named) = (options.free, 0u128);
        let mut greedy = Vec::new();
        for lst in &options.by_objective {
            for &i in lst {
                let o = &options.all[i as usize];
                if fits(o, free, named, options.guards) {
                    free = free.wrapping_sub(o.packed);
                    named ^= o.named;
                    greedy.push(i);
                    break;
                }
            }
        }
        let best: i64 = greedy.iter().map(|&i| options.all[i as usize].points).sum();
        // `Position.__init__`.
        let avail = options.counts.clone();
        let prices = prices(&options.all, &options.by_objective, &avail, best);
        let mut by_price: Vec<(f64, usize)> = (0..avail.len()).map(|s| (prices[s], s)).collect();
        by_price.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
        let cost = |uses: &[(usize, i64)]| uses.iter().fold(0.0, |t, &(s, c)| t + prices[s] * c as f64);
        let price_left = avail
            .iter()
            .enumerate()
            .fold(0.0, |t, (s, &a)| t + prices[s] * a as f64);
        let lists = &options.by_objective;
        let reduced: Vec<Vec<(f64, u32)>> = lists
            .iter()
            .map(|lst| {
                let mut r: Vec<(f64, u32)> = lst
                    .iter()
                    .map(|&i| {
                        let o = &options.all[i as usize];
                        (o.points as f64 - cost(&o.uses), i)
                    })
                    .collect();
                r.sort_by(|a, b| b.0.partial_cmp(&a.0).unwrap_or(std::cmp::Ordering::Equal));
                r
            })
            .collect();
        let mut order: Vec<usize> = (0..lists.len()).collect();
        order.sort_by_key(|&j| (lists[j].len(), options.all[lists[j][0] as usize].objective));
        let all_lists: Vec<List> = order.iter().map(|&j| Rc::new(lists[j].clone())).collect();
        let all_reduced: Vec<Reduced> = order.iter().map(|&j| Rc::new(reduced[j].clone())).collect();
        let objectives: Vec<u8> = all_lists
            .iter()
            .map(|l| options.all[l[0] as usize].objective)
            .collect();
        let all_sizes = objectives
            .iter()
            .map(|&o| {
                if o == SHADOW_STRAIGHT {
                    0
                } else {
                    i64::from(SIZES[usize::from(o)])
                }
            })
            .collect();
        let all_bonuses = objectives
            .iter()
            .map(|&o| i64::from(options.bonuses[usize::from(o)]))
            .collect();
        let all_named = all_lists
            .iter()
            .map(|l| l.iter().fold(0u128, |t, &i| t | options.all[i as usize].named))
            .collect();
        let n = all_lists.len();
        let mut search = Search {
            slots: avail.len(),
            guards: options.guards,
            free: options.free,
            named: 0,
            wild_points: options.wild_points,
            prices,
            price_left,
            by_price,
            all_lists,
            all_reduced,
            all_sizes,
            all_bonuses,
            all_named,
            lists: Vec::new(),
            reduced: Vec::new(),
            sizes: Vec::new(),
            bonuses: Vec::new(),
            named_at: Vec::new(),
            ids: Vec::new(),
            root_bound: 0.0,
            best,
            best_chosen: greedy,
            max_nodes,
            nodes: 0,
            budget_end: None,
            chosen: Vec::new(),
            tables: Default::default(),
            seen: 2,
            dynamic: true,
            upper: 0,
            seen_target: 0,
            all: options.all,
        };
        search.levels(&(0..n).collect::<Vec<_>>());
        let mut hints = vec![0usize; 2 * n];
        search.root_bound = search.bound(0, &mut hints, f64::INFINITY);
        search.upper = (search.root_bound + EPSILON).floor() as i64;
        search
    }

    fn opt(&self, i: u32) -> &Opt {
        &self.all[i as usize]
    }

    fn levels(&mut self, levels: &[usize]) {
        self.lists = levels.iter().map(|&j| self.all_lists[j].clone()).collect();
        self.reduced = levels.iter().map(|&j| self.all_reduced[j].clone()).collect();
        self.sizes = levels.iter().map(|&j| self.all_sizes[j]).collect();
        self.bonuses = levels.iter().map(|&j| self.all_bonuses[j]).collect();
        self.named_at = levels.iter().map(|&j| self.all_named[j]).collect();
        self.ids = levels.iter().map(|&j| 1u32 << j).collect();
    }

    fn cost(&self, uses: &[(usize, i64)]) -> f64 {
        uses.iter().fold(0.0, |t, &(s, c)| t + self.prices[s] * c as f64)
    }

    fn feasible(&self, i: u32) -> bool {
        fits(self.opt(i), self.free, self.named, self.guards)
    }

    fn take(&mut self, i: u32, sign: i32) {
        let o = &self.all[i as usize];
        if sign > 0 {
            self.free = self.free.wrapping_sub(o.packed);
        } else {
            self.free = self.free.wrapping_add(o.packed);
        }
        self.named ^= o.named;
    }

    fn lagrangian(&self, start: usize, hints: &mut [usize]) -> f64 {
        let mut total = self.price_left;
        let (free, named, guards) = (self.free, self.named, self.guards);
        for j in start..self.reduced.len() {
            let reduced = &self.reduced[j];
            let mut k = hints[2 * j];
            let size = reduced.len();
            let end = if k + SCAN < size { k + SCAN } else { size };
            let mut broke = false;
            while k < end {
                let (value, i) = reduced[k];
                if value <= 0.0 {
                    broke = true;
                    break;
                }
                if fits(self.opt(i), free, named, guards) {
                    total += value;
                    broke = true;
                    break;
                }
                k += 1;
            }
            if !broke && k < size {
                let value = reduced[k].0;
                if value > 0.0 {
                    total += value;
                }
            }
            hints[2 * j] = k;
        }
        total
    }

    fn bound(&self, start: usize, hints: &mut [usize], enough: f64) -> f64 {
        let lagrangian = self.lagrangian(start, hints);
        if lagrangian < enough {
            return lagrangian;
        }
        let (free, named, guards) = (self.free, self.named, self.guards);
        let end = self.lists.len();
        let first: Vec<i64> = (start..end)
            .map(|j| {
                let k = hints[2 * j + 1];
                self.lists[j].get(k).map_or(0, |&i| self.opt(i).points)
            })
            .collect();
        let mut independent: i64 = first.iter().sum();
        if (independent as f64) < enough {
            return independent as f64;
        }
        let (mut bonus, mut slots, mut wild_slots) = (0i64, 0i64, 0i64);
        for j in start..end {
            let options = &self.lists[j];
            let mut k = hints[2 * j + 1];
            let size = options.len();
            while k < size {
                if fits(self.opt(options[k]), free, named, guards) {
                    break;
                }
                k += 1;
            }
            hints[2 * j + 1] = k;
            if k < size {
                independent += self.opt(options[k]).points - first[j - start];
                bonus += self.bonuses[j];
                if self.sizes[j] != 0 {
                    slots += self.sizes[j];
                    wild_slots += 1;
                }
            } else {
                independent -= first[j - start];
            }
            if (independent as f64) < enough {
                return independent as f64;
            }
        }
        let cards = bonus + self.best_cards(slots, wild_slots);
        // min(lagrangian, independent, cards): the values only matter.
        lagrangian.min(independent as f64).min(cards as f64)
    }

    fn best_cards(&self, mut slots: i64, wild_slots: i64) -> i64 {
        let (free, wild) = (self.free, self.wild_points);
        let mut value = self.slots as i64 - 2;
        let shadows = ((free >> (FIELD as i64 * (value + 1))) & MASK) as i64;
        let mut tens = if wild_slots < shadows { wild_slots } else { shadows };
        let mut total = 0i64;
        while value >= 0 {
            if tens != 0 && value < wild {
                if tens >= slots {
                    return total + slots * wild;
                }
                total += tens * wild;
                slots -= tens;
                tens = 0;
            }
            let count = ((free >> (FIELD as i64 * value)) & MASK) as i64;
            if count >= slots {
                return total + slots * value;
            }
            total += count * value;
            slots -= count;
            value -= 1;
        }
        total + (if tens < slots { tens } else { slots }) * wild
    }

    fn count(&mut self) -> Step {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Halt::Limit);
        }
        if self.budget_end.is_some_and(|end| self.nodes > end) {
            return Err(Halt::Budget);
        }
        Ok(())
    }

    /// `solve`.
    fn solve(&mut self) {
        self.upper = (self.root_bound + EPSILON).floor() as i64;
        let n = self.all_lists.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (-self.all_reduced[a][0].0, -self.all_reduced[b][0].0);
            x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal)
        });
        self.tables[0].clear();
        self.tables[1].clear();
        self.seen_target = self.upper;
        let _ = self.solve_steps(&order);
    }

    fn solve_steps(&mut self, order: &[usize]) -> Step {
        self.passes(order, 2000, Some(1), 1)?;
        if self.best < self.upper {
            self.improve(self.upper)?;
        }
        self.passes(order, 4000, None, self.upper)
    }

    fn passes(&mut self, order: &[usize], mut budget: u64, mut rounds: Option<u64>, mut step: i64) -> Step {
        // ways: (dynamic True, share 2), (dynamic False, share 1).
        const WAYS: [(bool, u64); 2] = [(true, 2), (false, 1)];
        while self.best < self.upper && rounds != Some(0) {
            let target = (self.best + 1).max(self.upper - step + 1);
            if target < self.seen_target {
                self.tables[0].clear();
                self.tables[1].clear();
            }
            self.seen_target = target;
            let mut found = None;
            let mut broke = false;
            for (t, &(dynamic, share)) in WAYS.iter().enumerate() {
                self.dynamic = dynamic;
                found = self.exact(order, target, (budget / share).max(1), t)?;
                self.dynamic = true;
                if found.is_some() || self.best >= target {
                    broke = true;
                    break;
                }
            }
            if !broke {
                budget *= 2;
                rounds = rounds.map(|r| r - 1);
            }
            match found {
                Some(true) => self.upper = self.best,
                Some(false) => {
                    self.upper = target - 1;
                    step *= 2;
                }
                None => {}
            }
        }
        Ok(())
    }

    fn improve(&mut self, goal: i64) -> Step {
        let levels = self.all_lists.len();
        let mut improved = true;
        while improved {
            improved = false;
            for size in [2usize, 3, 4, 5] {
                let all: Vec<usize> = (0..levels).collect();
                let mut subsets = Vec::new();
                combinations(&all, size, |s| subsets.push(s.to_vec()));
                for subset in subsets {
                    if self.resolve(&subset)? {
                        improved = true;
                        if self.best >= goal {
                            return Ok(());
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn resolve(&mut self, subset: &[usize]) -> Result<bool, Halt> {
        let mine: Vec<u8> = subset
            .iter()
            .map(|&j| self.opt(self.all_lists[j][0]).objective)
            .collect();
        let kept: Vec<u32> = self
            .best_chosen
            .iter()
            .copied()
            .filter(|&i| !mine.contains(&self.opt(i).objective))
            .collect();
        let part: Vec<u32> = self
            .best_chosen
            .iter()
            .copied()
            .filter(|&i| mine.contains(&self.opt(i).objective))
            .collect();
        let score = self.best;
        let base: i64 = part.iter().map(|&i| self.opt(i).points).sum();
        for &i in &kept {
            self.take(i, 1);
            self.price_left -= self.cost(&self.all[i as usize].uses.clone());
        }
        self.levels(subset);
        self.best = base;
        self.best_chosen = part;
        self.tables[2].clear();
        self.seen = 2;
        let result = self.run(0, 0);
        let improved = self.best > base;
        self.best += score - base; // score - base + best: integers
        let mut chosen = kept.clone();
        chosen.extend_from_slice(&self.best_chosen);
        self.best_chosen = chosen;
        let n = self.all_lists.len();
        self.levels(&(0..n).collect::<Vec<_>>());
        for &i in &kept {
            self.take(i, -1);
            self.price_left += self.cost(&self.all[i as usize].uses.clone());
        }
        result.map(|()| improved)
    }

    fn exact(
        &mut self,
        order: &[usize],
        target: i64,
        budget: u64,
        table: usize,
    ) -> Result<Option<bool>, Halt> {
        let (score, chosen) = (self.best, self.best_chosen.clone());
        let (free, named, price_left) = (self.free, self.named, self.price_left);
        self.levels(order);
        self.best = target - 1;
        self.seen = table;
        self.budget_end = Some(self.nodes + budget);
        let result = self.run(0, 0);
        if self.best < target {
            self.best = score;
            self.best_chosen = chosen;
        }
        self.free = free;
        self.named = named;
        self.price_left = price_left;
        self.chosen.clear();
        self.budget_end = None;
        match result {
            Err(Halt::Budget) => Ok(None),
            Err(Halt::Limit) => Err(Halt::Limit),
            Ok(()) => Ok(Some(self.best >= target)),
        }
    }

    fn remaining_relevant(&self, from: usize) -> (u32, u128) {
        let (mut remaining, mut relevant) = (0u32, 0u128);
        for j in from..self.ids.len() {
            remaining |= self.ids[j];
            relevant |= self.named_at[j];
        }
        (remaining, relevant)
    }

    fn run(&mut self, level: usize, score: i64) -> Step {
        self.count()?;
        let (remaining, relevant) = self.remaining_relevant(level);
        let key = (remaining, self.free, self.named & relevant);
        let before = self.tables[self.seen].get(&key).copied().unwrap_or(-1);
        if before >= score {
            return Ok(());
        }
        self.tables[self.seen].insert(key, score);
        let result = self.explore(level, score);
        if let Err(Halt::Budget) = result {
            self.tables[self.seen].insert(key, before);
        }
        result
    }

    fn explore(&mut self, level: usize, score: i64) -> Step {
        if score > self.best {
            self.best = score;
            self.best_chosen = self.chosen.clone();
        }
        let n = self.lists.len();
        if level == n {
            return Ok(());
        }
        if level + 2 == n {
            return self.last_two(level, score);
        }
        let mut goal = (self.best + 1) as f64 - EPSILON;
        let Some((reduced, lists, plan)) = self.narrow(level, score as f64 + self.price_left - goal) else {
            return Ok(());
        };
        let saved_reduced = self.reduced.clone();
        let saved_lists = self.lists.clone();
        self.reduced.truncate(level);
        self.reduced.extend(reduced.into_iter().map(Rc::new));
        self.lists.truncate(level);
        self.lists.extend(lists.into_iter().map(Rc::new));
        let mut hints = vec![0usize; 2 * self.lists.len()];
        let result = (|| -> Step {
            match plan {
                Plan::Level(j) => {
                    self.swap(level, j, &mut hints);
                    let r = self.branch(level, score, &mut hints, goal);
                    self.swap(level, j, &mut hints);
                    r
                }
                Plan::Children(children) => {
                    for (j, value, i) in children {
                        self.swap(level, j, &mut hints);
                        let r = (|| -> Step {
                            self.take(i, 1);
                            let points = self.opt(i).points;
                            let cost = points as f64 - value;
                            self.price_left -= cost;
                            let mut child = hints.clone();
                            let total = score + points;
                            if total as f64 + self.bound(level + 1, &mut child, goal - total as f64) >= goal {
                                self.chosen.push(i);
                                self.run_with(level + 1, total, child)?;
                                self.chosen.pop();
                                goal = (self.best + 1) as f64 - EPSILON;
                            }
                            self.price_left += cost;
                            self.take(i, -1);
                            Ok(())
                        })();
                        self.swap(level, j, &mut hints);
                        r?;
                    }
                    Ok(())
                }
            }
        })();
        self.reduced = saved_reduced;
        self.lists = saved_lists;
        result
    }

    /// `run` with the hints the caller computed (they are not read by `_explore`).
    fn run_with(&mut self, level: usize, score: i64, _hints: Vec<usize>) -> Step {
        self.run(level, score)
    }

    fn swap(&mut self, i: usize, j: usize, hints: &mut [usize]) {
        if i == j {
            return;
        }
        self.lists.swap(i, j);
        self.reduced.swap(i, j);
        self.sizes.swap(i, j);
        self.bonuses.swap(i, j);
        self.named_at.swap(i, j);
        self.ids.swap(i, j);
        hints.swap(2 * i, 2 * j);
        hints.swap(2 * i + 1, 2 * j + 1);
    }

    #[allow(clippy::type_complexity)]
    fn narrow(&self, level: usize, mut slack: f64) -> Option<(Vec<Vec<(f64, u32)>>, Vec<Vec<u32>>, Plan)> {
        let (free, named, guards) = (self.free, self.named, self.guards);
        let end = self.reduced.len();
        let mut firsts = Vec::with_capacity(end - level);
        let mut tops = Vec::with_capacity(end - level);
        for j in level..end {
            let (mut k, mut top) = (0usize, 0.0f64);
            for &(value, i) in self.reduced[j].iter() {
                if fits(self.opt(i), free, named, guards) {
                    if value > 0.0 {
                        top = value;
                        slack += value;
                    }
                    break;
                }
                k += 1;
            }
            firsts.push(k);
            tops.push(top);
        }
        if slack < 0.0 {
            return None;
        }
        let mut forced = 0u128;
        let mut forced_slots = Vec::new();
        if self.dynamic {
            for &(price, slot) in &self.by_price {
                if price <= slack + EPSILON {
                    break;
                }
                if (free >> (FIELD * slot as u32)) & MASK != 0 {
                    forced |= MASK << (FIELD * slot as u32);
                    forced_slots.push(slot);
                }
            }
        }
        let mut cover = vec![0usize; self.slots];
        let mut fewest = usize::MAX; // math.inf
        let mut best = level;
        let mut reduced = Vec::with_capacity(end - level);
        let mut lists = Vec::with_capacity(end - level);
        for (ii, j) in (level..end).enumerate() {
            let least = tops[ii] - slack;
            let red = &self.reduced[j];
            let cut = if red.is_empty() || red[red.len() - 1].0 >= least {
                red.len()
            } else {
                // bisect_right(red, -least, firsts[ii], key=-value)
                let x = -least;
                let (mut lo, mut hi) = (firsts[ii], red.len());
                while lo < hi {
                    let mid = (lo + hi) / 2;
                    if x < -red[mid].0 {
                        hi = mid;
                    } else {
                        lo = mid + 1;
                    }
                }
                lo
            };
            let here: Vec<(f64, u32)> = if firsts[ii] < cut {
                red[firsts[ii]..cut]
                    .iter()
                    .copied()
                    .filter(|&(_, i)| fits(self.opt(i), free, named, guards))
                    .collect()
            } else {
                Vec::new()
            };
            if forced != 0 {
                for &(_, i) in &here {
                    let o = self.opt(i);
                    if o.packed & forced != 0 {
                        for &(slot, _) in &o.uses {
                            cover[slot] += 1;
                        }
                    }
                }
            }
            let mut by_points: Vec<u32> = here.iter().map(|&(_, i)| i).collect();
            by_points.sort_by_key(|&i| -self.opt(i).points);
            let count = here.len() + usize::from(least <= 0.0);
            reduced.push(here);
            lists.push(by_points);
            if count < fewest {
                fewest = count;
                best = j;
            }
        }
        if !self.dynamic {
            return Some((reduced, lists, Plan::Level(level)));
        }
        let mut chosen = None;
        forced_slots.sort_unstable();
        for &slot in &forced_slots {
            if cover[slot] < fewest {
                fewest = cover[slot];
                chosen = Some(slot);
            }
        }
        let Some(chosen) = chosen else {
            return Some((reduced, lists, Plan::Level(best)));
        };
        if fewest == 0 {
            return None;
        }
        let mut children = Vec::new();
        for (j, here) in reduced.iter().enumerate() {
            for &(value, i) in here {
                if (self.opt(i).packed >> (FIELD * chosen as u32)) & MASK != 0 {
                    children.push((j + level, value, i));
                }
            }
        }
        Some((reduced, lists, Plan::Children(children)))
    }

    fn branch(&mut self, level: usize, score: i64, hints: &mut [usize], mut goal: f64) -> Step {
        let rest = self.lagrangian(level + 1, hints);
        let (remaining, relevant) = self.remaining_relevant(level + 1);
        let items = self.reduced[level].clone();
        for &(value, i) in items.iter() {
            if score as f64 + value + rest < goal {
                break;
            }
            let (points, packed, onamed) = {
                let o = self.opt(i);
                (o.points, o.packed, o.named)
            };
            self.free = self.free.wrapping_sub(packed);
            self.named ^= onamed;
            let cost = points as f64 - value;
            self.price_left -= cost;
            let mut child = hints.to_vec();
            let key = (remaining, self.free, self.named & relevant);
            if self.tables[self.seen].get(&key).copied().unwrap_or(-1) >= score + points {
                self.count()?;
            } else if ((score + points) as f64)
                + self.bound(level + 1, &mut child, goal - score as f64 - points as f64)
                >= goal
            {
                self.chosen.push(i);
                self.run(level + 1, score + points)?;
                self.chosen.pop();
                goal = (self.best + 1) as f64 - EPSILON;
            }
            self.price_left += cost;
            self.free = self.free.wrapping_add(packed);
            self.named ^= onamed;
        }
        let key = (remaining, self.free, self.named & relevant);
        if self.tables[self.seen].get(&key).copied().unwrap_or(-1) >= score {
            self.count()?;
        } else {
            let mut copy = hints.to_vec();
            if score as f64 + self.bound(level + 1, &mut copy, goal - score as f64) >= goal {
                self.run(level + 1, score)?;
            }
        }
        Ok(())
    }

    fn last_two(&mut self, level: usize, score: i64) -> Step {
        let firsts = self.reduced[level].clone();
        let seconds = self.lists[level + 1].clone();
        let alone = seconds.iter().copied().find(|&o| self.feasible(o));
        let best_alone = alone.map_or(0, |o| self.opt(o).points);
        if let Some(a) = alone {
            if score + best_alone > self.best {
                self.best = score + best_alone;
                let mut c = self.chosen.clone();
                c.push(a);
                self.best_chosen = c;
            }
        }
        let second = self.reduced[level + 1]
            .iter()
            .find(|&&(v, o)| v <= 0.0 || self.feasible(o))
            .map_or(0.0, |&(v, _)| v);
        let rest = score as f64 + self.price_left + if 0.0 > second { 0.0 } else { second };
        for &(value, i) in firsts.iter() {
            if rest + value < (self.best + 1) as f64 - EPSILON {
                break;
            }
            let points = self.opt(i).points;
            if score + points + best_alone <= self.best || !self.feasible(i) {
                continue;
            }
            self.count()?;
            self.take(i, 1);
            let mut total = score + points;
            let mut picked = vec![i];
            for &other in seconds.iter() {
                let p = self.opt(other).points;
                if total + p <= self.best {
                    break;
                }
                if self.feasible(other) {
                    total += p;
                    picked.push(other);
                    break;
                }
            }
            self.take(i, -1);
            if total > self.best {
                self.best = total;
                let mut c = self.chosen.clone();
                c.extend_from_slice(&picked);
                self.best_chosen = c;
            }
        }
        Ok(())
    }
}

/// A combination of the answer: its objective and cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combination {
    /// The objective (scorecard index).
    pub objective: u8,
    /// Its cards.
    pub cards: Cards,
}

/// `search_validation(cards, wanted, config, max_nodes=max_nodes).combinations`:
/// `collection` holds family cards only, `wanted` the objectives in scorecard order.
/// The combinations come in scorecard order.
pub fn search_validation(
    collection: Cards,
    wanted: &[u8],
    config: &Config,
    max_nodes: u64,
) -> Vec<Combination> {
    let cards = ranks(collection, config.max_value);
    let options = Options::new(cards, wanted, config);
    if options.by_objective.is_empty() {
        return Vec::new();
    }
    // `concrete` needs the cards by value and the Shadows: kept before the search takes
    // the options.
    let by_value = options.cards.by_value.clone();
    let shadows = options.cards.shadows.clone();
    let mut search = Search::new(options, max_nodes);
    search.solve();
    let chosen: Vec<Opt> = search
        .best_chosen
        .iter()
        .map(|&i| search.all[i as usize].clone())
        .collect();
    concrete(&by_value, &shadows, chosen)
}

/// `concrete`: the named cards first, the lowest free cards of each anonymous value,
/// the lowest free Shadows as wilds; in scorecard order.
fn concrete(by_value: &[Vec<u8>], shadows: &[u8], mut chosen: Vec<Opt>) -> Vec<Combination> {
    let named = chosen.iter().fold(0u128, |t, o| t | o.named);
    let mut free: Vec<Vec<u8>> = by_value
        .iter()
        .map(|g| g.iter().copied().filter(|&r| named >> r & 1 == 0).collect())
        .collect();
    let mut shadows: Vec<u8> = shadows.iter().copied().filter(|&r| named >> r & 1 == 0).collect();
    chosen.sort_by_key(|o| o.objective);
    let mut out = Vec::new();
    for o in &chosen {
        let mut cards: Cards = o.named;
        for &(v, count) in &o.anonymous {
            let group = &mut free[usize::from(v)];
            let n = usize::from(count).min(group.len());
            for r in group.drain(..n) {
                cards |= 1 << r;
            }
        }
        let n = o.wilds.min(shadows.len());
        for r in shadows.drain(..n) {
            cards |= 1 << r;
        }
        out.push(Combination {
            objective: o.objective,
            cards,
        });
    }
    out
}
