//! The heuristic Num Wars bot (`numwars.strategy.bots.HeuristicBot`, with the strategy
//! modules it uses: `card_values` and `inference`), choosing exactly what the Python bot
//! chooses from the same seed and the same calls.
//!
//! Every function below is the Python function of the same name, its float arithmetic
//! in the same order (Python floats are `f64`; `x ** k` is libm's `pow`, as `powf`).
//!
//! **What the bot reads.** The Python bot sees `observe(state, seat)`; here the policy
//! gets the whole state and reads only these fields of it, which are the observation's:
//! `hands[me]` (`hand`), the sizes of `hands` (`hand_sizes`), `leader`, `trick`, `won`,
//! `pairs` (`pairs`, both halves of each stolen pair), `bomb`, `capturer`, `lots[me]`
//! (`role`), `config`, and `shown`. The observation's `log` (who played which card)
//! feeds the Python `Tracker`, which finds in it the suits each seat has shown it lacks
//! and the seats that have shown they hold no special; the core's state keeps exactly
//! those facts of the round's plays in [`State::shown`] (kept by `apply`, read from
//! the Python log by `state_from_py`), so the bot is exact from any state: a new game,
//! a new round or inside one.
//!
//! **Order of a Python set.** `follower_worth` sums over `Knowledge.by_suit`, built by
//! iterating a `frozenset` of cards, whose order follows the cards' hashes; a card's
//! hash includes its `Family`'s, which is `object.__hash__` (the object's address): the
//! Python order changes from one process to the next. The sum is taken here in card
//! order; two orders can differ only in the last bits of that sum, which changes a choice
//! only where two scores lie within an ulp of the tie margin (1e-9) of each other.

use crate::game::Policy;
use crate::numwars::cards::{
    cards_of, Card, Cards, Config, Deck, Role, BOMB_AT, JOKER_AT, MAX_PLAYERS, NUM_X_AT, QUANTUM_AT, SHADOW,
    TRUMP,
};
use crate::numwars::encoding::Play;
use crate::numwars::state::{Fate, Shown, State, STOLEN};
use crate::numwars::tricks::{bomb_fate, is_steal, led_key, partner, winner};
use crate::numwars::NumWars;
use crate::rng::{Mt, Seed};

const SPITE: f64 = 0.4;
const FOLLOW_BEAT: f64 = 0.8;
const SHADOW_RATE: f64 = 0.5;
const DROP_RATE: f64 = 0.3;
const VOID_PULL: f64 = 3.0;
const PATIENCE_CAP: f64 = 0.5;
const PATIENCE_SPARE: f64 = 0.12;
const PATIENCE_CARD: f64 = 0.025;
const GUARD: f64 = 10.0;
const QUANTUM_KEEP: f64 = 25.0;
const JOKER_KEEP: f64 = 6.0;
/// `card_values.COMPLETE_HOPE`.
const COMPLETE_HOPE: f64 = 0.3;
const KEEP_CLASSIC: f64 = 6.0;
const KEEP_TRUMP: f64 = 4.0;
const KEEP_TRUMP_RANK: f64 = 8.0;

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

    /// `HeuristicBot.act`: the index of the pick among `actions`.
    pub fn choose(&mut self, state: &State, seat: usize, actions: &[Play]) -> usize {
        if actions.len() <= 1 {
            return 0;
        }
        let mut sit = Situation::new(state, seat, &state.shown);
        let scored: Vec<f64> = actions.iter().map(|a| sit.card_score(a.card)).collect();
        let best = scored
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, |m, s| if s > m { s } else { m });
        let ties: Vec<usize> = (0..scored.len()).filter(|&i| scored[i] >= best - 1e-9).collect();
        if ties.len() == 1 {
            ties[0]
        } else {
            ties[self.rng.below(ties.len() as u32) as usize]
        }
    }
}

impl Policy<NumWars> for Heuristic {
    fn act(&mut self, state: &State, seat: usize, actions: &[Play], _optional: bool) -> Option<usize> {
        Some(self.choose(state, seat, actions))
    }
}

