//! The forward pass of gnubg's nets, with gnubg's sigmoid, in the arithmetic of its x86-64
//! build (Debian's gnubg 1.07: SSE2 and `-ffast-math`, the default of its `configure`).
//!
//! gnubg's sigmoid is not `exp`: it is a table of `exp(k/10)/10` for k = 0…99 and a straight
//! line between neighbours, `1 / (1 + e[k] · (10 + 10x − k))` for `x ≥ 0` (k the whole part
//! of 10x, x clamped at 10), and one minus that for `x < 0`. In the hidden layer gnubg's
//! vector code takes the reciprocal with the processor's approximate `rcpps` (its
//! `-ffast-math` build), which is off by up to 1.5 · 2⁻¹² relative; the output layer divides.
//! To give gnubg's figures to 1e-5 this module does the same: `rcpps` on x86-64 (the same
//! instruction on the same processor gives the same bits), an exact division elsewhere (then
//! the probabilities differ from gnubg's x86 build by up to a few 1e-4).
//!
//! Sums follow gnubg's order: each hidden node is its threshold plus the inputs' products in
//! input order (zero inputs skipped, as adding zero changes nothing), which vectorises over
//! the hidden nodes without changing a bit; each output sums the hidden products in four
//! lanes (hidden node `j` in lane `j mod 4`), then `(lane0 + lane1) + (lane2 + lane3)`, then
//! its threshold — the shape of gnubg's SSE loop.

// The loops keep gnubg's indices (points, rolls, outputs), which say what they compute.
#![allow(clippy::needless_range_loop)]

use super::weights::{Net, OUTPUTS};
use std::sync::LazyLock;

/// The largest hidden layer evaluated without allocating (gnubg's nets have 128 nodes).
pub const STACK_HIDDEN: usize = 128;

/// `e[k] = exp(k/10)/10` for k = 0…99, and e[100] = e[99] (gnubg's table has the one extra
/// entry, reached when x is clamped at 10).
static E: LazyLock<[f32; 101]> = LazyLock::new(|| {
    let mut e = [0f32; 101];
    for (k, v) in e.iter_mut().enumerate().take(100) {
        *v = ((k as f64 / 10.0).exp() / 10.0) as f32;
    }
    e[100] = e[99];
    e
});

/// The sigmoid's denominator for `a = |x| ≥ 0`: `1 + e[k] · ((10a − k) + 10)` with 10a
/// clamped at 100.
#[inline(always)]
fn denominator(a: f32, e: &[f32; 101]) -> f32 {
    let x1 = a.min(10.0) * 10.0;
    let k = x1 as i32; // truncation, as cvttps2dq
    let t = (x1 - k as f32) + 10.0;
    t * e[k as usize] + 1.0
}

/// gnubg's scalar sigmoid of the output layer, as it is called there: of `x = β · sum`,
/// `1/(1+e^(-x))` by the table (`sigmoid(-x)` in gnubg's words).
#[inline]
pub fn output_sigmoid(x: f32) -> f32 {
    let e = &*E;
    if x > 0.0 {
        if x < 10.0 {
            let x1 = x * 10.0;
            let k = x1 as i32;
            1.0 - 1.0 / (1.0 + e[k as usize] * ((10 - k) as f32 + x1))
        } else {
            19930.37 / 19931.37
        }
    } else if x > -10.0 {
        let x1 = x * -10.0;
        let k = x1 as i32;
        1.0 / (1.0 + e[k as usize] * ((10 - k) as f32 + x1))
    } else {
        1.0 / 19931.37
    }
}

/// Four reciprocals as gnubg's hidden layer takes them.
#[inline(always)]
fn reciprocal4(d: [f32; 4]) -> [f32; 4] {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_loadu_ps, _mm_rcp_ps, _mm_storeu_ps};
        let mut out = [0f32; 4];
        // SAFETY: SSE is part of every x86-64 processor; the pointers are to four floats.
        unsafe {
            _mm_storeu_ps(out.as_mut_ptr(), _mm_rcp_ps(_mm_loadu_ps(d.as_ptr())));
        }
        out
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        [1.0 / d[0], 1.0 / d[1], 1.0 / d[2], 1.0 / d[3]]
    }
}

