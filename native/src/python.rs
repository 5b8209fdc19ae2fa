//! The Python module `numrules_native` (PyO3): state handles, batch playouts and the
//! seeded randomness, for `numrules.native` to wrap.
//!
//! A [`Handle`] is immutable: `apply_id` returns a new one. It remembers where it came
//! from (a Python state, or a config and seed) and the ids answered since, so `to_state`
//! can rebuild the exact Python state through the Python engine (`numrules.native`).
//! Nothing here panics across into Python: refusals and bad arguments become Python
//! exceptions, and a panic inside the core surfaces as PyO3's `PanicException`.

use std::sync::Arc;

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFrozenSet, PyInt, PyList, PyTuple};

use crate::anyturn::{AnyTurn, BatchError, Bots, PolicySpec};
use crate::game::{seats_of, Outcome, PlayError, Recorded, Refusal, SeatSet, Turn};
use crate::rng::{self, Mt, Part, Seed};

impl FromPyObject<'_, '_> for Seed {
    type Error = PyErr;

    /// Any Python int of at most 128 bits, its sign apart (a bool is refused).
    fn extract(obj: Borrowed<'_, '_, PyAny>) -> Result<Self, Self::Error> {
        if obj.is_instance_of::<PyBool>() || !obj.is_instance_of::<PyInt>() {
            return Err(PyTypeError::new_err("a seed is an int"));
        }
        let negative = obj.lt(0)?;
        let magnitude = obj
            .call_method0("__abs__")?
            .extract::<u128>()
            .map_err(|_| PyValueError::new_err("the native core holds seeds of at most 128 bits"))?;
        Ok(Seed::new(negative, magnitude))
    }
}

impl<'py> IntoPyObject<'py> for Seed {
    type Target = PyAny;
    type Output = Bound<'py, PyAny>;
    type Error = PyErr;

    fn into_pyobject(self, py: Python<'py>) -> Result<Self::Output, Self::Error> {
        let magnitude = self.magnitude().into_pyobject(py)?.into_any();
        if self.is_negative() {
            magnitude.neg()
        } else {
            Ok(magnitude)
        }
    }
}

/// A game the Python module knows: how to read its Python config and state.
pub trait PyGame: Bots {
    /// The Rust config of a Python `Config`.
    fn config_from_py(config: &Bound<'_, PyAny>) -> PyResult<Self::Config>;
    /// The Rust state of a Python `State` (its log is not needed).
    fn state_from_py(state: &Bound<'_, PyAny>) -> PyResult<Self::State>;
}

type FromState = fn(&Bound<'_, PyAny>) -> PyResult<Arc<dyn AnyTurn>>;
type NewGame = fn(&Bound<'_, PyAny>, Seed) -> PyResult<Arc<dyn AnyTurn>>;

struct Entry {
    name: &'static str,
    evaluates: bool,
    from_state: FromState,
    new_game: NewGame,
}

fn from_state_of<G: PyGame>(state: &Bound<'_, PyAny>) -> PyResult<Arc<dyn AnyTurn>> {
    Ok(Arc::new(Turn::<G>::start(G::state_from_py(state)?)))
}

fn new_game_of<G: PyGame>(config: &Bound<'_, PyAny>, seed: Seed) -> PyResult<Arc<dyn AnyTurn>> {
    Ok(Arc::new(Turn::<G>::start(G::new_game(
        &G::config_from_py(config)?,
        seed,
    ))))
}

const fn entry<G: PyGame>() -> Entry {
    Entry {
        name: G::NAME,
        evaluates: G::EVALUATES,
        from_state: from_state_of::<G>,
        new_game: new_game_of::<G>,
    }
}

/// The games of the core (one line per game), built once: `from_state` looks a game up
/// at every call (an ISMCTS search does at every iteration).
static GAMES: [Entry; 4] = [
    entry::<crate::numbounce::NumBounce>(),
    entry::<crate::numstop::NumStop>(),
    entry::<crate::numwars::NumWars>(),
    entry::<crate::stackattack::StackAttack>(),
];

fn find(name: &str) -> PyResult<&'static Entry> {
    GAMES
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| PyValueError::new_err(format!("the native core has no game {name:?}")))
}

/// One answer since the root of a handle, in a persistent list (newest first).
struct Step {
    seat: usize,
    id: u32,
    /// None: `decode`'s action for the id; else the action's index among the seat's legal
    /// actions with that id (see `game::Recorded`).
    pick: Option<u32>,
    prev: Option<Arc<Step>>,
}

impl Drop for Step {
    // Drop long chains iteratively: a recursive drop of a million steps would overflow.
    fn drop(&mut self) {
        let mut next = self.prev.take();
        while let Some(step) = next {
            match Arc::try_unwrap(step) {
                Ok(mut only) => next = only.prev.take(),
                Err(_) => break,
            }
        }
    }
}

/// Where a handle's history starts.
enum Root {
    /// A Python state (`from_state`).
    State(Py<PyAny>),
    /// `new_game(config, seed)`.
    New { config: Py<PyAny>, seed: Seed },
}

/// An immutable position of a game in the native core, as `numrules.rl.sequential.Turn`
/// walks it: one seat is asked at a time.
#[pyclass(frozen, module = "numrules_native", name = "Handle")]
pub struct Handle {
    turn: Arc<dyn AnyTurn>,
    root: Arc<Root>,
    history: Option<Arc<Step>>,
}

fn seat_set<'py>(py: Python<'py>, set: SeatSet) -> PyResult<Bound<'py, PyFrozenSet>> {
    PyFrozenSet::new(py, seats_of(set))
}

