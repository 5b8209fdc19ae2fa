//! The Python `Config` and `State` of `numrules.stackattack`, read into the core.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::config::{Card, Config, ConfigSpec, MAX_PLAYERS, MAX_ROWS};
use super::state::{zone, Phase, State};
use crate::rng::Seed;

fn bad(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// Reads attribute `name` of `obj` as a `T`; ValueError naming the attribute otherwise.
fn field<'py, T>(obj: &Bound<'py, PyAny>, name: &str) -> PyResult<T>
where
    T: for<'a> FromPyObject<'a, 'py>,
    for<'a> <T as FromPyObject<'a, 'py>>::Error: Into<PyErr>,
{
    obj.getattr(name)?.extract::<T>().map_err(|e| {
        let e: PyErr = e.into();
        bad(format!("the native core cannot read Stack Attack {name}: {e}"))
    })
}

fn cards(numbers: Vec<i64>, name: &str) -> PyResult<Vec<Card>> {
    numbers
        .into_iter()
        .map(|n| {
            Card::try_from(n)
                .ok()
                .filter(|&c| c >= 1)
                .ok_or_else(|| bad(format!("{name}: {n} is not a card number")))
        })
        .collect()
}

fn size(value: i64, name: &str) -> PyResult<usize> {
    usize::try_from(value).map_err(|_| bad(format!("{name} must not be negative, got {value}")))
}

/// The core's config of a Python `stackattack.Config` (checked as Python checks it).
pub fn config_from_py(config: &Bound<'_, PyAny>) -> PyResult<Config> {
    let max_rounds: Option<i64> = field(config, "max_rounds")?;
    let max_rounds = max_rounds
        .map(|m| u32::try_from(m).map_err(|_| bad(format!("max_rounds out of range: {m}"))))
        .transpose()?;
    let spec = ConfigSpec {
        players: size(field(config, "players")?, "players")?,
        hand_size: size(field(config, "hand_size")?, "hand_size")?,
        rows: size(field(config, "rows")?, "rows")?,
        row_limit: size(field(config, "row_limit")?, "row_limit")?,
        end_score: field(config, "end_score")?,
        deck_size: size(field(config, "deck_size")?, "deck_size")?,
        penalties: Some(field(config, "penalties")?),
        switch: cards(field(config, "switch")?, "switch")?,
        block: cards(field(config, "block")?, "block")?,
        shield: cards(field(config, "shield")?, "shield")?,
        decreasing: cards(field(config, "decreasing")?, "decreasing")?,
        max_rounds,
    };
    Config::new(spec).map_err(bad)
}

fn phase(name: &str) -> PyResult<Phase> {
    Ok(match name {
        "choose" => Phase::Choose,
        "switch" => Phase::Switch,
        "block" => Phase::Block,
        "take" => Phase::Take,
        "shield" => Phase::Shield,
        "over" => Phase::Over,
        other => return Err(bad(format!("unknown Stack Attack phase {other:?}"))),
    })
}

/// Puts `cards` in zone `z`, each card of the deck once.
fn place(zones: &mut [u8], cards: &[i64], z: u8) -> PyResult<()> {
    for &n in cards {
        let slot = usize::try_from(n)
            .ok()
            .filter(|&c| c >= 1)
            .and_then(|c| zones.get_mut(c))
            .ok_or_else(|| bad(format!("{n} is not a card of this deck")))?;
        if *slot != zone::NONE {
            return Err(bad(format!("card {n} is in two places")));
        }
        *slot = z;
    }
    Ok(())
}

fn per_seat<T>(values: Vec<T>, players: usize, name: &str) -> PyResult<Vec<T>> {
    if values.len() == players {
        Ok(values)
    } else {
        Err(bad(format!("{name} must have one entry per seat")))
    }
}

