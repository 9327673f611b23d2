/// The product of two matrices given as rows, or None when the shapes do not fit.
fn multiply(a: &[Vec<i64>], b: &[Vec<i64>]) -> Option<Vec<Vec<i64>>> {
    if a.is_empty() || b.is_empty() {
        return None;
    }
    let rows = a.len();
    let inner = b.len();
    let cols = b[0].len();
    if a.iter().any(|row| row.len() != inner) || b.iter().any(|row| row.len() != cols) {
        return None;
    }
    let mut product = vec![vec![0; cols]; rows];
    for i in 0..rows {
        for j in 0..cols {
            let mut sum = 0;
            for k in 0..inner {
                sum += a[i][k] * b[k][j];
            }
            product[i][j] = sum;
        }
    }
    Some(product)
}

fn main() {
    type Matrix = Vec<Vec<i64>>;
    let cases: Vec<(Matrix, Matrix, Option<Matrix>)> = vec![
        (vec![vec![1, 2], vec![3, 4]], vec![vec![5, 6], vec![7, 8]], Some(vec![vec![19, 22], vec![43, 50]])),
        (vec![vec![1, 0], vec![0, 1]], vec![vec![9, -3], vec![2, 4]], Some(vec![vec![9, -3], vec![2, 4]])),
        (vec![vec![1, 2, 3]], vec![vec![4], vec![5], vec![6]], Some(vec![vec![32]])),
        (vec![vec![4], vec![5]], vec![vec![1, 2]], Some(vec![vec![4, 8], vec![5, 10]])),
        (vec![vec![1, 2]], vec![vec![1, 2]], None),
        (vec![], vec![vec![1]], None),
        (vec![vec![1, 2], vec![3]], vec![vec![1], vec![2]], None),
    ];
    let mut failures = 0;
    for (a, b, expected) in &cases {
        let got = multiply(a, b);
        println!("multiply({:?}, {:?}) = {:?}", a, b, got);
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
