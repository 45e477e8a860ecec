//! tinyhash: a small non-cryptographic hash.

mod bindings;
mod ffi;

/// Hashes `data` with the given `seed`.
///
/// ```
/// assert_eq!(tinyhash::hash(b"", 0), tinyhash::hash(b"", 0));
/// ```
pub fn hash(data: &[u8], seed: u64) -> u64 {
    ffi::hash(data, seed)
}