/// The core's state of a Python `stackattack.State` (its log aside).
///
/// The state must pass the engine's own `check_state`; on top of it the core needs
/// every hand ascending (as `new_game` and `apply` keep them), since it lists a hand by
/// card number.
pub fn state_from_py(state: &Bound<'_, PyAny>) -> PyResult<State> {
    let py = state.py();
    py.import("numrules.stackattack")?
        .call_method1("check_state", (state,))
        .map_err(|e| bad(format!("the native core refuses this state: {e}")))?;
    let config = Arc::new(config_from_py(&state.getattr("config")?)?);
    let n = config.players;
    let seed: Seed = state
        .getattr("seed")?
        .extract()
        .map_err(|_| bad("the native core holds seeds of at most 128 bits".into()))?;
    let round: u32 = field(state, "round")?;
    if round == u32::MAX {
        return Err(bad(format!("round {round} is out of the core's range")));
    }
    let turn: u32 = field(state, "turn")?;
    let phase_name: String = state.getattr("phase")?.getattr("value")?.extract()?;
    let banked: Vec<i64> = per_seat(field(state, "banked")?, n, "banked")?;
    let hands: Vec<Vec<i64>> = per_seat(field(state, "hands")?, n, "hands")?;
    let taken: Vec<Vec<i64>> = per_seat(field(state, "taken")?, n, "taken")?;
    let played: Vec<Option<i64>> = per_seat(field(state, "played")?, n, "played")?;
    let rows: Vec<Vec<i64>> = field(state, "rows")?;
    let unused: Vec<i64> = field(state, "unused")?;
    let queue: Vec<i64> = field(state, "queue")?;
    let blocked: Vec<i64> = field(state, "blocked")?;
    if rows.len() != config.rows || rows.iter().any(Vec::is_empty) || rows.len() > MAX_ROWS {
        return Err(bad(format!("there must be {} non-empty rows", config.rows)));
    }
    if queue.len() > MAX_PLAYERS || n > MAX_PLAYERS {
        return Err(bad("the queue holds more cards than seats".into()));
    }
    let mut zones = vec![zone::NONE; config.deck_size + 1];
    let mut s = State {
        zone: Box::default(),
        seed,
        round,
        turn,
        phase: phase(&phase_name)?,
        placing: field(state, "placing")?,
        decreasing: field(state, "decreasing")?,
        blocked: 0,
        banked: [0; MAX_PLAYERS],
        points: [0; MAX_PLAYERS],
        played: [0; MAX_PLAYERS],
        queue: [0; MAX_PLAYERS],
        queue_len: queue.len() as u8,
        row_end: [0; MAX_ROWS],
        row_len: [0; MAX_ROWS],
        config: Arc::clone(&config),
    };
    for seat in 0..n {
        if !hands[seat].windows(2).all(|w| w[0] < w[1]) {
            return Err(bad(format!(
                "the native core needs hands ascending (seat {seat})"
            )));
        }
        place(&mut zones, &hands[seat], zone::HAND + seat as u8)?;
        place(&mut zones, &taken[seat], zone::TAKEN + seat as u8)?;
        if let Some(card) = played[seat] {
            place(&mut zones, &[card], zone::PLAYED + seat as u8)?;
            s.played[seat] = card as Card; // a card of the deck, checked by `place`
        }
        s.banked[seat] = banked[seat];
        s.points[seat] = taken[seat]
            .iter()
            .map(|&c| config.penalties[c as usize - 1])
            .sum();
    }
    for (r, row) in rows.iter().enumerate() {
        place(&mut zones, row, zone::ROW + r as u8)?;
        s.row_end[r] = row[row.len() - 1] as Card;
        s.row_len[r] = u16::try_from(row.len()).map_err(|_| bad("a row too long".into()))?;
    }
    place(&mut zones, &unused, zone::UNUSED)?;
    if zones.iter().skip(1).any(|&z| z == zone::NONE) {
        return Err(bad("the cards are not exactly the deck, each once".into()));
    }
    for (i, &card) in queue.iter().enumerate() {
        let held = Card::try_from(card)
            .ok()
            .filter(|&c| c != 0 && s.played.contains(&c));
        s.queue[i] = held.ok_or_else(|| bad(format!("queued card {card} is not revealed")))?;
    }
    for &r in &blocked {
        let r = usize::try_from(r)
            .ok()
            .filter(|&r| r < config.rows)
            .ok_or_else(|| bad(format!("bad blocked row {r}")))?;
        s.blocked |= 1 << r;
    }
    s.zone = zones.into_boxed_slice();
    Ok(s)
}
