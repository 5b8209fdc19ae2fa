//! The native core of numrules (see the crate's README).
pub mod anyturn;
pub mod game;
pub mod numbounce;
pub mod numstop;
pub mod numwars;
#[cfg(feature = "python")]
pub mod python;
pub mod rng;
pub mod stackattack;
