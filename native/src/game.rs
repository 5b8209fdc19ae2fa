//! What every game of the core implements ([`Rules`]), and the generic machinery on top
//! of it: the one-seat-at-a-time [`Turn`] of `numrules.rl.sequential`, the match driver
//! of `numrules.core.match.play_match` ([`play`]) and the random bot ([`RandomPolicy`]).
//!
//! A game module ports one Python engine: its actions come out of [`Rules::legal_actions`]
//! in the order of the Python `legal_actions`, its ids are those of the Python
//! `encode_action`, and every shuffle goes through [`crate::rng`], so that a game played
//! here and in Python is the same game, step by step.

use std::fmt::Debug;

use crate::rng::{Mt, Seed};

/// A set of seats: bit `s` is seat `s` (games have at most 32 seats).
pub type SeatSet = u32;

/// The seats of a [`SeatSet`], ascending.
pub fn seats_of(set: SeatSet) -> impl Iterator<Item = usize> {
    (0..32).filter(move |s| set & (1 << s) != 0)
}

/// The seats whose value (in seat order) equals `best`: the winners of a game, given its
/// totals and the best of them.
pub fn seats_with<T: PartialEq>(values: impl IntoIterator<Item = T>, best: &T) -> SeatSet {
    values
        .into_iter()
        .enumerate()
        .filter(|(_, v)| v == best)
        .fold(0, |set, (seat, _)| set | (1 << seat))
}

/// One game's rules, ported from its Python engine.
pub trait Rules: Sized + 'static {
    /// The game's `Config`.
    type Config: Clone + Debug + Send + Sync + 'static;
    /// A complete position, hidden parts included (no event log).
    type State: Clone + Debug + Send + Sync + 'static;
    /// One action of one seat.
    type Action: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// The game's registry name (`"numstop"`, ...).
    const NAME: &'static str;
    /// Whether `optional_seats` can be non-empty (out-of-turn actions, as Num Bounce's
    /// interrupts); such a game implements `public_optional_seats`.
    const HAS_OPTIONAL: bool = false;

    /// `new_game(config, seed)` without a stacked deck.
    fn new_game(config: &Self::Config, seed: Seed) -> Self::State;
    /// The state's config.
    fn config(state: &Self::State) -> &Self::Config;
    /// `config.players`.
    fn players(config: &Self::Config) -> usize;
    /// `state.round`: the current round, from 0.
    fn round(state: &Self::State) -> u64;
    /// `is_terminal(state)`.
    fn is_terminal(state: &Self::State) -> bool;
    /// `to_act(state)`: the seats that must or may act.
    fn to_act(state: &Self::State) -> SeatSet;
    /// `optional_seats(state)`: the seats of `to_act` that may decline.
    fn optional_seats(_state: &Self::State) -> SeatSet {
        0
    }
    /// `public_optional_seats(state)` (only for a game with `HAS_OPTIONAL`).
    fn public_optional_seats(_state: &Self::State) -> SeatSet {
        0
    }
    /// Every seat's legal actions, in the order of the Python `legal_actions(state)`.
    fn legal_actions(state: &Self::State, out: &mut Vec<Self::Action>);
    /// `legal_actions_for(state, seat)`: `legal_actions` filtered to `seat`, same order.
    fn legal_actions_for(state: &Self::State, seat: usize, out: &mut Vec<Self::Action>) {
        Self::legal_actions(state, out);
        out.retain(|a| Self::seat(a) == seat);
    }
    /// The seat of an action.
    fn seat(action: &Self::Action) -> usize;
    /// `num_actions(config)`: the number of action ids.
    fn num_actions(config: &Self::Config) -> u32;
    /// `encode_action(config, action)`.
    fn encode(config: &Self::Config, action: &Self::Action) -> u32;
    /// `decode_action(state, seat, id)` when it gives a legal action; None when the Python
    /// engine would refuse the id (by `decode_action` or by `apply`).
    fn decode(state: &Self::State, seat: usize, id: u32) -> Option<Self::Action> {
        let mut mine = Vec::new();
        Self::legal_actions_for(state, seat, &mut mine);
        let config = Self::config(state);
        mine.into_iter().find(|a| Self::encode(config, a) == id)
    }
    /// `apply(state, action)` for a legal action.
    fn apply(state: &Self::State, action: &Self::Action) -> Self::State;
    /// `scores(state)`.
    fn scores(state: &Self::State) -> Vec<i64>;
    /// `winners(state)` (of a finished game).
    fn winners(state: &Self::State) -> SeatSet;
}

