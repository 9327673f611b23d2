/// Index of the first occurrence of `target` in an ascending slice, by binary search.
fn find_first(sorted: &[i32], target: i32) -> Option<usize> {
    if sorted.is_empty() || target < sorted[0] || target > sorted[sorted.len() - 1] {
        return None;
    }
    let mut low = 0;
    let mut high = sorted.len();
    let mut found = None;
    while low < high {
        let mid = low + (high - low) / 2;
        if sorted[mid] < target {
            low = mid + 1;
        } else if sorted[mid] > target {
            high = mid;
        } else {
            found = Some(mid);
            high = mid;
        }
    }
    found
}

fn main() {
    let data = [1, 3, 3, 3, 5, 8, 13, 21, 21, 34];
    let cases: [(&[i32], i32, Option<usize>); 9] = [
        (&data, 1, Some(0)),
        (&data, 3, Some(1)),
        (&data, 21, Some(7)),
        (&data, 34, Some(9)),
        (&data, 4, None),
        (&data, 0, None),
        (&data, 99, None),
        (&[], 5, None),
        (&[7], 7, Some(0)),
    ];
    let mut failures = 0;
    for (slice, target, expected) in cases {
        let got = find_first(slice, target);
        println!("find_first({:?}, {}) = {:?}", slice, target, got);
        if got != expected {
            println!("  MISMATCH: expected {:?}", expected);
            failures += 1;
        }
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
