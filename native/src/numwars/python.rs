//! Reading a Python `numwars.Config` and `numwars.State` into the core.
//!
//! The Python objects are read by their attributes; cards by their notation (`str`),
//! the interned ones (every card the engine deals) by their address.
//! A state the core could not play safely (a card outside the deck, hands whose sizes
//! disagree with the tricks played, ...) is refused with `ValueError`: such a state is
//! not a position of the rules (`check_state` refuses it too).
//!
//! The state's `log` is read for [`State::shown`] only: the facts the Python heuristic
//! bot's `Tracker` finds in it (see [`shown_from_py`]).

use std::collections::HashMap;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

use crate::numwars::cards::{
    Bonuses, Card, Cards, Config, Deck, Format, MAX_BONUS, MAX_PLAYERS, RAINBOW, SHADOW,
};
use crate::numwars::state::{Fate, Shown, State, STOLEN};
use crate::numwars::NumWars;
use crate::python::PyGame;
use crate::rng::Seed;

fn bad(message: String) -> PyErr {
    PyValueError::new_err(message)
}

/// The interned Python cards (`Format.FULL.cards()`: the core's `family_card` and the
/// specials are one object per card, which the engine deals and logs), each by its
/// address as its card of the FULL deck (read by its notation once); `_cards` keeps
/// them alive, so no other object takes their address.
struct Interned {
    _cards: Py<PyAny>,
    by_address: HashMap<usize, Card>,
}

static INTERNED: PyOnceLock<Interned> = PyOnceLock::new();

fn interned(py: Python<'_>) -> PyResult<&'static Interned> {
    INTERNED.get_or_try_init(py, || {
        let cards = py
            .import("numrules.numwars.cards")?
            .getattr("Format")?
            .getattr("FULL")?
            .call_method0("cards")?;
        let full = Format::Full.deck();
        let mut by_address = HashMap::new();
        for card in cards.try_iter()? {
            let card = card?;
            by_address.insert(card.as_ptr() as usize, parse_card(full, &card)?);
        }
        Ok(Interned {
            _cards: cards.unbind(),
            by_address,
        })
    })
}

/// The card of a Python card in `deck`: an interned card by its address, any other by
/// its notation (the same card either way).
fn card_from_py(deck: &Deck, card: &Bound<'_, PyAny>) -> PyResult<Card> {
    let known = interned(card.py()).ok();
    if let Some(&full_card) = known.and_then(|i| i.by_address.get(&(card.as_ptr() as usize))) {
        let full = Format::Full.deck();
        match full.family_of(full_card) {
            None => return Ok(deck.special(full_card as usize - 6 * full.span)),
            Some(f) if full.value_of(full_card) < deck.span => {
                return Ok(deck.card(f, full.value_of(full_card)))
            }
            Some(_) => {} // a card of the FULL deck only: refused by its notation
        }
    }
    parse_card(deck, card)
}

/// The card of a Python card in `deck`, by its notation (`R7`, `RB5`, `SH12`, `JOKER`).
fn parse_card(deck: &Deck, card: &Bound<'_, PyAny>) -> PyResult<Card> {
    let text = card.str()?.to_string();
    let special = ["JOKER", "QUANTUM", "NUMX", "BOMB"]
        .iter()
        .position(|&s| s == text);
    if let Some(at) = special {
        return Ok(deck.special(at));
    }
    let family = if let Some(rest) = text.strip_prefix("RB") {
        Some((RAINBOW, rest))
    } else if let Some(rest) = text.strip_prefix("SH") {
        Some((SHADOW, rest))
    } else {
        ["R", "B", "G", "Y"]
            .iter()
            .position(|p| text.starts_with(p))
            .map(|f| (f, &text[1..]))
    };
    let parsed = family.and_then(|(f, digits)| Some((f, digits.parse::<usize>().ok()?)));
    match parsed {
        Some((f, value)) if value < deck.span && digits_only(&text) => Ok(deck.card(f, value)),
        _ => Err(bad(format!("{text:?} is not a card of this Num Wars deck"))),
    }
}

fn digits_only(text: &str) -> bool {
    text.trim_start_matches(char::is_alphabetic)
        .chars()
        .all(|c| c.is_ascii_digit())
}

/// A set of Python cards, refusing a card listed twice.
fn cards_from_py(deck: &Deck, cards: &Bound<'_, PyAny>, what: &str) -> PyResult<(Cards, usize)> {
    let mut set: Cards = 0;
    let mut count = 0;
    for card in cards.try_iter()? {
        let bit: Cards = 1 << card_from_py(deck, &card?)?;
        if set & bit != 0 {
            return Err(bad(format!("{what} holds a card twice")));
        }
        set |= bit;
        count += 1;
    }
    Ok((set, count))
}

/// One entry per seat of a Python tuple.
fn per_seat<'py>(state: &Bound<'py, PyAny>, name: &str, n: usize) -> PyResult<Vec<Bound<'py, PyAny>>> {
    let items: Vec<Bound<'py, PyAny>> = state.getattr(name)?.try_iter()?.collect::<PyResult<_>>()?;
    if items.len() != n {
        return Err(bad(format!("{name} must have one entry per seat ({n})")));
    }
    Ok(items)
}