/// `holds_any`: the chance that `hand` cards drawn from `hidden` include one of
/// `how_many` given ones.
fn holds_any(how_many: usize, hand: usize, hidden: usize) -> f64 {
    if how_many == 0 || hand == 0 || hidden == 0 {
        return 0.0;
    }
    if how_many + hand > hidden {
        return 1.0;
    }
    let mut miss = 1.0;
    for j in 0..hand {
        miss *= (hidden - how_many - j) as f64 / (hidden - j) as f64;
    }
    1.0 - miss
}

/// Python's `min(a, b)` of two floats.
fn min(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

fn count(cards: Cards) -> usize {
    cards.count_ones() as usize
}

/// `value_worth`: the points of `count` cards of `value`, plus the hope of growing a
/// pair or a triple.
fn value_worth(config: &Config, value: usize, count: u32, still_out: i64) -> f64 {
    let mut points = config.value_points(value, count) as f64;
    if (2..4).contains(&count) && still_out > 0 {
        let growth = config.value_points(value, count + 1) as f64 - points;
        if growth > 0.0 {
            points += (1.0 - (1.0 - COMPLETE_HOPE).powf(still_out as f64)) * growth;
        }
    }
    points
}

/// A won pile (or the cards still out) as classic counts by value.
type Counts = [u8; 17];

/// `pile_gain`: what adding `cards` to a pile of classic counts `pile` is worth to its
/// owner (with `still_out`: the hope of growing a pair too). The values in the order
/// they first appear in `cards` (`classic_counts`' dict).
fn pile_gain(config: &Config, pile: &Counts, cards: &[Card], still_out: Option<&Counts>) -> f64 {
    let deck = config.deck();
    let mut values = [0usize; MAX_PLAYERS + 1];
    let mut added = [0u32; MAX_PLAYERS + 1];
    let mut len = 0;
    for &card in cards {
        if card == STOLEN || !matches!(deck.family_of(card), Some(f) if f < TRUMP) {
            continue;
        }
        let value = deck.value_of(card);
        match values[..len].iter().position(|&v| v == value) {
            Some(i) => added[i] += 1,
            None => {
                values[len] = value;
                added[len] = 1;
                len += 1;
            }
        }
    }
    let mut gain = 0.0;
    for i in 0..len {
        let (value, added) = (values[i], added[i]);
        let held = u32::from(pile[value]);
        let out = still_out.map_or(0, |o| (i64::from(o[value]) - i64::from(added)).max(0));
        let before = value_worth(config, value, held, out + i64::from(added));
        gain += value_worth(config, value, held + added, out) - before;
    }
    gain
}

/// `bomb_bonus`: the role points the Bomb's `fate` brings a seat of `role`.
fn bomb_bonus(config: &Config, role: Role, fate: Fate, capturer_is_me: bool, protector_is_me: bool) -> i64 {
    let b = &config.bonus;
    let points = if protector_is_me {
        i64::from(b.joker_protects)
    } else {
        0
    };
    if role == Role::Bomber {
        if fate == Fate::Kept {
            return points + i64::from(b.bomb_kept);
        }
        return points
            + if fate == Fate::Protected {
                i64::from(b.bomb_protected)
            } else {
                0
            };
    }
    if !capturer_is_me {
        return points;
    }
    match role {
        Role::Deminer => points + i64::from(b.deminer_captures),
        Role::Civilian => points + i64::from(b.civilian_captures),
        Role::NumX => points + i64::from(b.num_x_captures) - i64::from(b.num_x_spared),
        _ => points,
    }
}

/// `Situation` with its `Knowledge`: one decision of seat `me`.
struct Situation<'a> {
    config: &'a Config,
    deck: &'static Deck,
    n: usize,
    me: usize,
    role: Role,
    leader: usize,
    trick: &'a [Card],
    hand: Cards,
    capturer: Option<u8>,
    bomb: Option<Fate>,
    // Knowledge
    unseen: Cards,
    hidden: usize,
    hand_sizes: [usize; MAX_PLAYERS],
    shown: &'a Shown,
    later: Vec<usize>,
    // Situation
    piles: [Counts; MAX_PLAYERS],
    out: Counts,
    pulls: [f64; 4],
    spares: usize,
    guard: f64,
    follow_worth: [Option<f64>; 4],
    // The specials.
    joker: Card,
    quantum: Card,
    num_x: Card,
    bomb_card: Card,
}