fn bridge(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("numrules.native")
}

#[pymethods]
impl Handle {
    /// The game's registry name.
    #[getter]
    fn game(&self) -> &'static str {
        self.turn.game()
    }

    /// The number of seats.
    #[getter]
    fn players(&self) -> usize {
        self.turn.players()
    }

    /// The seat asked now, or None once the game is over.
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.turn.seat()
    }

    /// The seats still to ask at this step, the seat asked now first.
    #[getter]
    fn order<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.turn.order())
    }

    /// `to_act(state)` of the game: the seats that must or may act (empty once over).
    fn to_act<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        seat_set(py, self.turn.to_act())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.turn.is_terminal()
    }

    /// The scores (`scores(state)`).
    fn scores(&self) -> Vec<i64> {
        self.turn.scores()
    }

    /// The winners of a finished game (`winners(state)`).
    fn winners<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyFrozenSet>> {
        seat_set(py, self.turn.winners())
    }

    /// How many ids an agent may answer: the game's, plus the pass id if it has one.
    #[getter]
    fn num_ids(&self) -> u32 {
        self.turn.num_ids()
    }

    /// The id that lets an optional decision pass, or None for a game without one.
    #[getter]
    fn pass_id(&self) -> Option<u32> {
        self.turn.pass_id()
    }

    /// The ids the seat asked now may answer, ascending (empty once the game is over).
    fn legal_action_ids(&self) -> Vec<u32> {
        self.turn.legal_ids()
    }

    /// The handle after the seat asked now answers `action_id`.
    ///
    /// Raises numrules' `IllegalActionError`, with the Python engine's reason and
    /// detail, for an id that seat may not answer now.
    fn apply_id(&self, py: Python<'_>, action_id: &Bound<'_, PyAny>) -> PyResult<Handle> {
        let refused = |py: Python<'_>| -> PyErr {
            match bridge(py).and_then(|b| {
                b.call_method1(
                    "_refusal",
                    (self.game(), self.to_state(py)?, self.turn.seat(), action_id),
                )
            }) {
                Ok(err) => PyErr::from_value(err),
                Err(err) => err,
            }
        };
        // Only a plain int is an id (a bool is not); anything else is refused by Python.
        let id = match action_id.extract::<u32>() {
            Ok(id) if !action_id.is_instance_of::<PyBool>() => id,
            _ => return Err(refused(py)),
        };
        match self.turn.step(id) {
            Ok((turn, played)) => {
                let history = if played {
                    let seat = self.turn.seat().unwrap_or_default();
                    Some(Arc::new(Step {
                        seat,
                        id,
                        pick: None,
                        prev: self.history.clone(),
                    }))
                } else {
                    self.history.clone()
                };
                Ok(Handle {
                    turn,
                    root: self.root.clone(),
                    history,
                })
            }
            Err(Refusal::GameOver | Refusal::NotLegal { .. }) => Err(refused(py)),
        }
    }

    /// `seat`'s observation tensor (`numrules.rl`'s), as a list of floats.
    fn observation_tensor(&self, seat: usize) -> PyResult<Vec<f32>> {
        if seat >= self.turn.players() {
            return Err(PyValueError::new_err(format!(
                "no seat {seat} in a game of {} seats",
                self.turn.players()
            )));
        }
        self.turn.observation_tensor(seat).ok_or_else(|| {
            PyValueError::new_err(format!("the native core has no tensors for {}", self.turn.game()))
        })
    }

    /// The (seat, id) answers that played an action since the handle's root, oldest first.
    ///
    /// With `picks`, (seat, id, pick) triples: pick is None when the action is the one
    /// `decode_action` gives for the id, else its index among the seat's legal actions with
    /// that id (a playout's bot may pick another INFINITY copy in Num Bounce).
    #[pyo3(signature = (*, picks = false))]
    fn history<'py>(&self, py: Python<'py>, picks: bool) -> PyResult<Bound<'py, PyList>> {
        let steps = self.steps();
        if picks {
            PyList::new(py, steps)
        } else {
            PyList::new(py, steps.into_iter().map(|(seat, id, _)| (seat, id)))
        }
    }

    /// The exact Python `State` (log included), rebuilt by the Python engine from the
    /// handle's root and the actions since.
    fn to_state(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let history = self.steps();
        let b = bridge(py)?;
        let state = match &*self.root {
            Root::State(state) => b.call_method1("_replay", (self.game(), state.clone_ref(py), history))?,
            Root::New { config, seed } => {
                b.call_method1("_replay_new", (self.game(), config.clone_ref(py), *seed, history))?
            }
        };
        Ok(state.unbind())
    }

    /// `n` playouts from this position, each to the end of the game (or `max_actions`).
    ///
    /// Every seat is played by `policy` (`"random"`, with `decline`, or `"heuristic"`);
    /// playout `j` seats the bot of seat `s` with seed `derive_seed(seed, j, s)`. A
    /// playout starts at the beginning of the handle's step. Returns one
    /// `(scores, winners, length, finished)` tuple per playout.
    #[pyo3(signature = (n, policy = "random", seed = Seed::default(), *, decline = 0.5, max_actions = None))]
    #[allow(clippy::type_complexity)]
    fn playouts(
        &self,
        py: Python<'_>,
        n: usize,
        policy: &str,
        seed: Seed,
        decline: f64,
        max_actions: Option<u64>,
    ) -> PyResult<Vec<(Vec<i64>, Vec<usize>, u64, bool)>> {
        let spec = policy_spec(policy, decline)?;
        let turn = self.turn.clone();
        let outcomes = py.detach(move || turn.playouts(n, spec, seed, max_actions));
        outcomes.map(tuples).map_err(|e| batch_error(e, self.game()))
    }

    /// `play_match` from this position (from the start of its step) to the end, with
    /// `RandomBot(bot_seeds[s], decline)` at seat `s`: the last handle, whose history
    /// holds every action played.
    #[pyo3(signature = (bot_seeds, *, decline = 0.5))]
    fn play_random(&self, py: Python<'_>, bot_seeds: Vec<Seed>, decline: f64) -> PyResult<Handle> {
        policy_spec("random", decline)?;
        let turn = self.turn.clone();
        let (last, log) = py
            .detach(move || turn.play_random(&bot_seeds, decline))
            .map_err(|e| batch_error(e, self.game()))?;
        let mut history = self.history.clone();
        for (seat, id, pick) in log {
            history = Some(Arc::new(Step {
                seat,
                id,
                pick,
                prev: history,
            }));
        }
        Ok(Handle {
            turn: last,
            root: self.root.clone(),
            history,
        })
    }

    /// ISMCTS's random rollout (`numrules.core.ismcts`) from the start of this step.
    ///
    /// `rng_state` is `random.Random.getstate()[1]` of the search's generator (624 words
    /// and the index); the rollout draws from it exactly as the Python rollout would.
    /// `steps` are the rollout steps counted before, `limit` the search's
    /// `rollout_actions`, `horizon` the round a rollout stops after (None: the game).
    /// Returns `(rng_state, steps, terminal, scores, winners, evaluation)`, where
    /// `evaluation` is the game's `evaluate` of the last state (None for a game without).
    #[allow(clippy::type_complexity)]
    #[pyo3(signature = (rng_state, steps, limit, horizon = None))]
    fn rollout(
        &self,
        rng_state: Vec<u32>,
        steps: u64,
        limit: u64,
        horizon: Option<u64>,
    ) -> PyResult<(Vec<u32>, u64, bool, Vec<i64>, Vec<usize>, Option<Vec<f64>>)> {
        let bad = || PyValueError::new_err("rng_state must be random.Random().getstate()[1]");
        let (index, words) = rng_state.split_last().ok_or_else(bad)?;
        let mut rng = Mt::from_state(words, *index as usize).ok_or_else(bad)?;
        let end = self.turn.rollout(&mut rng, steps, limit, horizon);
        let (words, index) = rng.state();
        let mut state = words.to_vec();
        state.push(index as u32);
        Ok((
            state,
            end.steps,
            end.terminal,
            end.scores,
            seats_of(end.winners).collect(),
            end.evaluation,
        ))
    }

    /// The games `numrules simulate` plays with this handle's config: for each game seed,
    /// a new game, seat `s` played by `policies[s]` (a `(name, decline)` pair: `"random"`
    /// or `"heuristic"`) seeded `derive_seed(game seed, "bot", s)`.
    #[allow(clippy::type_complexity)]
    fn simulate(
        &self,
        py: Python<'_>,
        seeds: Vec<Seed>,
        policies: Vec<(String, f64)>,
    ) -> PyResult<Vec<(Vec<i64>, Vec<usize>, u64, bool)>> {
        let specs = policies
            .iter()
            .map(|(p, d)| policy_spec(p, *d))
            .collect::<PyResult<Vec<_>>>()?;
        let turn = self.turn.clone();
        let outcomes = py.detach(move || turn.simulate(&seeds, &specs));
        outcomes.map(tuples).map_err(|e| batch_error(e, self.game()))
    }

    fn __repr__(&self) -> String {
        match self.turn.seat() {
            Some(seat) => format!(
                "<numrules_native.Handle {} seat {seat} to answer>",
                self.turn.game()
            ),
            None => format!("<numrules_native.Handle {} over>", self.turn.game()),
        }
    }
}

