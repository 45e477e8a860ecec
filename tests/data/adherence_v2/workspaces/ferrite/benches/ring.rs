use criterion::{criterion_group, criterion_main, Criterion};

fn push_pop(c: &mut Criterion) {
    c.bench_function("push_pop", |b| {
        let mut r = ferrite::Ring::<u32, 64>::new();
        b.iter(|| r.len())
    });
}

criterion_group!(benches, push_pop);
criterion_main!(benches);
