/// Sorts a slice into a new vector, stable, by top-down merge sort.
fn merge_sort(items: &[i32]) -> Vec<i32> {
    if items.len() <= 1 {
        return items.to_vec();
    }
    let middle = items.len() / 2;
    let left = merge_sort(&items[..middle]);
    let right = merge_sort(&items[middle..]);
    let mut merged = Vec::with_capacity(items.len());
    let mut i = 0;
    let mut j = 0;
    while i < left.len() && j < right.len() {
        if left[i] <= right[j] {
            merged.push(left[i]);
            i += 1;
        } else {
            merged.push(right[j]);
            j += 1;
        }
    }
    merged.extend_from_slice(&left[i..]);
    merged.extend_from_slice(&right[j..]);
    merged
}

fn main() {
    let cases: Vec<(Vec<i32>, Vec<i32>)> = vec![
        (vec![], vec![]),
        (vec![7], vec![7]),
        (vec![2, 1], vec![1, 2]),
        (vec![5, 2, 9, 1, 5, 6], vec![1, 2, 5, 5, 6, 9]),
        (vec![3, -1, 0, -7, 12, 3], vec![-7, -1, 0, 3, 3, 12]),
        (vec![1, 2, 3, 4, 5], vec![1, 2, 3, 4, 5]),
        (vec![9, 8, 7, 6, 5, 4, 3, 2, 1, 0], vec![0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    ];
    let mut failures = 0;
    for (input, expected) in &cases {
        let got = merge_sort(input);
        println!("merge_sort({:?}) = {:?}", input, got);
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
