//! Reading a Python Num Stop `Config` and `State` (PyO3).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyAnyMethods, PyFrozenSet};

use super::cards::{
    bit, family, is_family, kinds_cards, parse_card, Cards, Config, Mode, CARD_SPACE, FIRST_ACTION, SHADOW,
};
use super::selection::NAMES;
use super::state::{Phase, Pile, State, NONE};
use super::NumStop;
use crate::python::PyGame;
use crate::rng::Seed;

fn bad(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(format!("numstop: {}", message.into()))
}

/// An int attribute within `low..=high`.
fn int_in<T: TryFrom<i64>>(obj: &Bound<'_, PyAny>, name: &str, low: i64, high: i64) -> PyResult<T> {
    let n: i64 = obj
        .getattr(name)?
        .extract()
        .map_err(|_| bad(format!("{name} must be an int in {low}..{high}")))?;
    if !(low..=high).contains(&n) {
        return Err(bad(format!("{name} must be an int in {low}..{high}, got {n}")));
    }
    T::try_from(n).map_err(|_| bad(format!("{name} out of range")))
}

fn enum_value(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    obj.getattr("value")?.extract()
}

impl PyGame for NumStop {
    fn config_from_py(config: &Bound<'_, PyAny>) -> PyResult<Config> {
        let mode = match enum_value(&config.getattr("mode")?)?.as_str() {
            "classic" => Mode::Classic,
            "discovery" => Mode::Discovery,
            other => return Err(bad(format!("no mode {other:?}"))),
        };
        let bonuses: Vec<i64> = config
            .getattr("bonuses")?
            .extract()
            .map_err(|_| bad("bonuses must be a tuple of ints"))?;
        let bonuses: [u16; 10] = bonuses
            .iter()
            .map(|&b| u16::try_from(b).ok().filter(|&b| b <= 10_000))
            .collect::<Option<Vec<u16>>>()
            .and_then(|v| v.try_into().ok())
            .ok_or_else(|| bad("bonuses must be 10 ints in 0..10000"))?;
        let max_rounds = config.getattr("max_rounds")?;
        let max_rounds = if max_rounds.is_none() {
            None
        } else {
            Some(int_in(config, "max_rounds", 1, 100_000)?)
        };
        Ok(Config {
            players: int_in(config, "players", 2, 6)?,
            mode,
            max_value: int_in(config, "max_value", 5, 16)?,
            reserve_size: int_in(config, "reserve_size", 0, 6)?,
            family_run: int_in(config, "family_run", 2, 17)?,
            value_run: int_in(config, "value_run", 2, 6)?,
            double_draws: int_in(config, "double_draws", 1, 20)?,
            quantum_cards: int_in(config, "quantum_cards", 1, 20)?,
            bonuses,
            wild_points: int_in(config, "wild_points", 0, 1000)?,
            max_rounds,
        })
    }

    fn state_from_py(state: &Bound<'_, PyAny>) -> PyResult<State> {
        Reader::read(state)
    }
}

/// Reads a state's cards, each card of the deck at most once.
struct Reader {
    config: Config,
    deck: Cards,
    seen: Cards,
}

impl Reader {
    fn card(&mut self, obj: &Bound<'_, PyAny>) -> PyResult<u8> {
        let text = obj.str()?.to_string();
        let card = parse_card(&text).filter(|&c| self.deck & bit(c) != 0);
        let card = card.ok_or_else(|| bad(format!("{text} is not a card of this game")))?;
        if self.seen & bit(card) != 0 {
            return Err(bad(format!("the card {text} is in the state twice")));
        }
        self.seen |= bit(card);
        Ok(card)
    }

    fn cards(&mut self, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
        obj.try_iter()?.map(|c| self.card(&c?)).collect()
    }

    fn set(&mut self, obj: &Bound<'_, PyAny>, family_only: bool) -> PyResult<Cards> {
        let mut set = 0;
        for card in self.cards(obj)? {
            if family_only && !is_family(card) {
                return Err(bad(
                    "piles, collections, scored cards and selections hold family cards",
                ));
            }
            set |= bit(card);
        }
        Ok(set)
    }

