use core::mem::MaybeUninit;

pub(crate) struct RawBuf<T, const N: usize> {
    slots: [MaybeUninit<T>; N],
}

impl<T, const N: usize> RawBuf<T, N> {
    pub(crate) const fn new() -> Self {
        // SAFETY: an array of MaybeUninit needs no initialisation.
        Self { slots: unsafe { MaybeUninit::uninit().assume_init() } }
    }
}