/// Identifies this processor's reciprocal estimate (`rcpps`, which gnubg's hidden layer takes):
/// a 64-bit FNV-1a hash of its results on 65,536 numbers spread over `[1, 2)`. Makers' estimates
/// differ (both within 1.5 · 2⁻¹² of the true value), so gnubg's own figures differ between
/// processors by up to a few 1e-4; two processors with the same fingerprint give gnubg's nets,
/// gnubg's and ours, the same bits. Without x86-64 it is the exact division's.
pub fn reciprocal_fingerprint() -> u64 {
    fingerprint_of(reciprocal4)
}

/// The `k`-th number the fingerprint takes the reciprocal of: the top sixteen bits of the
/// mantissa in order, the low seven scrambled.
fn fingerprint_probe(k: u32) -> f32 {
    f32::from_bits(0x3f80_0000 | (k << 7) | (k.wrapping_mul(0x9e37_79b1) >> 25))
}

/// The hash of [`reciprocal_fingerprint`] of any four-at-a-time reciprocal.
fn fingerprint_of(reciprocal: impl Fn([f32; 4]) -> [f32; 4]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for k in (0u32..1 << 16).step_by(4) {
        let four: [f32; 4] = std::array::from_fn(|i| fingerprint_probe(k + i as u32));
        for r in reciprocal(four) {
            for byte in r.to_bits().to_le_bytes() {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
    }
    hash
}

/// The hidden layer's sigmoid of four sums (each times β first).
#[inline(always)]
fn hidden_sigmoid4(sums: &mut [f32], beta: f32, e: &[f32; 101]) {
    let x = [
        sums[0] * beta,
        sums[1] * beta,
        sums[2] * beta,
        sums[3] * beta,
    ];
    let d = [
        denominator(x[0].abs(), e),
        denominator(x[1].abs(), e),
        denominator(x[2].abs(), e),
        denominator(x[3].abs(), e),
    ];
    let c = reciprocal4(d);
    for i in 0..4 {
        sums[i] = if x[i] < 0.0 { c[i] } else { 1.0 - c[i] };
    }
}

/// The most inputs a net is evaluated through the list of those that count (gnubg's nets
/// have 250).
pub const LISTED_INPUTS: usize = 256;

/// An input that counts: its index and its value (not zero).
pub type Listed = (u32, f32);

/// Evaluates `net` on `inputs` (its length is the net's inputs) into the five outputs.
pub fn evaluate(net: &Net, inputs: &[f32]) -> [f32; OUTPUTS] {
    debug_assert_eq!(inputs.len(), net.inputs);
    if inputs.len() <= LISTED_INPUTS {
        // The inputs that count: adding zero changes nothing.
        let mut listed = [(0u32, 0f32); LISTED_INPUTS];
        let mut n = 0;
        for (c, chunk) in inputs.chunks(8).enumerate() {
            // Which of eight are not zero, at once; then those in order.
            let mut mask = 0u32;
            for (k, &x) in chunk.iter().enumerate() {
                mask |= u32::from(x != 0.0) << k;
            }
            while mask != 0 {
                let i = 8 * c + mask.trailing_zeros() as usize;
                listed[n] = (i as u32, inputs[i]);
                n += 1;
                mask &= mask - 1;
            }
        }
        return evaluate_listed(net, &listed[..n]);
    }
    let mut hidden = net.hidden_thresholds.clone();
    for (x, w) in inputs
        .iter()
        .zip(net.hidden_weights.chunks_exact(net.hidden))
    {
        if *x != 0.0 {
            add_products(&mut hidden, w, *x);
        }
    }
    outputs_from_sums(net, &mut hidden)
}

/// Evaluates `net` on the inputs of `listed` (in the order of their indices; every other
/// input zero) into the five outputs: [`evaluate`] without the zeros.
pub fn evaluate_listed(net: &Net, listed: &[Listed]) -> [f32; OUTPUTS] {
    let h = net.hidden;
    if h <= STACK_HIDDEN {
        let mut buf = [0f32; STACK_HIDDEN];
        forward(net, listed, &mut buf[..h])
    } else {
        let mut buf = vec![0f32; h];
        forward(net, listed, &mut buf)
    }
}

/// The forward pass, through the processor's 256-bit vectors where it has them (AVX2 on
/// x86-64): the same products and sums in the same order, rounded the same way (no fused
/// multiply-add), so the same bits.
fn forward(net: &Net, listed: &[Listed], hidden: &mut [f32]) -> [f32; OUTPUTS] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2, checked just above.
        return unsafe { forward_avx2(net, listed, hidden) };
    }
    sums_in_order(net, listed, hidden);
    outputs_from_sums(net, hidden)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn forward_avx2(net: &Net, listed: &[Listed], hidden: &mut [f32]) -> [f32; OUTPUTS] {
    sums_in_order(net, listed, hidden);
    hidden_sigmoid_avx2(hidden, net.beta_hidden, &E);
    output_layer(net, hidden)
}

/// The hidden layer's sigmoid ([`hidden_sigmoid4`]) of eight sums at a time, each step the
/// same IEEE operation on eight lanes (the table read by a gather), the reciprocals still
/// taken four at a time by `rcpps` as gnubg's; the last sums short of eight four at a time.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn hidden_sigmoid_avx2(sums: &mut [f32], beta: f32, e: &[f32; 101]) {
    use std::arch::x86_64::*;
    let eights = sums.len() / 8;
    let beta8 = _mm256_set1_ps(beta);
    let magnitude = _mm256_castsi256_ps(_mm256_set1_epi32(0x7fff_ffff));
    let (zero, one, ten) = (
        _mm256_setzero_ps(),
        _mm256_set1_ps(1.0),
        _mm256_set1_ps(10.0),
    );
    for c in 0..eights {
        let at = sums[8 * c..8 * c + 8].as_mut_ptr();
        // SAFETY: `at` points to eight floats of `sums`.
        let x = _mm256_mul_ps(unsafe { _mm256_loadu_ps(at) }, beta8);
        let a = _mm256_and_ps(x, magnitude);
        let x1 = _mm256_mul_ps(_mm256_min_ps(a, ten), ten);
        let k = _mm256_cvttps_epi32(x1);
        let t = _mm256_add_ps(_mm256_sub_ps(x1, _mm256_cvtepi32_ps(k)), ten);
        // SAFETY: k is within 0..=100 (x1 within 0..=100; NaN is taken to 10 by the min),
        // the indices of `e`.
        let ek = unsafe { _mm256_i32gather_ps::<4>(e.as_ptr(), k) };
        let d = _mm256_add_ps(_mm256_mul_ps(t, ek), one);
        let r = _mm256_set_m128(
            _mm_rcp_ps(_mm256_extractf128_ps::<1>(d)),
            _mm_rcp_ps(_mm256_castps256_ps128(d)),
        );
        let negative = _mm256_cmp_ps::<_CMP_LT_OQ>(x, zero);
        let y = _mm256_blendv_ps(_mm256_sub_ps(one, r), r, negative);
        // SAFETY: as above.
        unsafe { _mm256_storeu_ps(at, y) };
    }
    for four in sums[8 * eights..].chunks_exact_mut(4) {
        hidden_sigmoid4(four, beta, e);
    }
}