fn seat_or_none(value: &Bound<'_, PyAny>, n: usize, name: &str) -> PyResult<Option<u8>> {
    if value.is_none() {
        return Ok(None);
    }
    match value.extract::<usize>() {
        Ok(s) if s < n => Ok(Some(s as u8)),
        _ => Err(bad(format!("{name} must be a seat or None"))),
    }
}

/// `Shown` as a fresh `inference.Tracker` finds it in `state.log`: the plays replayed
/// from the log's last `Dealt` (the tracker forgets at each one), each `Played` noted
/// against the trick it went to (followed as the tracker follows it: `Played` adds its
/// card, `Stole` empties the stolen card's place and adds an empty one, `TrickWon`
/// clears it).
///
/// `after` is the number of events since the round's `Dealt` (one per play, one per
/// finished trick, one for the Bomb's fate, two more once the game is over: as
/// `sampling._round_events` counts them), so only the round's events are read; a log
/// where that event is not a `Dealt` (a state built by hand, whose log does not tell
/// its round) is searched for its last `Dealt`, and read from its start without one,
/// as the tracker would read it.
fn shown_from_py(state: &Bound<'_, PyAny>, deck: &Deck, n: usize, after: usize) -> PyResult<Shown> {
    let py = state.py();
    let types = py.import("numrules.numwars.event_types")?;
    let (dealt, played, stole, won) = (
        types.getattr("Dealt")?,
        types.getattr("Played")?,
        types.getattr("Stole")?,
        types.getattr("TrickWon")?,
    );
    let log = state.getattr("log")?.call_method1("view", (py.None(),))?;
    let len = log.len()?;
    let is_deal = |i: usize| -> PyResult<bool> { Ok(log.get_item(i)?.get_type().is(&dealt)) };
    let start = match len.checked_sub(after + 1) {
        Some(i) if is_deal(i)? => i,
        _ => {
            let mut last = 0;
            for i in (0..len).rev() {
                if is_deal(i)? {
                    last = i;
                    break;
                }
            }
            last
        }
    };
    let mut shown = Shown::default();
    let mut trick: Vec<Card> = Vec::with_capacity(MAX_PLAYERS);
    for event in log.call_method1("since", (start,))?.try_iter()? {
        let event = event?;
        let kind = event.get_type();
        if kind.is(&played) {
            let seat = match event.getattr("seat")?.extract::<usize>() {
                Ok(s) if s < n => s,
                _ => return Err(bad("a Played event of the log names no seat".into())),
            };
            let card = card_from_py(deck, &event.getattr("card")?)?;
            shown.note(deck, seat, card, &trick);
            trick.push(card);
        } else if kind.is(&stole) {
            let stolen = card_from_py(deck, &event.getattr("stolen")?)?;
            if let Some(k) = trick.iter().position(|&c| c == stolen) {
                trick[k] = STOLEN;
            }
            trick.push(STOLEN);
        } else if kind.is(&won) {
            trick.clear();
        } else if kind.is(&dealt) {
            shown = Shown::default();
            trick.clear();
        }
    }
    Ok(shown)
}

impl PyGame for NumWars {
    fn config_from_py(config: &Bound<'_, PyAny>) -> PyResult<Config> {
        let int = |name: &str| -> PyResult<i64> {
            config
                .getattr(name)?
                .extract::<i64>()
                .map_err(|_| bad(format!("Config.{name} must be an int")))
        };
        let format = match config
            .getattr("format")?
            .getattr("value")?
            .extract::<String>()?
            .as_str()
        {
            "short" => Format::Short,
            "full" => Format::Full,
            other => return Err(bad(format!("unknown Num Wars format {other:?}"))),
        };
        let mut bonus = [0i32; 11];
        for (slot, name) in bonus.iter_mut().zip(Bonuses::NAMES) {
            let value = int(name)?;
            if value.abs() > MAX_BONUS {
                return Err(bad(format!(
                    "Config.{name} must lie in -{MAX_BONUS}..{MAX_BONUS}"
                )));
            }
            *slot = value as i32;
        }
        let size = |name: &str| -> PyResult<usize> {
            usize::try_from(int(name)?).map_err(|_| bad(format!("Config.{name} must not be negative")))
        };
        let rounds = u32::try_from(int("rounds")?).map_err(|_| bad("Config.rounds out of range".into()))?;
        Config::new(
            size("players")?,
            format,
            size("hand_size")?,
            rounds,
            size("joker_from")?,
            Bonuses::from_values(bonus),
        )
        .map_err(bad)
    }