impl<'a> Situation<'a> {
    /// `situation(observation, tracker)`, reading only the observation's fields.
    fn new(state: &'a State, me: usize, shown: &'a Shown) -> Situation<'a> {
        let config = &state.config;
        let deck = config.deck();
        let n = config.n();
        let hand = state.hands[me];
        // `read`: seen are the won piles, the pairs, the trick and the hand.
        let mut seen = hand | state.trick_cards();
        for s in 0..n {
            seen |= state.won[s] | deck.trumps_of(state.pairs[s]);
        }
        let all: Cards = (1 << deck.size) - 1;
        let unseen = all & !seen;
        let mut hand_sizes = [0; MAX_PLAYERS];
        let mut piles = [[0u8; 17]; MAX_PLAYERS];
        for s in 0..n {
            hand_sizes[s] = count(state.hands[s]);
            for (pile, column) in piles[s].iter_mut().zip(&deck.column[..deck.span]) {
                *pile = count(state.won[s] & column) as u8;
            }
        }
        let mut out = [0u8; 17];
        for (v, o) in out.iter_mut().enumerate().take(deck.span) {
            *o = count((unseen | hand) & deck.column[v]) as u8;
        }
        let position = state.trick_len as usize;
        let leader = state.leader as usize;
        let later = (position + 1..n).map(|k| (leader + k) % n).collect();
        let role = config
            .role_of(state.lots[me])
            .expect("a seat's lot card gives its role");
        let mut sit = Situation {
            config,
            deck,
            n,
            me,
            role,
            leader,
            trick: state.trick(),
            hand,
            capturer: state.capturer,
            bomb: state.bomb,
            unseen,
            hidden: count(unseen),
            hand_sizes,
            shown,
            later,
            piles,
            out,
            pulls: [0.0; 4],
            spares: 0,
            guard: 0.0,
            follow_worth: [None; 4],
            joker: deck.special(JOKER_AT),
            quantum: deck.special(QUANTUM_AT),
            num_x: deck.special(NUM_X_AT),
            bomb_card: deck.special(BOMB_AT),
        };
        sit.pulls = sit.void_pulls();
        sit.spares = sit.spare_cards();
        sit.guard = sit.trump_guard();
        sit
    }

    fn has(&self, cards: Cards, card: Card) -> bool {
        cards & (1 << card) != 0
    }

    // --- Knowledge -------------------------------------------------------------------

    fn suit_cards(&self, suit: usize) -> Cards {
        self.unseen & self.deck.suit[suit]
    }

    fn holds(&self, seat: usize, how_many: usize) -> f64 {
        holds_any(how_many, self.hand_sizes[seat], self.hidden)
    }

    fn void_chance(&self, seat: usize, suit: Option<usize>) -> f64 {
        match suit {
            None => 1.0,
            Some(s) if self.shown.void(seat, s) => 1.0,
            Some(s) => 1.0 - self.holds(seat, count(self.suit_cards(s))),
        }
    }

    fn special_chance(&self, seat: usize, cards: &[Card]) -> f64 {
        if self.shown.no_special(seat) {
            return 0.0;
        }
        let unseen = cards.iter().filter(|&&c| self.has(self.unseen, c)).count();
        self.holds(seat, unseen)
    }

    fn bomb_pending(&self) -> bool {
        self.has(self.unseen, self.bomb_card)
    }

    // --- the card --------------------------------------------------------------------

    fn is_classic(&self, card: Card) -> bool {
        card != STOLEN && self.deck.family_of(card).is_some_and(|f| f < TRUMP)
    }

    fn is_family(&self, card: Card) -> bool {
        self.deck.family_of(card).is_some()
    }

    fn suit_of(&self, card: Card) -> Option<usize> {
        self.deck.key(card)
    }

    fn value(&self, card: Card) -> usize {
        self.deck.value_of(card)
    }

    /// `card_score`: the expected worth of playing `card` now, less its worth kept.
    fn card_score(&mut self, card: Card) -> f64 {
        let steal = is_steal(self.deck, self.trick, card);
        let after = self.trick_after(card, steal);
        let win = self.win_chance(&after, card);
        let mut score = win * (self.prize(&after) + self.consolation(&after) + self.denial());
        score -= SPITE * self.gift(&after, card, win);
        if steal {
            score += self.value(card) as f64;
        } else {
            score -= SPITE * self.steal_exposure(card);
        }
        score += self.bomb_term(&after, card);
        score - self.keep_value(card)
    }

    fn trick_after(&self, card: Card, steal: bool) -> Vec<Card> {
        let mut after = self.trick.to_vec();
        if steal {
            let other = partner(self.deck, card);
            for c in after.iter_mut() {
                if Some(*c) == other {
                    *c = STOLEN;
                }
            }
            after.push(STOLEN);
        } else {
            after.push(card);
        }
        after
    }

    // --- winning the trick -----------------------------------------------------------

    fn win_chance(&self, after: &[Card], card: Card) -> f64 {
        if winner(self.deck, after, self.leader, self.n) != self.me {
            return 0.0;
        }
        if self.later.is_empty() {
            return 1.0;
        }
        if !after.contains(&card) {
            return 0.0; // a steal by the leader: only the leader rule keeps the trick
        }
        let suit = led_key(self.deck, after);
        let mut hold = 1.0;
        for &seat in &self.later {
            hold *= 1.0 - self.beat_chance(seat, card, suit);
        }
        hold
    }

    fn beat_chance(&self, seat: usize, card: Card, suit: Option<usize>) -> f64 {
        if !self.is_family(card) {
            return if card == self.num_x { 0.0 } else { 0.9 };
        }
        let numx = self.special_chance(seat, &[self.num_x]);
        let void = self.void_chance(seat, suit);
        let trumps = self.suit_cards(TRUMP);
        let value = self.value(card);
        if self.suit_of(card) == Some(TRUMP) {
            let above = cards_of(trumps).filter(|&t| self.value(t) > value).count();
            let higher = self.holds(seat, above);
            let stolen = self.steal_chance(seat, card);
            if suit == Some(TRUMP) {
                return min(1.0, higher + stolen + numx * self.void_chance(seat, Some(TRUMP)));
            }
            return min(1.0, void * (higher + numx) + stolen);
        }
        let suit = suit.expect("a classic card wins only a suited trick");
        let above = cards_of(self.suit_cards(suit))
            .filter(|&c| self.value(c) > value)
            .count();
        let higher = self.holds(seat, above);
        let cut = self.holds(seat, count(trumps)) + numx;
        min(1.0, FOLLOW_BEAT * higher + void * cut)
    }

    fn steal_chance(&self, seat: usize, card: Card) -> f64 {
        match partner(self.deck, card) {
            Some(p) if self.has(self.unseen, p) => self.hand_sizes[seat] as f64 / self.hidden as f64,
            _ => 0.0,
        }
    }

    fn steal_exposure(&self, card: Card) -> f64 {
        if self.suit_of(card) != Some(TRUMP) {
            return 0.0;
        }
        let mut chance = 0.0;
        for &seat in &self.later {
            chance += self.steal_chance(seat, card);
        }
        min(chance, 1.0) * self.value(card) as f64
    }

    // --- what the trick is worth -----------------------------------------------------

    fn prize(&mut self, after: &[Card]) -> f64 {
        let gain = pile_gain(self.config, &self.piles[self.me], after, Some(&self.out));
        let suit = match led_key(self.deck, after) {
            None | Some(TRUMP) => return gain,
            Some(suit) => suit,
        };
        let mut follow = 0.0;
        for &seat in &self.later {
            follow += 1.0 - self.void_chance(seat, Some(suit));
        }
        gain + follow * self.follower_worth(suit)
    }

    fn follower_worth(&mut self, suit: usize) -> f64 {
        if let Some(cached) = self.follow_worth[suit] {
            return cached;
        }
        let cards = self.suit_cards(suit);
        let pile = &self.piles[self.me];
        let worth = if cards == 0 {
            0.0
        } else {
            // Card order here; the Python order is the frozenset's (see the module doc).
            let mut sum = 0.0;
            for c in cards_of(cards) {
                sum += pile_gain(self.config, pile, &[c], Some(&self.out));
            }
            sum / count(cards) as f64
        };
        self.follow_worth[suit] = Some(worth);
        worth
    }

    fn denial(&self) -> f64 {
        if !self.trick.iter().any(|&c| self.is_classic(c)) {
            return 0.0;
        }
        let rival = winner(self.deck, self.trick, self.leader, self.n);
        SPITE * pile_gain(self.config, &self.piles[rival], self.trick, None)
    }

    fn gift(&self, after: &[Card], card: Card, win: f64) -> f64 {
        if !self.is_classic(card) || win >= 1.0 {
            return 0.0;
        }
        let taker = winner(self.deck, after, self.leader, self.n);
        if taker != self.me {
            return pile_gain(self.config, &self.piles[taker], &[card], None);
        }
        let mut sum = 0.0;
        for &seat in &self.later {
            sum += pile_gain(self.config, &self.piles[seat], &[card], None);
        }
        let mean = sum / self.later.len() as f64;
        (1.0 - win) * mean
    }

    fn consolation(&self, after: &[Card]) -> f64 {
        if self.role != Role::Deminer || !after.contains(&self.joker) {
            return 0.0;
        }
        if self.capturer == Some(self.me as u8) {
            return 0.0;
        }
        let consolation = f64::from(self.config.bonus.deminer_consolation);
        consolation * if self.bomb.is_some() { 1.0 } else { 0.5 }
    }

    // --- the Bomb --------------------------------------------------------------------

    fn bomb_term(&self, after: &[Card], card: Card) -> f64 {
        let b = &self.config.bonus;
        if !after.contains(&self.bomb_card) {
            if card == self.num_x && self.bomb_pending() {
                return -self.drop_chance() * f64::from(b.num_x_spared - b.num_x_captures);
            }
            return 0.0;
        }
        let (fate, capturer, protector) = bomb_fate(self.deck, after, self.leader, self.n);
        let me = Some(self.me as u8);
        let value = bomb_bonus(self.config, self.role, fate, capturer == me, protector == me) as f64;
        if card == self.joker && fate == Fate::Kept {
            return f64::from(b.joker_protects) * self.threat_arrival(after);
        }
        if value <= 0.0 {
            return value; // a penalty sticks: later cards do not undo a capture
        }
        if fate == Fate::Captured {
            return value * (1.0 - self.rescue_arrival(after));
        }
        value * (1.0 - self.threat_arrival(after))
    }

    fn threat_arrival(&self, after: &[Card]) -> f64 {
        let suit = led_key(self.deck, after);
        let mut safe = 1.0;
        for &seat in &self.later {
            safe *= 1.0 - self.threat_chance(seat, suit);
        }
        1.0 - safe
    }

    fn threat_chance(&self, seat: usize, suit: Option<usize>) -> f64 {
        let specials = self.special_chance(seat, &[self.num_x, self.quantum]);
        let shadow_cards = self.suit_cards(TRUMP) & self.deck.family[SHADOW];
        let shadows = self.holds(seat, count(shadow_cards));
        if suit == Some(TRUMP) {
            return min(
                1.0,
                specials * self.void_chance(seat, Some(TRUMP)) + SHADOW_RATE * shadows,
            );
        }
        let void = self.void_chance(seat, suit);
        min(1.0, void * (specials + SHADOW_RATE * shadows))
    }

    fn rescue_arrival(&self, after: &[Card]) -> f64 {
        let suit = led_key(self.deck, after);
        let mut safe = 1.0;
        for &seat in &self.later {
            let void = self.void_chance(seat, suit);
            safe *= 1.0 - void * self.special_chance(seat, &[self.joker, self.num_x]);
        }
        1.0 - safe
    }

    fn drop_chance(&self) -> f64 {
        let suit = led_key(self.deck, self.trick);
        let mut chance = 0.0;
        for &seat in &self.later {
            chance += self.void_chance(seat, suit) * self.special_chance(seat, &[self.bomb_card]);
        }
        DROP_RATE * min(chance, 1.0)
    }

    // --- what a card is worth kept ---------------------------------------------------

    fn keep_value(&self, card: Card) -> f64 {
        if let Some(suit) = self.suit_of(card) {
            if suit == TRUMP {
                return self.family_keep(card) + self.guard;
            }
            return self.family_keep(card) - self.pulls[suit];
        }
        let hand = count(self.hand);
        let pending = self.bomb_pending();
        if card == self.bomb_card {
            return f64::from(self.config.bonus.bomb_kept) * bomb_patience(hand, self.spares);
        }
        if card == self.num_x {
            return min(18.0, 4.0 + 0.7 * hand as f64);
        }
        if card == self.quantum {
            return if pending { QUANTUM_KEEP } else { 0.0 };
        }
        if card == self.joker {
            return if pending { JOKER_KEEP } else { 0.0 };
        }
        0.0
    }

    /// `card_values.suit_strength`.
    fn suit_strength(&self, card: Card) -> f64 {
        let suit = self.suit_of(card).expect("a family card has a suit");
        let others = self.suit_cards(suit);
        if others == 0 {
            return 1.0;
        }
        let value = self.value(card);
        let lower = cards_of(others).filter(|&o| self.value(o) < value).count();
        lower as f64 / (count(others) + 1) as f64
    }

    /// `card_values.family_keep`.
    fn family_keep(&self, card: Card) -> f64 {
        let strength = self.suit_strength(card);
        if self.suit_of(card) == Some(TRUMP) {
            return KEEP_TRUMP + KEEP_TRUMP_RANK * strength * strength;
        }
        KEEP_CLASSIC * strength * strength
    }

    fn void_pulls(&self) -> [f64; 4] {
        let mut pulls = [0.0; 4];
        if !self.wants_void() || self.spare_cards() == 0 {
            return pulls;
        }
        let lengths: Vec<usize> = (0..4).map(|s| count(self.hand & self.deck.suit[s])).collect();
        let Some(shortest) = lengths.iter().copied().filter(|&l| l > 0).min() else {
            return pulls;
        };
        for (pull, &size) in pulls.iter_mut().zip(&lengths) {
            if size == shortest {
                *pull = VOID_PULL / size as f64;
            }
        }
        pulls
    }

    fn spare_cards(&self) -> usize {
        count(self.hand & (self.deck.specials | self.deck.trumps)).saturating_sub(1)
    }

    fn trump_guard(&self) -> f64 {
        let pending = self.bomb_pending();
        let hand = self.hand;
        let must_keep = self.has(hand, self.bomb_card)
            || (pending && (self.has(hand, self.quantum) || self.has(hand, self.num_x)));
        if !must_keep {
            return 0.0;
        }
        let trumps = count(hand & self.deck.trumps);
        if trumps > 0 {
            GUARD / trumps as f64
        } else {
            0.0
        }
    }

    fn wants_void(&self) -> bool {
        let hand = self.hand;
        if self.has(hand, self.bomb_card) || self.has(hand, self.num_x) {
            return true;
        }
        if !self.bomb_pending() {
            return false;
        }
        if self.has(hand, self.quantum) || self.has(hand, self.joker) {
            return true;
        }
        self.role == Role::Civilian && hand & self.deck.family[SHADOW] != 0
    }
}