impl Handle {
    /// Every action played since the root, oldest first, as (seat, id, pick).
    fn steps(&self) -> Vec<Recorded> {
        let mut out = Vec::new();
        let mut step = self.history.as_deref();
        while let Some(s) = step {
            out.push((s.seat, s.id, s.pick));
            step = s.prev.as_deref();
        }
        out.reverse();
        out
    }
}

fn policy_spec(name: &str, decline: f64) -> PyResult<PolicySpec> {
    if !(0.0..=1.0).contains(&decline) {
        return Err(PyValueError::new_err(format!(
            "decline must be in [0, 1], got {decline}"
        )));
    }
    match name {
        "random" => Ok(PolicySpec::Random { decline }),
        "heuristic" => Ok(PolicySpec::Heuristic),
        other => Err(PyValueError::new_err(format!(
            "the native core has no policy {other:?} (random, heuristic)"
        ))),
    }
}

fn tuples(outcomes: Vec<Outcome>) -> Vec<(Vec<i64>, Vec<usize>, u64, bool)> {
    outcomes
        .into_iter()
        .map(|o| (o.scores, seats_of(o.winners).collect(), o.length, o.finished))
        .collect()
}

fn batch_error(error: BatchError, game: &str) -> PyErr {
    match error {
        BatchError::NoSuchPolicy => {
            PyValueError::new_err(format!("the native core has no heuristic policy for {game}"))
        }
        BatchError::WrongSeats { players, given } => {
            PyValueError::new_err(format!("{players} seats need {players} policies, got {given}"))
        }
        BatchError::Play(PlayError::DeclinedRequired { seat }) => {
            PyRuntimeError::new_err(format!("the bot of seat {seat} declined a required decision"))
        }
        BatchError::Play(PlayError::AllDeclined) => {
            PyRuntimeError::new_err("every seat declined and no seat had to act")
        }
        BatchError::Play(PlayError::BadPick { seat }) => PyRuntimeError::new_err(format!(
            "the bot of seat {seat} picked an action it was not offered"
        )),
    }
}

