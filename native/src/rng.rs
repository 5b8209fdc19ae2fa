//! Seeded randomness, bit for bit as `numrules.core.rng` and CPython's `random.Random`.
//!
//! - [`derive_seed`]: SHA-256 of the text `"seed/part/part..."`, first 8 bytes big-endian.
//! - [`Mt`]: CPython's Mersenne Twister, seeded from an int as `random.Random(n)` is
//!   (`init_by_array` over the 32-bit words of `abs(n)`, least significant first), with
//!   `getrandbits`, `random` and `randrange`/`below`.
//! - [`shuffle`] / [`arrange_deck`]: the Fisher-Yates shuffle of `numrules.core.rng.shuffled`.

use std::sync::OnceLock;

use sha2::{Digest, Sha256};

/// A game or bot seed: any Python int of at most 128 bits, its sign apart (the seeds
/// of `new_seed` and of sampled states are 128 random bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Seed {
    negative: bool,
    magnitude: u128,
}

impl Seed {
    /// The seed `-magnitude` (if `negative`) or `magnitude`.
    pub fn new(negative: bool, magnitude: u128) -> Seed {
        Seed {
            negative: negative && magnitude != 0,
            magnitude,
        }
    }

    /// Whether it is below zero.
    pub fn is_negative(self) -> bool {
        self.negative
    }

    /// Its absolute value (what seeds the Mersenne Twister).
    pub fn magnitude(self) -> u128 {
        self.magnitude
    }
}

impl std::fmt::Display for Seed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.negative {
            write!(f, "-{}", self.magnitude)
        } else {
            write!(f, "{}", self.magnitude)
        }
    }
}

impl From<i128> for Seed {
    fn from(n: i128) -> Seed {
        Seed::new(n < 0, n.unsigned_abs())
    }
}

impl From<u128> for Seed {
    fn from(n: u128) -> Seed {
        Seed::new(false, n)
    }
}

impl From<u64> for Seed {
    fn from(n: u64) -> Seed {
        Seed::new(false, u128::from(n))
    }
}

impl From<i64> for Seed {
    fn from(n: i64) -> Seed {
        Seed::new(n < 0, u128::from(n.unsigned_abs()))
    }
}

impl From<i32> for Seed {
    fn from(n: i32) -> Seed {
        Seed::new(n < 0, u128::from(n.unsigned_abs()))
    }
}

impl From<u32> for Seed {
    fn from(n: u32) -> Seed {
        Seed::new(false, u128::from(n))
    }
}

impl From<usize> for Seed {
    fn from(n: usize) -> Seed {
        Seed::new(false, n as u128)
    }
}

/// One label of a [`derive_seed`] path: a number or a word, printed as Python's `str`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part<'a> {
    /// An integer label (`str(n)` in Python).
    Int(i128),
    /// A text label.
    Str(&'a str),
}

impl From<i128> for Part<'_> {
    fn from(n: i128) -> Self {
        Part::Int(n)
    }
}

impl From<u64> for Part<'_> {
    fn from(n: u64) -> Self {
        Part::Int(i128::from(n))
    }
}

impl From<usize> for Part<'_> {
    fn from(n: usize) -> Self {
        // usize fits in i128 on every platform Rust supports.
        Part::Int(n as i128)
    }
}

impl From<i64> for Part<'_> {
    fn from(n: i64) -> Self {
        Part::Int(i128::from(n))
    }
}

impl From<u32> for Part<'_> {
    fn from(n: u32) -> Self {
        Part::Int(i128::from(n))
    }
}

impl<'a> From<&'a str> for Part<'a> {
    fn from(s: &'a str) -> Self {
        Part::Str(s)
    }
}

/// `numrules.core.rng.derive_seed(seed, *path)`: an independent 64-bit seed.
pub fn derive_seed(seed: Seed, path: &[Part<'_>]) -> u64 {
    let mut text = seed.to_string();
    for part in path {
        text.push('/');
        match part {
            Part::Int(n) => text.push_str(&n.to_string()),
            Part::Str(s) => text.push_str(s),
        }
    }
    let digest = Sha256::digest(text.as_bytes());
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_be_bytes(first)
}

const N: usize = 624;
const M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UPPER_MASK: u32 = 0x8000_0000;
const LOWER_MASK: u32 = 0x7fff_ffff;

/// CPython's `random.Random`: the Mersenne Twister MT19937 and the few methods numrules uses.
#[derive(Clone)]
pub struct Mt {
    state: [u32; N],
    index: usize,
}

impl std::fmt::Debug for Mt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Mt")
            .field("index", &self.index)
            .finish_non_exhaustive()
    }
}

impl Mt {
    /// `random.Random(seed)` for an int seed.
    pub fn new(seed: Seed) -> Mt {
        let mut n = seed.magnitude();
        let mut key = Vec::with_capacity(4);
        while n != 0 {
            key.push((n & 0xffff_ffff) as u32);
            n >>= 32;
        }
        if key.is_empty() {
            key.push(0);
        }
        Mt::from_key(&key)
    }