/// Seats in some order, held without allocating (a game has at most 32 seats).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Seats {
    seats: [u8; 32],
    len: u8,
}

impl Seats {
    /// The seats of `set`, ascending.
    pub fn ascending(set: SeatSet) -> Seats {
        let mut out = Seats::default();
        out.extend(set);
        out
    }

    /// Append the seats of `set`, ascending.
    pub fn extend(&mut self, set: SeatSet) {
        for seat in seats_of(set) {
            self.seats[usize::from(self.len)] = seat as u8;
            self.len += 1;
        }
    }

    /// The seats, in order.
    pub fn as_slice(&self) -> &[u8] {
        &self.seats[..usize::from(self.len)]
    }

    /// The seats, in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.as_slice().iter().map(|&s| usize::from(s))
    }

    /// The first seat, if any.
    pub fn first(&self) -> Option<usize> {
        self.as_slice().first().map(|&s| usize::from(s))
    }

    /// The seats after the first.
    pub fn rest(&self) -> Seats {
        let mut out = Seats::default();
        if self.len > 0 {
            let rest = &self.as_slice()[1..];
            out.seats[..rest.len()].copy_from_slice(rest);
            out.len = self.len - 1;
        }
        out
    }

    /// Whether there is no seat.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seats of `set` from the left of `mover` (-1: none) round the table, as
    /// `asking_order` orders the optional seats.
    fn from_left_of(set: SeatSet, mover: i64, players: usize) -> Seats {
        let mut out = Seats::ascending(set);
        let len = usize::from(out.len);
        out.seats[..len].sort_by_key(|&s| (i64::from(s) - mover - 1).rem_euclid(players as i64));
        out
    }
}

impl Debug for Seats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// `numrules.core.cursor.asking_order`: optional seats first, from the left of the one
/// seat that must act, then the seats that must act in seat order.
pub fn asking_order(seats: SeatSet, optional: SeatSet, players: usize) -> Seats {
    let optional = optional & seats;
    optional_first(optional, seats & !optional, players)
}

/// The seats of `optional` from the left of the one seat of `required` (if there is
/// exactly one) round the table, then the seats of `required` in seat order.
fn optional_first(optional: SeatSet, required: SeatSet, players: usize) -> Seats {
    if optional == 0 {
        return Seats::ascending(required);
    }
    let mover = if required.count_ones() == 1 {
        i64::from(required.trailing_zeros())
    } else {
        -1
    };
    let mut order = Seats::from_left_of(optional, mover, players);
    order.extend(required);
    order
}

/// A moment of a game as `numrules.rl.sequential.Turn` sees it: the state, and the seats
/// still to ask at this step (the first is asked now).
pub struct Turn<G: Rules> {
    /// The game state.
    pub state: G::State,
    /// The seats to ask at this step, in order; empty once the game is over.
    pub order: Seats,
    /// The seats of `order` asked about an optional action (they may answer the pass id).
    pub optional: SeatSet,
}

impl<G: Rules> Clone for Turn<G> {
    fn clone(&self) -> Self {
        Turn {
            state: self.state.clone(),
            order: self.order,
            optional: self.optional,
        }
    }
}

impl<G: Rules> Debug for Turn<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Turn")
            .field("game", &G::NAME)
            .field("state", &self.state)
            .field("order", &self.order)
            .field("optional", &self.optional)
            .finish()
    }
}

/// Why a [`Turn`] refused an id: the Python side turns it into the engine's own
/// `IllegalActionError` (same reason, same detail).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over.
    GameOver,
    /// The seat asked now may not answer this id.
    NotLegal { seat: usize, id: u32 },
}

impl<G: Rules> Turn<G> {
    /// `Sequential.start(state)`: the turn at `state`, nobody asked yet.
    pub fn start(state: G::State) -> Turn<G> {
        if G::is_terminal(&state) {
            return Turn {
                state,
                order: Seats::default(),
                optional: 0,
            };
        }
        let players = G::players(G::config(&state));
        let to_act = G::to_act(&state);
        if !G::HAS_OPTIONAL {
            let optional = G::optional_seats(&state) & to_act;
            let order = asking_order(to_act, optional, players);
            return Turn {
                state,
                order,
                optional,
            };
        }
        // Every seat that might interrupt by public facts is asked, holders or not.
        let required = to_act & !G::optional_seats(&state);
        let optional = G::public_optional_seats(&state) & !required;
        let order = optional_first(optional, required, players);
        Turn {
            state,
            order,
            optional,
        }
    }

