/// All primes up to and including `limit`, by the sieve of Eratosthenes.
fn primes_up_to(limit: usize) -> Vec<usize> {
    if limit < 2 {
        return Vec::new();
    }
    let mut is_composite = vec![false; limit + 1];
    let mut candidate = 2;
    while candidate * candidate <= limit {
        if !is_composite[candidate] {
            let mut multiple = candidate * candidate;
            while multiple <= limit {
                is_composite[multiple] = true;
                multiple += candidate;
            }
        }
        candidate += 1;
    }
    let mut primes = Vec::new();
    for n in 2..=limit {
        if !is_composite[n] {
            primes.push(n);
        }
    }
    primes
}

fn main() {
    let cases: Vec<(usize, Vec<usize>)> = vec![
        (0, vec![]),
        (1, vec![]),
        (2, vec![2]),
        (10, vec![2, 3, 5, 7]),
        (30, vec![2, 3, 5, 7, 11, 13, 17, 19, 23, 29]),
        (49, vec![2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47]),
    ];
    let mut failures = 0;
    for (limit, expected) in &cases {
        let got = primes_up_to(*limit);
        println!("primes_up_to({}) = {:?}", limit, got);
        if &got != expected {
            println!("  MISMATCH: expected {:?}", expected);
            failures += 1;
        }
    }
    let hundred = primes_up_to(100);
    println!("primes_up_to(100): {} primes, largest {:?}", hundred.len(), hundred.last());
    if hundred.len() != 25 || hundred.last() != Some(&97) {
        println!("  MISMATCH: expected 25 primes, largest 97");
        failures += 1;
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