    fn from_genrand(s: u32) -> Mt {
        let mut state = [0u32; N];
        state[0] = s;
        for i in 1..N {
            let prev = state[i - 1];
            state[i] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(i as u32);
        }
        Mt { state, index: N }
    }

    /// MT19937's `init_by_array`, as CPython seeds from an int's 32-bit words.
    pub fn from_key(key: &[u32]) -> Mt {
        // Every seeding starts from init_genrand(19650218): worked out once, then copied.
        static START: OnceLock<Mt> = OnceLock::new();
        let mut mt = START.get_or_init(|| Mt::from_genrand(19_650_218)).clone();
        let s = &mut mt.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            let prev = s[i - 1];
            s[i] = (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_664_525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                s[0] = s[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            let prev = s[i - 1];
            s[i] = (s[i] ^ (prev ^ (prev >> 30)).wrapping_mul(1_566_083_941)).wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                s[0] = s[N - 1];
                i = 1;
            }
        }
        s[0] = 0x8000_0000;
        mt
    }

    fn twist(&mut self) {
        let s = &mut self.state;
        for k in 0..N {
            let y = (s[k] & UPPER_MASK) | (s[(k + 1) % N] & LOWER_MASK);
            let mag = if y & 1 == 1 { MATRIX_A } else { 0 };
            s[k] = s[(k + M) % N] ^ (y >> 1) ^ mag;
        }
        self.index = 0;
    }

    /// The generator of a CPython `random.Random().getstate()[1]`: 624 words and the
    /// index (None unless there are 625 numbers with the index at most 624).
    pub fn from_state(words: &[u32], index: usize) -> Option<Mt> {
        let state: [u32; N] = words.try_into().ok()?;
        (index <= N).then_some(Mt { state, index })
    }

    /// The words and index of `getstate()[1]`, to hand the generator back to CPython.
    pub fn state(&self) -> (&[u32; N], usize) {
        (&self.state, self.index)
    }

    /// The next raw 32-bit output (`genrand_uint32`).
    pub fn next_u32(&mut self) -> u32 {
        if self.index >= N {
            self.twist();
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// `getrandbits(k)` for `k` in 0..=32.
    pub fn getrandbits(&mut self, k: u32) -> u32 {
        debug_assert!(k <= 32);
        if k == 0 {
            return 0;
        }
        self.next_u32() >> (32 - k)
    }

    /// `random()`: a float in [0, 1) from 53 random bits.
    pub fn random(&mut self) -> f64 {
        let a = f64::from(self.next_u32() >> 5);
        let b = f64::from(self.next_u32() >> 6);
        (a * 67_108_864.0 + b) * (1.0 / 9_007_199_254_740_992.0)
    }

    /// `numrules.core.rng.below(rng, n)`, which is also CPython's `randrange(n)`:
    /// rejection on `n.bit_length()` raw bits. `n` must be at least 1.
    pub fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n >= 1);
        let bits = 32 - n.leading_zeros();
        loop {
            let r = self.getrandbits(bits);
            if r < n {
                return r;
            }
        }
    }
}

/// Shuffle `items` in place exactly as `numrules.core.rng.shuffled(items, seed)` orders them.
pub fn shuffle<T>(items: &mut [T], seed: Seed) {
    let mut rng = Mt::new(seed);
    for i in (1..items.len()).rev() {
        let j = rng.below((i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

/// `numrules.core.rng.arrange_deck(cards, seed, stacked)` for a valid `stacked` (the
/// Python side checks it): the stacked cards first, the rest shuffled from `seed`.
pub fn arrange_deck<T: Copy + PartialEq>(cards: &[T], seed: Seed, stacked: Option<&[T]>) -> Vec<T> {
    match stacked {
        None => {
            let mut out = cards.to_vec();
            shuffle(&mut out, seed);
            out
        }
        Some(first) => {
            let mut rest: Vec<T> = cards.iter().copied().filter(|c| !first.contains(c)).collect();
            shuffle(&mut rest, seed);
            let mut out = first.to_vec();
            out.extend(rest);
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derive_seed_matches_python() {
        // python -c "from numrules.core.rng import derive_seed; print(derive_seed(7, 'round', 3))"
        assert_eq!(
            derive_seed(Seed::from(7i128), &["round".into(), Part::Int(3)]),
            PY_DERIVE_7_ROUND_3
        );
    }

    #[test]
    fn mersenne_twister_matches_python() {
        // python -c "import random; r = random.Random(5489); print([r.getrandbits(32) for _ in range(3)])"
        let mut mt = Mt::new(Seed::from(5489i128));
        let first: Vec<u32> = (0..3).map(|_| mt.getrandbits(32)).collect();
        assert_eq!(first, PY_MT_5489);
    }

    const PY_DERIVE_7_ROUND_3: u64 = 299_726_128_056_035_486;
    const PY_MT_5489: [u32; 3] = [3_382_763_572, 956_215_839, 417_760_592];
}
