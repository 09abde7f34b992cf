//! Prints this processor's reciprocal fingerprint (`reciprocal_fingerprint`: which `rcpps`
//! gnubg's hidden layer gets here), as `tests/data/native/processor.json` records it for the
//! stored gnubg figures: `cargo run -p bgw-engine --example reciprocal_fingerprint`.

fn main() {
    println!(
        "{:#018x}",
        bgw_engine::reference::native::reciprocal_fingerprint()
    );
}
