/// Merges overlapping closed intervals; reversed intervals (start > end) are dropped.
fn merge_intervals(intervals: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let mut sorted: Vec<(i32, i32)> = intervals
        .iter()
        .filter(|(start, end)| start <= end)
        .copied()
        .collect();
    sorted.sort();
    let mut merged: Vec<(i32, i32)> = Vec::new();
    for (start, end) in sorted {
        match merged.last_mut() {
            Some(last) if start <= last.1 => {
                if end > last.1 {
                    last.1 = end;
                }
            }
            _ => merged.push((start, end)),
        }
    }
    merged
}

fn main() {
    let cases: Vec<(Vec<(i32, i32)>, Vec<(i32, i32)>)> = vec![
        (vec![], vec![]),
        (vec![(1, 3)], vec![(1, 3)]),
        (vec![(1, 3), (2, 6), (8, 10), (15, 18)], vec![(1, 6), (8, 10), (15, 18)]),
        (vec![(5, 7), (1, 4), (4, 5)], vec![(1, 7)]),
        (vec![(1, 10), (2, 3), (4, 5)], vec![(1, 10)]),
        (vec![(6, 2), (0, 0), (-3, -1)], vec![(-3, -1), (0, 0)]),
        (vec![(1, 2), (3, 4)], vec![(1, 2), (3, 4)]),
    ];
    let mut failures = 0;
    for (input, expected) in &cases {
        let got = merge_intervals(input);
        println!("merge_intervals({:?}) = {:?}", input, got);
        if &got != expected {
            println!("  MISMATCH: expected {:?}", expected);
            failures += 1;
        }
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
