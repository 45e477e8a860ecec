//! A fixed-capacity ring buffer.
#![cfg_attr(not(feature = "std"), no_std)]

mod raw;

/// A ring buffer holding at most `N` items.
///
/// ```
/// let mut r = ferrite::Ring::<u8, 4>::new();
/// r.push(1);
/// assert_eq!(r.pop(), Some(1));
/// ```
pub struct Ring<T, const N: usize> {
    buf: raw::RawBuf<T, N>,
    head: usize,
    len: usize,
}

impl<T, const N: usize> Ring<T, N> {
    pub const fn new() -> Self {
        Self { buf: raw::RawBuf::new(), head: 0, len: 0 }
    }

    pub fn len(&self) -> usize {
        self.len
    }
}