/// The handle of a Python state of game `game`.
#[pyfunction]
fn from_state(game: &str, state: &Bound<'_, PyAny>) -> PyResult<Handle> {
    let turn = (find(game)?.from_state)(state)?;
    Ok(Handle {
        turn,
        root: Arc::new(Root::State(state.clone().unbind())),
        history: None,
    })
}

/// The handle of `new_game(config, seed)` of game `game` (no stacked deck).
#[pyfunction]
fn new_game(game: &str, config: &Bound<'_, PyAny>, seed: Seed) -> PyResult<Handle> {
    let turn = (find(game)?.new_game)(config, seed)?;
    Ok(Handle {
        turn,
        root: Arc::new(Root::New {
            config: config.clone().unbind(),
            seed,
        }),
        history: None,
    })
}

/// The names of the games the core plays.
#[pyfunction]
fn game_names() -> Vec<&'static str> {
    GAMES.iter().map(|e| e.name).collect()
}

/// Whether the core has `Game.evaluate` of game `game` (ISMCTS needs it to roll out in
/// the core a game whose Python engine has one).
#[pyfunction]
fn evaluates(game: &str) -> PyResult<bool> {
    Ok(find(game)?.evaluates)
}

/// `numrules.core.rng.derive_seed(seed, *path)`.
#[pyfunction]
#[pyo3(signature = (seed, *path))]
fn derive_seed(seed: Seed, path: &Bound<'_, PyTuple>) -> PyResult<u64> {
    let mut texts: Vec<String> = Vec::with_capacity(path.len());
    let mut ints: Vec<Option<i128>> = Vec::with_capacity(path.len());
    for part in path.iter() {
        if let Ok(n) = part.extract::<i128>() {
            ints.push(Some(n));
            texts.push(String::new());
        } else {
            ints.push(None);
            texts.push(part.str()?.to_string());
        }
    }
    let parts: Vec<Part<'_>> = ints
        .iter()
        .zip(&texts)
        .map(|(n, t)| n.map_or(Part::Str(t.as_str()), Part::Int))
        .collect();
    Ok(rng::derive_seed(seed, &parts))
}

