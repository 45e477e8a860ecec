use crate::bindings;

pub(crate) fn hash(data: &[u8], seed: u64) -> u64 {
    // SAFETY: pointer and length come from a valid slice.
    unsafe { bindings::th_hash(data.as_ptr(), data.len(), seed) }
}