    /// The seat asked now, or None when the game is over.
    pub fn seat(&self) -> Option<usize> {
        self.order.first()
    }

    /// The pass id of the game (`num_actions`), if it has optional seats.
    pub fn pass_id(&self) -> Option<u32> {
        G::HAS_OPTIONAL.then(|| G::num_actions(G::config(&self.state)))
    }

    /// `Sequential.legal_ids(turn)`: the ids the seat asked now may answer, ascending.
    pub fn legal_ids(&self) -> Vec<u32> {
        let Some(seat) = self.seat() else {
            return Vec::new();
        };
        let mut mine = Vec::new();
        G::legal_actions_for(&self.state, seat, &mut mine);
        let config = G::config(&self.state);
        let mut ids: Vec<u32> = mine.iter().map(|a| G::encode(config, a)).collect();
        if self.optional & (1 << seat) != 0 {
            ids.push(G::num_actions(config));
        }
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// `Sequential.step(turn, id)`: the turn after the seat asked now answers `id`, and
    /// the action it played (None for a pass).
    pub fn step(&self, id: u32) -> Result<(Turn<G>, Option<G::Action>), Refusal> {
        let Some(seat) = self.seat() else {
            return Err(Refusal::GameOver);
        };
        let config = G::config(&self.state);
        if self.optional & (1 << seat) != 0 && id == G::num_actions(config) {
            let rest = self.order.rest();
            if rest.is_empty() {
                return Ok((Turn::start(self.state.clone()), None));
            }
            let turn = Turn {
                state: self.state.clone(),
                order: rest,
                optional: self.optional,
            };
            return Ok((turn, None));
        }
        let action = G::decode(&self.state, seat, id).ok_or(Refusal::NotLegal { seat, id })?;
        Ok((Turn::start(G::apply(&self.state, &action)), Some(action)))
    }
}

/// How an ISMCTS rollout (`numrules.core.ismcts`, random rollouts) ended.
#[derive(Clone, Debug)]
pub struct Rollout<S> {
    /// The last state.
    pub state: S,
    /// The rollout steps counted so far (the search's `steps`).
    pub steps: u64,
}

/// The random rollout of `ISMCTS` (`_Search.iterate` once out of the tree, with random
/// rollouts) from the start of `state`'s step: each step asks the next seat of the
/// cursor, stops when nobody is left to ask, when `steps` reaches `limit` or when the
/// round is no longer `horizon`; an optional seat declines when `rng.random() < 0.5`,
/// else the pick is `rng.randrange` over its actions.
pub fn rollout<G: Rules>(
    mut state: G::State,
    rng: &mut Mt,
    mut steps: u64,
    limit: u64,
    horizon: Option<u64>,
) -> Rollout<G::State> {
    let players = G::players(G::config(&state));
    let mut mine = Vec::new();
    'game: while !G::is_terminal(&state) {
        let to_act = G::to_act(&state);
        let optional = G::optional_seats(&state) & to_act;
        let order = asking_order(to_act, optional, players);
        for seat in order.iter() {
            if steps >= limit || horizon.is_some_and(|round| G::round(&state) != round) {
                break 'game;
            }
            steps += 1;
            let is_optional = optional & (1 << seat) != 0;
            if is_optional && rng.random() < 0.5 {
                continue; // declined: the next seat is asked
            }
            // `legal_actions_for` is `legal_actions` filtered to the seat, in its order.
            mine.clear();
            G::legal_actions_for(&state, seat, &mut mine);
            let pick = rng.below(mine.len() as u32) as usize;
            state = G::apply(&state, &mine[pick]);
            continue 'game;
        }
        break; // every seat declined and nobody had to act
    }
    Rollout { state, steps }
}

/// A bot of a playout: picks one of the actions offered to a seat, or declines (None) an
/// optional decision.
pub trait Policy<G: Rules> {
    /// The index in `actions` of the pick, or None to decline (only when `optional`).
    fn act(&mut self, state: &G::State, seat: usize, actions: &[G::Action], optional: bool) -> Option<usize>;
}