/// `bomb_patience`: how safe a trick must look before the Bomber drops the Bomb.
fn bomb_patience(hand: usize, spares: usize) -> f64 {
    min(
        PATIENCE_CAP + PATIENCE_SPARE * spares.min(2) as f64,
        0.3 + PATIENCE_CARD * hand as f64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Rules;
    use crate::rng::Mt;

    /// A property over random games (heuristic and random seats mixed): the policy
    /// always picks one of its actions, from any state of any round.
    #[test]
    fn picks_are_legal_from_every_state() {
        let mut rng = Mt::new(Seed::from(3i128));
        for game in 0..40u32 {
            let players = 3 + (game as usize % 6);
            let config = Config::standard(players).unwrap();
            let mut state = NumWars::new_game(&config, Seed::from(i128::from(game)));
            let mut actions = Vec::new();
            while !state.over {
                let seat = state.turn();
                NumWars::legal_actions(&state, &mut actions);
                // A fresh bot at every decision: nothing is carried from one to the next.
                let pick = if game % 2 == 0 || seat == 0 {
                    Heuristic::new(Seed::from(i128::from(game) + 7)).act(&state, seat, &actions, false)
                } else {
                    Some(rng.below(actions.len() as u32) as usize)
                };
                let pick = pick.expect("the heuristic bot never declines");
                assert!(pick < actions.len());
                state = NumWars::apply(&state, &actions[pick]);
            }
        }
    }

    #[test]
    fn holds_any_is_the_python_chance() {
        assert_eq!(holds_any(0, 3, 10), 0.0);
        assert_eq!(holds_any(8, 3, 10), 1.0);
        let expected = 1.0 - (7.0 / 10.0) * (6.0 / 9.0);
        assert_eq!(holds_any(3, 2, 10), expected);
    }
}