    fn state_from_py(state: &Bound<'_, PyAny>) -> PyResult<State> {
        let config = Self::config_from_py(&state.getattr("config")?)?;
        let deck = config.deck();
        let n = config.n();
        let seed = state
            .getattr("seed")?
            .extract::<Seed>()
            .map_err(|_| bad("the native core holds seeds of at most 128 bits".into()))?;
        let round = state.getattr("round")?.extract::<u32>()?;
        if round >= config.rounds {
            return Err(bad(format!("round {round} out of range")));
        }
        let over = match state
            .getattr("phase")?
            .getattr("value")?
            .extract::<String>()?
            .as_str()
        {
            "play" => false,
            "over" => true,
            other => return Err(bad(format!("unknown Num Wars phase {other:?}"))),
        };
        let mut totals = [0i64; MAX_PLAYERS];
        for result in state.getattr("history")?.try_iter()? {
            let scores: Vec<i64> = result?.getattr("totals")?.extract()?;
            if scores.len() != n {
                return Err(bad("a finished round must score every seat".into()));
            }
            for (total, score) in totals.iter_mut().zip(scores) {
                *total = total
                    .checked_add(score)
                    .ok_or_else(|| bad("the totals overflow".into()))?;
            }
        }
        let mut lots = [0; MAX_PLAYERS];
        for (slot, card) in lots.iter_mut().zip(per_seat(state, "lots", n)?) {
            let card = card_from_py(deck, &card)?;
            if config.lot_mask & (1 << card) == 0 {
                return Err(bad("a lot card is not in the role lot".into()));
            }
            *slot = card;
        }
        let mut hands = [0; MAX_PLAYERS];
        let mut sizes = [0; MAX_PLAYERS];
        for (s, hand) in per_seat(state, "hands", n)?.iter().enumerate() {
            (hands[s], sizes[s]) = cards_from_py(deck, hand, "a hand")?;
        }
        let (aside, _) = cards_from_py(deck, &state.getattr("aside")?, "aside")?;
        let leader = seat_or_none(&state.getattr("leader")?, n, "leader")?
            .ok_or_else(|| bad("leader must be a seat".into()))?;
        let mut trick = [0; MAX_PLAYERS];
        let mut trick_len = 0;
        for card in state.getattr("trick")?.try_iter()? {
            let card = card?;
            if trick_len + 1 >= n {
                return Err(bad("the trick must hold fewer cards than players".into()));
            }
            trick[trick_len] = if card.is_none() {
                STOLEN
            } else {
                card_from_py(deck, &card)?
            };
            trick_len += 1;
        }
        let mut won = [0; MAX_PLAYERS];
        for (s, pile) in per_seat(state, "won", n)?.iter().enumerate() {
            won[s] = cards_from_py(deck, pile, "a won pile")?.0;
        }
        let mut pairs = [0u32; MAX_PLAYERS];
        for (s, pile) in per_seat(state, "pairs", n)?.iter().enumerate() {
            let (cards, _) = cards_from_py(deck, pile, "a pile of pairs")?;
            if cards & !deck.trumps != 0 {
                return Err(bad("stolen pairs are real trumps".into()));
            }
            // Bit v for the pair of value v, from either half.
            let span = deck.span;
            let half = |f: usize| ((cards >> (f * span)) & ((1 << span) - 1)) as u32;
            pairs[s] = half(RAINBOW) | half(SHADOW);
        }
        let mut tricks = [0u8; MAX_PLAYERS];
        for (s, count) in per_seat(state, "tricks", n)?.iter().enumerate() {
            tricks[s] = count
                .extract::<u8>()
                .map_err(|_| bad("a trick count is a small int".into()))?;
        }
        let bomb_value = state.getattr("bomb")?;
        let bomb = if bomb_value.is_none() {
            None
        } else {
            Some(match bomb_value.getattr("value")?.extract::<String>()?.as_str() {
                "kept" => Fate::Kept,
                "protected" => Fate::Protected,
                "captured" => Fate::Captured,
                other => return Err(bad(format!("unknown fate {other:?}"))),
            })
        };
        let capturer = seat_or_none(&state.getattr("capturer")?, n, "capturer")?;
        let protector = seat_or_none(&state.getattr("protector")?, n, "protector")?;
        // The hands must agree with the tricks played (as `check_state` requires): then
        // the seat to act always holds a card while the game goes on.
        let played: u64 = tricks.iter().map(|&t| u64::from(t)).sum();
        for k in 0..n {
            let seat = (leader as usize + k) % n;
            let expected = i64::from(config.hand_size) - played as i64 - i64::from(k < trick_len);
            let ok = sizes[seat] as i64 == expected && (over || k != trick_len || expected > 0);
            if !ok {
                return Err(bad(format!(
                    "seat {seat} holds {} cards, expected {expected}: not a position of the rules",
                    sizes[seat]
                )));
            }
        }
        // The hands agree with the tricks: `finished` is at most the hand size.
        let finished: usize = tricks.iter().map(|&t| t as usize).sum();
        let after = finished * n + trick_len + finished + usize::from(bomb.is_some()) + 2 * usize::from(over);
        let shown = shown_from_py(state, deck, n, after)?;
        Ok(State {
            config,
            seed,
            round,
            over,
            totals,
            lots,
            hands,
            aside,
            leader,
            trick,
            trick_len: trick_len as u8,
            won,
            pairs,
            tricks,
            bomb,
            capturer,
            protector,
            shown,
        })
    }
}