/// `numrules.core.bots.RandomBot(seed, decline)`: the same picks from the same seed.
#[derive(Clone, Debug)]
pub struct RandomPolicy {
    rng: Mt,
    decline: f64,
}

impl RandomPolicy {
    /// `RandomBot(seed, decline)`.
    pub fn new(seed: Seed, decline: f64) -> RandomPolicy {
        RandomPolicy {
            rng: Mt::new(seed),
            decline,
        }
    }
}

impl<G: Rules> Policy<G> for RandomPolicy {
    fn act(
        &mut self,
        _state: &G::State,
        _seat: usize,
        actions: &[G::Action],
        optional: bool,
    ) -> Option<usize> {
        if optional && self.rng.random() < self.decline {
            return None;
        }
        Some(self.rng.below(actions.len() as u32) as usize)
    }
}

/// How a playout ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `scores` of the last state.
    pub scores: Vec<i64>,
    /// `winners` of the last state (only meaningful when `finished`).
    pub winners: SeatSet,
    /// How many actions were applied.
    pub length: u64,
    /// Whether the game ended (false: cut at the action limit).
    pub finished: bool,
}

/// Why a playout could not go on: the errors `play_match` raises as `BotError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// A policy declined a required decision.
    DeclinedRequired { seat: usize },
    /// Every seat declined and none had to act.
    AllDeclined,
    /// A policy returned an index outside its actions.
    BadPick { seat: usize },
}

/// One action [`play`] recorded: its seat, its id, and its pick: None when it is the action
/// `decode` gives for the id, else its index among the seat's legal actions with that id
/// (in `legal_actions` order). A policy picks among actions, and in a game where one id
/// names several (Num Bounce's INFINITY copies) it may pick another than `decode`'s.
pub type Recorded = (usize, u32, Option<u32>);

/// `play_match` from `state` on: the seats of each step asked in `asking_order`, each
/// seat's policy offered that seat's legal actions; at most `max_actions` actions.
/// Returns the outcome and the last state; with `record`, each action is pushed onto it.
pub fn play<G: Rules>(
    mut state: G::State,
    policies: &mut [Box<dyn Policy<G> + '_>],
    max_actions: Option<u64>,
    mut record: Option<&mut Vec<Recorded>>,
) -> Result<(Outcome, G::State), PlayError> {
    let players = G::players(G::config(&state));
    let mut mine = Vec::new();
    let mut length = 0u64;
    while !G::is_terminal(&state) {
        if max_actions.is_some_and(|limit| length >= limit) {
            let outcome = Outcome {
                scores: G::scores(&state),
                winners: 0,
                length,
                finished: false,
            };
            return Ok((outcome, state));
        }
        let to_act = G::to_act(&state);
        let optional = G::optional_seats(&state) & to_act;
        let order = asking_order(to_act, optional, players);
        let mut applied = false;
        for seat in order.iter() {
            // `legal_actions_for` is `legal_actions` filtered to the seat, in its order.
            mine.clear();
            G::legal_actions_for(&state, seat, &mut mine);
            let is_optional = optional & (1 << seat) != 0;
            match policies[seat].act(&state, seat, &mine, is_optional) {
                None if is_optional => continue,
                None => return Err(PlayError::DeclinedRequired { seat }),
                Some(i) => {
                    let action = mine.get(i).ok_or(PlayError::BadPick { seat })?;
                    if let Some(log) = record.as_deref_mut() {
                        let config = G::config(&state);
                        let id = G::encode(config, action);
                        let pick = (G::decode(&state, seat, id).as_ref() != Some(action)).then(|| {
                            let mut same = mine.iter().filter(|a| G::encode(config, a) == id);
                            same.position(|a| a == action).unwrap_or(0) as u32
                        });
                        log.push((seat, id, pick));
                    }
                    state = G::apply(&state, action);
                    length += 1;
                    applied = true;
                    break;
                }
            }
        }
        if !applied {
            return Err(PlayError::AllDeclined);
        }
    }
    let outcome = Outcome {
        scores: G::scores(&state),
        winners: G::winners(&state),
        length,
        finished: true,
    };
    Ok((outcome, state))
}
