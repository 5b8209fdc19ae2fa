//! The native core of numrules: the four Num games in Rust, bit-identical to the Python
//! engines, with the Python module `numrules_native` (feature `python`, built by maturin).
//!
//! `rng` ports the seeded randomness, `game` the rules contract and the generic drivers,
//! `anyturn` the face every game shares, `python` the bindings; one module per game.
//! See docs/native.md in the repository.
pub mod anyturn;
pub mod game;
pub mod numbounce;
pub mod numstop;
pub mod numwars;
#[cfg(feature = "python")]
pub mod python;
pub mod rng;
pub mod stackattack;
