use bgw_engine::benchmark::*;
use bgw_engine::classic::Weights;
use std::sync::atomic::AtomicBool;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let train = ClassicRescore::new(Benchmark::load(std::path::Path::new(&a[1])).unwrap());
    let test = ClassicRescore::new(Benchmark::load(std::path::Path::new(&a[2])).unwrap());
    let start = if a.len() > 3 {
        Weights::load(std::path::Path::new(&a[3])).unwrap()
    } else {
        Weights::default()
    };
    let mut config = FitConfig::default();
    if let Ok(t) = std::env::var("START_T") {
        config.start_temperature = t.parse().unwrap();
    }
    if let Ok(t) = std::env::var("HOPS") {
        config.hops = t.parse().unwrap();
    }
    if let Ok(t) = std::env::var("HOP") {
        config.hop_size = t.parse().unwrap();
    }
    if let Ok(t) = std::env::var("END_T") {
        config.end_temperature = t.parse().unwrap();
    }
    if let Ok(t) = std::env::var("TEMPS") {
        config.temperatures = t.parse().unwrap();
    }
    if let Ok(t) = std::env::var("ITERS") {
        config.iterations = t.parse().unwrap();
    }
    if let Ok(t) = std::env::var("ROUNDS") {
        config.polish_rounds = t.parse().unwrap();
    }
    let every: usize = std::env::var("EVERY")
        .map(|s| s.parse().unwrap())
        .unwrap_or(10);
    let out = fit(
        &train,
        Some(&test),
        &start,
        &config,
        &mut |p| {
            if p.step % every == 0 {
                let h = test.rescore(&p.weights, "x").overall.mean_loss;
                println!(
                    "{:?} {:4} train {:.2} test {:.2}",
                    p.stage,
                    p.step,
                    1000.0 * p.train_loss,
                    1000.0 * h
                );
            }
        },
        &AtomicBool::new(false),
    )
    .unwrap();
    println!(
        "final train {:.2} test {:.2}",
        1000.0 * out.train.overall.mean_loss,
        1000.0 * out.holdout.unwrap().overall.mean_loss
    );
    println!("{:?}", out.weights);
}