/// `sums[j] += w[j] · x`, an input of 1 added as it is (the product is exact).
#[inline(always)]
fn add_products(sums: &mut [f32], w: &[f32], x: f32) {
    if x == 1.0 {
        for (a, w) in sums.iter_mut().zip(w) {
            *a += *w;
        }
    } else {
        for (a, w) in sums.iter_mut().zip(w) {
            *a += *w * x;
        }
    }
}

/// The sums of the `N` hidden nodes from `start`, kept in the processor's registers while
/// the inputs of `listed` go by, each node's in input order.
#[inline(always)]
fn sum_block<const N: usize>(hidden: &mut [f32], start: usize, net: &Net, listed: &[Listed]) {
    let h = net.hidden;
    let mut acc: [f32; N] = hidden[start..start + N].try_into().expect("a block");
    for &(i, x) in listed {
        let at = i as usize * h + start;
        let w: &[f32; N] = net.hidden_weights[at..at + N].try_into().expect("a block");
        if x == 1.0 {
            for k in 0..N {
                acc[k] += w[k];
            }
        } else {
            for k in 0..N {
                acc[k] += w[k] * x;
            }
        }
    }
    hidden[start..start + N].copy_from_slice(&acc);
}

/// The hidden nodes' sums: each its threshold plus the products of `listed` in input order.
#[inline(always)]
fn sums_in_order(net: &Net, listed: &[Listed], hidden: &mut [f32]) {
    let h = net.hidden;
    hidden.copy_from_slice(&net.hidden_thresholds);
    // 64 sums at once (eight 256-bit vectors), then the pruning nets' 16 or 8.
    let mut start = 0;
    while start + 64 <= h {
        sum_block::<64>(hidden, start, net, listed);
        start += 64;
    }
    while start + 16 <= h {
        sum_block::<16>(hidden, start, net, listed);
        start += 16;
    }
    while start + 4 <= h {
        sum_block::<4>(hidden, start, net, listed);
        start += 4;
    }
    if start < h {
        for &(i, x) in listed {
            let at = i as usize * h;
            add_products(
                &mut hidden[start..],
                &net.hidden_weights[at + start..at + h],
                x,
            );
        }
    }
}