    fn seats<'py>(&self, state: &Bound<'py, PyAny>, name: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let items: Vec<Bound<'py, PyAny>> = state.getattr(name)?.try_iter()?.collect::<PyResult<_>>()?;
        if items.len() != usize::from(self.config.players) {
            return Err(bad(format!("{name} must have one entry per seat")));
        }
        Ok(items)
    }

    fn read(state: &Bound<'_, PyAny>) -> PyResult<State> {
        let config = NumStop::config_from_py(&state.getattr("config")?)?;
        let mut r = Reader {
            config,
            deck: config.deck(),
            seen: 0,
        };
        let players = config.players;
        let seed: Seed = state
            .getattr("seed")?
            .extract()
            .map_err(|_| bad("the native core holds seeds of at most 128 bits"))?;
        let round: u32 = state
            .getattr("round")?
            .extract()
            .map_err(|_| bad("round must be an int in 0..2**32"))?;
        let phase_name = enum_value(&state.getattr("phase")?)?;
        let phase = Phase::NAMES
            .iter()
            .position(|n| *n == phase_name)
            .map(|i| Phase::ALL[i])
            .ok_or_else(|| bad(format!("no phase {phase_name:?}")))?;
        let player: u8 = state.getattr("player")?.extract().unwrap_or(u8::MAX);
        if player >= players {
            return Err(bad("player must be a seat"));
        }
        let mut stock = [0u8; CARD_SPACE];
        let mut lo = [0u8; 2];
        let mut hi = [0u8; 2];
        let stocks: Vec<Bound<'_, PyAny>> = state.getattr("stocks")?.try_iter()?.collect::<PyResult<_>>()?;
        if stocks.len() != 2 {
            return Err(bad("stocks must be two stocks"));
        }
        let mut n = 0usize;
        for (i, s) in stocks.iter().enumerate() {
            lo[i] = n as u8;
            for card in r.cards(s)? {
                // Each card once: at most CARD_SPACE cards in all.
                stock[n] = card;
                n += 1;
            }
            hi[i] = n as u8;
        }
        let mut piles = [Pile::default(); 6];
        for (seat, pile) in r.seats(state, "piles")?.iter().enumerate() {
            for card in r.cards(pile)? {
                if !is_family(card) {
                    return Err(bad("a pile holds family cards"));
                }
                piles[seat].push(card);
            }
        }
        let mut collections = [0; 6];
        for (seat, c) in r.seats(state, "collections")?.iter().enumerate() {
            collections[seat] = r.set(c, true)?;
        }
        let mut reserves = [0u8; 6];
        for (seat, c) in r.seats(state, "reserves")?.iter().enumerate() {
            let set = r.set(c, false)?;
            if set & !kinds_cards(0x3f) != 0 {
                return Err(bad("a reserve holds action cards"));
            }
            reserves[seat] = (set >> FIRST_ACTION) as u8;
        }
        let mut scored = [0; 6];
        for (seat, c) in r.seats(state, "scored")?.iter().enumerate() {
            scored[seat] = r.set(c, true)?;
        }
        let discard = r.set(&state.getattr("discard")?, false)?;
        let pending = r.set(&state.getattr("pending")?, false)?;
        let pending_ok = match phase {
            Phase::Shadow => pending.count_ones() == 1 && family(pending.trailing_zeros() as u8) == SHADOW,
            Phase::Action => pending.count_ones() == 1 && !is_family(pending.trailing_zeros() as u8),
            Phase::Quantum => pending != 0,
            _ => true,
        };
        if !pending_ok {
            return Err(bad(format!(
                "phase {phase_name}: not the pending cards it decides"
            )));
        }
        let drawn: u8 = state
            .getattr("drawn")?
            .extract()
            .map_err(|_| bad("drawn must be an int in 0..255"))?;
        let double: bool = state.getattr("double")?.extract()?;
        let seat_mask = |name: &str| -> PyResult<u8> {
            let set = state.getattr(name)?;
            let set = set
                .cast::<PyFrozenSet>()
                .map_err(|_| bad(format!("{name} must be a frozenset")))?;
            let mut mask = 0u8;
            for seat in set.iter() {
                let seat: u8 = seat.extract().unwrap_or(u8::MAX);
                if seat >= players {
                    return Err(bad(format!("{name} names no seat")));
                }
                mask |= 1 << seat;
            }
            Ok(mask)
        };
        let doubled = seat_mask("doubled")?;
        let skipped = seat_mask("skipped")?;
        let peeks_py: Vec<Option<u8>> = state
            .getattr("peeks")?
            .extract()
            .map_err(|_| bad("peeks must be two seats or None"))?;
        if peeks_py.len() != 2 || peeks_py.iter().flatten().any(|&s| s >= players) {
            return Err(bad("peeks must be two seats or None"));
        }
        let peeks = [peeks_py[0].unwrap_or(NONE), peeks_py[1].unwrap_or(NONE)];
        let mut scorecards = [[-1i16; 10]; 6];
        for (seat, card) in r.seats(state, "scorecards")?.iter().enumerate() {
            let entries: Vec<Option<i64>> = card
                .extract()
                .map_err(|_| bad("a scorecard holds ints or None"))?;
            if entries.len() != 10 {
                return Err(bad("a scorecard has one entry per objective"));
            }
            for (o, points) in entries.iter().enumerate() {
                if let Some(p) = points {
                    scorecards[seat][o] = i16::try_from(*p)
                        .ok()
                        .filter(|&p| p >= 0)
                        .ok_or_else(|| bad("a scorecard entry is 0..32767"))?;
                }
            }
        }
        let objective = state.getattr("objective")?;
        let objective = if objective.is_none() {
            NONE
        } else {
            let name = enum_value(&objective)?;
            NAMES
                .iter()
                .position(|n| *n == name)
                .ok_or_else(|| bad(format!("no objective {name:?}")))? as u8
        };
        if phase == Phase::Selection && objective == NONE {
            return Err(bad("phase selection needs the objective under decision"));
        }
        // The picked cards stay in the collection: read them without the twice check.
        r.seen = 0;
        let selection = r.set(&state.getattr("selection")?, true)?;
        if selection & !collections[usize::from(player)] != 0 {
            return Err(bad("the picked cards are cards of the collection"));
        }
        Ok(State {
            config,
            seed,
            round,
            phase,
            player,
            stock,
            lo,
            hi,
            piles,
            collections,
            reserves,
            scored,
            discard,
            pending,
            drawn,
            double,
            doubled,
            skipped,
            peeks,
            scorecards,
            objective,
            selection,
        })
    }
}