/// `list(range(n))` in the order of `numrules.core.rng.shuffled(range(n), seed)`.
#[pyfunction]
fn shuffled_indices(n: usize, seed: Seed) -> Vec<usize> {
    let mut items: Vec<usize> = (0..n).collect();
    rng::shuffle(&mut items, seed);
    items
}

/// The first `n` draws of `random.Random(seed)`: `random()` (kind "random"), or
/// `randrange(bound)` (kind "randrange").
#[pyfunction]
#[pyo3(signature = (seed, n, kind = "random", bound = 1))]
fn random_draws(py: Python<'_>, seed: Seed, n: usize, kind: &str, bound: u32) -> PyResult<Py<PyList>> {
    let mut mt = Mt::new(seed);
    match kind {
        "random" => Ok(PyList::new(py, (0..n).map(|_| mt.random()))?.unbind()),
        "randrange" if bound >= 1 => Ok(PyList::new(py, (0..n).map(|_| mt.below(bound)))?.unbind()),
        _ => Err(PyValueError::new_err(format!(
            "bad kind {kind:?} or bound {bound}"
        ))),
    }
}

/// The native core of numrules.
#[pymodule]
fn numrules_native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Handle>()?;
    m.add_function(wrap_pyfunction!(from_state, m)?)?;
    m.add_function(wrap_pyfunction!(new_game, m)?)?;
    m.add_function(wrap_pyfunction!(game_names, m)?)?;
    m.add_function(wrap_pyfunction!(evaluates, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(shuffled_indices, m)?)?;
    m.add_function(wrap_pyfunction!(random_draws, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