/// The outputs of `net` from its hidden nodes' sums (threshold plus the inputs' products):
/// the hidden layer's sigmoid and the output layer of [`evaluate`], also for a caller that sums
/// the inputs itself (`why.rs` adds one group's inputs at a time).
#[inline(always)]
pub(super) fn outputs_from_sums(net: &Net, hidden: &mut [f32]) -> [f32; OUTPUTS] {
    let e = &*E;
    for four in hidden.chunks_exact_mut(4) {
        hidden_sigmoid4(four, net.beta_hidden, e);
    }
    output_layer(net, hidden)
}

/// The output layer of `net` from its hidden nodes (after their sigmoid).
#[inline(always)]
fn output_layer(net: &Net, hidden: &[f32]) -> [f32; OUTPUTS] {
    let h = net.hidden;
    let mut out = [0f32; OUTPUTS];
    for (o, w) in out.iter_mut().zip(net.output_weights.chunks_exact(h)) {
        let mut lanes = [0f32; 4];
        for (a, w) in hidden.chunks_exact(4).zip(w.chunks_exact(4)) {
            for k in 0..4 {
                lanes[k] += a[k] * w[k];
            }
        }
        let sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
        *o = sum;
    }
    for (o, t) in out.iter_mut().zip(&net.output_thresholds) {
        *o = output_sigmoid((*o + *t) * net.beta_output);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A net of `inputs` × `hidden` × 5 with seeded weights of gnubg's size (within ±2).
    fn seeded_net(inputs: usize, hidden: usize, rng: &mut crate::core::rng::SplitMix64) -> Net {
        let mut w = |n: usize| -> Vec<f32> {
            (0..n)
                .map(|_| (rng.below(1 << 20) as f32 / (1 << 19) as f32 - 1.0) * 2.0)
                .collect()
        };
        Net {
            inputs,
            hidden,
            outputs: OUTPUTS,
            beta_hidden: 0.1,
            beta_output: 1.0,
            hidden_weights: w(inputs * hidden),
            output_weights: w(OUTPUTS * hidden),
            hidden_thresholds: w(hidden),
            output_thresholds: w(OUTPUTS),
        }
    }

    /// The forward pass as it was first written: every hidden node's sum in input order, one
    /// node after the other.
    fn plain_forward(net: &Net, inputs: &[f32]) -> [f32; OUTPUTS] {
        let h = net.hidden;
        let mut hidden = net.hidden_thresholds.clone();
        for (x, w) in inputs.iter().zip(net.hidden_weights.chunks_exact(h)) {
            if *x != 0.0 {
                for (a, w) in hidden.iter_mut().zip(w) {
                    *a += *w * *x;
                }
            }
        }
        // The layers after the sums are the pass's own: what is held is the sums.
        outputs_from_sums(net, &mut hidden)
    }

    /// The fast forward pass (blocks of sums kept in registers, the processor's widest
    /// vectors) gives the plain one's bits, for gnubg's shapes of net and for others.
    #[test]
    fn the_fast_forward_pass_changes_no_bit() {
        let mut rng = crate::core::rng::SplitMix64::new(50);
        for (inputs, hidden) in [
            (250, 128),
            (214, 128),
            (200, 16),
            (200, 8),
            (300, 12),
            (20, 132),
        ] {
            let net = seeded_net(inputs, hidden, &mut rng);
            for _ in 0..200 {
                // Inputs as gnubg's are: mostly 0, some 1, some fractions.
                let x: Vec<f32> = (0..inputs)
                    .map(|_| match rng.below(4) {
                        0 | 1 => 0.0,
                        2 => 1.0,
                        _ => rng.below(1000) as f32 / 300.0,
                    })
                    .collect();
                let fast = evaluate(&net, &x).map(f32::to_bits);
                assert_eq!(
                    fast,
                    plain_forward(&net, &x).map(f32::to_bits),
                    "{inputs}×{hidden}"
                );
            }
        }
    }

    /// The fingerprint is the processor's: the same at every call, and on x86-64 not the exact
    /// division's (`rcpps` is an estimate), so it tells estimates apart.
    #[test]
    fn the_reciprocal_fingerprint_tells_the_estimate_from_the_division() {
        assert_eq!(reciprocal_fingerprint(), reciprocal_fingerprint());
        let exact = fingerprint_of(|d| d.map(|x| 1.0 / x));
        if cfg!(target_arch = "x86_64") {
            assert_ne!(reciprocal_fingerprint(), exact);
        } else {
            assert_eq!(reciprocal_fingerprint(), exact);
        }
        // One changed bit anywhere changes it.
        let nudged = fingerprint_of(|d| {
            let mut r = reciprocal4(d);
            if d[0] == fingerprint_probe(4000) {
                r[0] = f32::from_bits(r[0].to_bits() ^ 1);
            }
            r
        });
        assert_ne!(nudged, reciprocal_fingerprint());
    }

    /// The hidden sigmoid eight at a time gives the four-at-a-time one's bits, for sums of
    /// every size and sign (the table's steps, its end at 10, zero, both signs of zero).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_wide_hidden_sigmoid_changes_no_bit() {
        if !std::arch::is_x86_feature_detected!("avx2") {
            return;
        }
        let e = &*E;
        let mut rng = crate::core::rng::SplitMix64::new(51);
        for round in 0..20_000 {
            let n = 4 * (1 + rng.below(33) as usize); // 4…132 sums: eights and a last four
            let mut sums: Vec<f32> = (0..n)
                .map(|_| match rng.below(6) {
                    0 => (rng.below(2001) as f32 - 1000.0) / 10.0, // on the table's steps
                    1 => 0.0,
                    2 => -0.0,
                    _ => (rng.below(1 << 24) as f32 / (1 << 20) as f32 - 8.0) * 20.0,
                })
                .collect();
            let beta = [0.1f32, 1.0, 0.5][round % 3];
            let mut narrow = sums.clone();
            for four in narrow.chunks_exact_mut(4) {
                hidden_sigmoid4(four, beta, e);
            }
            // SAFETY: the processor has AVX2, checked above.
            unsafe { hidden_sigmoid_avx2(&mut sums, beta, e) };
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&sums), bits(&narrow));
        }
    }

    #[test]
    fn the_table_is_exp_over_ten() {
        let e = &*E;
        assert_eq!(e[0], 0.1);
        assert!((e[10] - std::f32::consts::E / 10.0).abs() < 1e-7);
        assert_eq!(e[100], e[99]);
    }

    #[test]
    fn the_output_sigmoid_is_close_to_the_logistic() {
        for i in -120..=120 {
            let x = i as f32 / 10.0 + 0.03;
            let exact = 1.0 / (1.0 + (-x as f64).exp());
            let got = output_sigmoid(x) as f64;
            assert!((got - exact).abs() < 2e-3, "{x}: {got} vs {exact}");
        }
        assert_eq!(output_sigmoid(0.0), 0.5);
    }

    #[test]
    fn the_hidden_sigmoid_is_the_logistic_within_rcpps_error() {
        let e = &*E;
        let mut v = [-3.2f32, -0.4, 0.0, 25.0];
        hidden_sigmoid4(&mut v, 1.0, e);
        for (x, got) in [-3.2f64, -0.4, 0.0, 25.0].iter().zip(v) {
            let exact = 1.0 / (1.0 + (-x).exp());
            assert!((got as f64 - exact).abs() < 3e-3, "{x}: {got} vs {exact}");
        }
    }
}
