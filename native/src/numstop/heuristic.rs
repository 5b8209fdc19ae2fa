//! Num Stop's strategy in the core: `Game.evaluate` ([`evaluation`]) and the heuristic
//! bot of `numrules.numstop.strategy.bots`.

pub mod evaluation;
