//! Reading the Python `Config` and `State` of Num Bounce (the `python` feature).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::cards::{bit, Config};
use super::state::{Phase, Pile, Stack, State};
use super::NumBounce;
use crate::python::PyGame;

/// `obj.name` as a `T`; a value the core cannot hold is a `ValueError` naming the field.
fn field<'py, T: FromPyObjectOwned<'py>>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<T> {
    obj.getattr(name)?
        .extract::<T>()
        .map_err(|_| PyValueError::new_err(format!("numbounce: {name} is not a value the core can hold")))
}

/// The index of a Python card (its place in `ALL_CARDS`).
fn card(rank: &Bound<'_, PyDict>, card: &Bound<'_, PyAny>) -> PyResult<u8> {
    match rank.get_item(card) {
        Ok(Some(index)) => index.extract::<u8>(),
        _ => Err(PyValueError::new_err(format!(
            "numbounce: {card} is not a Num Bounce card"
        ))),
    }
}

/// The indices of a sequence of Python cards, in order.
fn cards(rank: &Bound<'_, PyDict>, seq: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    seq.try_iter()?.map(|c| card(rank, &c?)).collect()
}

/// A Python sequence of cards as a [`Stack`] (`reverse`: the first card is the top one).
fn stack(rank: &Bound<'_, PyDict>, seq: &Bound<'_, PyAny>, reverse: bool, name: &str) -> PyResult<Stack> {
    let mut cards = cards(rank, seq)?;
    if reverse {
        cards.reverse();
    }
    Stack::from_slice(&cards).ok_or_else(|| PyValueError::new_err(format!("numbounce: {name} is too long")))
}

/// One card set per seat, from a tuple of frozensets.
fn card_sets(
    rank: &Bound<'_, PyDict>,
    obj: &Bound<'_, PyAny>,
    name: &str,
    players: usize,
) -> PyResult<[u128; 8]> {
    let seq = obj.getattr(name)?;
    let mut sets = [0u128; Config::MAX_PLAYERS];
    let mut count = 0;
    for (seat, hand) in seq.try_iter()?.enumerate() {
        let slot = sets
            .get_mut(seat)
            .ok_or_else(|| PyValueError::new_err(format!("numbounce: {name} has too many seats")))?;
        *slot = cards(rank, &hand?)?.into_iter().fold(0, |set, c| set | bit(c));
        count += 1;
    }
    if count != players {
        return Err(PyValueError::new_err(format!(
            "numbounce: {name} must have one entry per seat"
        )));
    }
    Ok(sets)
}

fn seat_in(seat: u8, players: usize, name: &str) -> PyResult<u8> {
    if (seat as usize) < players {
        Ok(seat)
    } else {
        Err(PyValueError::new_err(format!(
            "numbounce: {name} {seat} is not a seat"
        )))
    }
}

impl PyGame for NumBounce {
    fn config_from_py(config: &Bound<'_, PyAny>) -> PyResult<Config> {
        Config::new(
            field(config, "players")?,
            field(config, "hand_size")?,
            field(config, "target_wins")?,
            field(config, "rounds")?,
            field(config, "max_turns_per_round")?,
        )
        .map_err(|e| PyValueError::new_err(format!("numbounce: {e}")))
    }

    fn state_from_py(state: &Bound<'_, PyAny>) -> PyResult<State> {
        let py = state.py();
        let rank_obj = py.import("numrules.numbounce.cards")?.getattr("RANK")?;
        let rank = rank_obj.cast::<PyDict>()?;
        let config = Self::config_from_py(&state.getattr("config")?)?;
        let players = config.players as usize;
        let wins_list: Vec<u32> = field(state, "wins")?;
        if wins_list.len() != players {
            return Err(PyValueError::new_err(
                "numbounce: wins must have one entry per seat",
            ));
        }
        let mut wins = [0u32; Config::MAX_PLAYERS];
        wins[..players].copy_from_slice(&wins_list);
        let phase_value: String = state.getattr("phase")?.getattr("value")?.extract()?;
        let phase = match phase_value.as_str() {
            "play" => Phase::Play,
            "taken" => Phase::Taken,
            "shadow" => Phase::Shadow,
            "over" => Phase::Over,
            other => return Err(PyValueError::new_err(format!("numbounce: no phase {other:?}"))),
        };
        let taken_obj = state.getattr("taken")?;
        let taken = if taken_obj.is_none() {
            None
        } else {
            Some(card(rank, &taken_obj)?)
        };
        let source_obj = state.getattr("source")?;
        let source = if source_obj.is_none() {
            None
        } else {
            match source_obj.getattr("value")?.extract::<String>()?.as_str() {
                "draw" => Some(Pile::Draw),
                "discard" => Some(Pile::Discard),
                other => return Err(PyValueError::new_err(format!("numbounce: no pile {other:?}"))),
            }
        };
        let author: Option<u8> = field(state, "author")?;
        let trick = stack(rank, &state.getattr("trick")?, false, "trick")?;
        let ref_size: u8 = field(state, "ref_size")?;
        if ref_size as usize > trick.len() {
            return Err(PyValueError::new_err(
                "numbounce: the reference does not fit the trick",
            ));
        }
        Ok(State {
            config,
            seed: field(state, "seed")?,
            round: field(state, "round")?,
            wins,
            phase,
            mover: seat_in(field(state, "mover")?, players, "mover")?,
            turn: field(state, "turn")?,
            hands: card_sets(rank, state, "hands", players)?,
            known: card_sets(rank, state, "known", players)?,
            draw: stack(rank, &state.getattr("draw")?, true, "draw")?,
            discard: stack(rank, &state.getattr("discard")?, false, "discard")?,
            trick,
            ref_size,
            author: author.map(|a| seat_in(a, players, "author")).transpose()?,
            interrupted: field(state, "interrupted")?,
            taken,
            source,
            recycles: field(state, "recycles")?,
        })
    }
}
