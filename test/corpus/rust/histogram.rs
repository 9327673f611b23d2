/// Counts of values in equal-width buckets starting at `lower`.
struct Histogram {
    lower: i32,
    width: i32,
    counts: Vec<usize>,
}

impl Histogram {
    fn new(lower: i32, width: i32, buckets: usize) -> Self {
        Histogram { lower, width, counts: vec![0; buckets] }
    }

    /// Adds a value; returns false when it falls outside every bucket.
    fn add(&mut self, value: i32) -> bool {
        let offset = value - self.lower;
        if offset < 0 || offset / self.width >= self.counts.len() as i32 {
            return false;
        }
        self.counts[(offset / self.width) as usize] += 1;
        true
    }

    /// Draws one bar per bucket, scaled down so that no bar is longer than `max_width`.
    fn render(&self, max_width: usize) -> String {
        let largest = self.counts.iter().copied().max().unwrap_or(0);
        if largest == 0 {
            return String::from("(empty)\n");
        }
        let mut out = String::new();
        for (i, &count) in self.counts.iter().enumerate() {
            let start = self.lower + i as i32 * self.width;
            let mut bar = count;
            if largest > max_width {
                bar = (count * max_width + largest - 1) / largest;
            }
            out += &format!("{:>3}-{:<3}|", start, start + self.width - 1);
            out.push_str(&"#".repeat(bar));
            out.push_str(&format!(" {}\n", count));
        }
        out
    }
}

fn main() {
    let mut failures = 0;
    let mut check = |label: &str, got: String, expected: &str| {
        print!("{}:\n{}", label, got);
        if got != expected {
            print!("  MISMATCH: expected\n{}", expected);
            failures += 1;
        }
    };

    let empty = Histogram::new(0, 10, 3);
    check("empty", empty.render(10), "(empty)\n");

    let mut scores = Histogram::new(50, 10, 5);
    let mut rejected = 0;
    for value in [55, 62, 68, 71, 73, 75, 77, 79, 84, 88, 90, 99, 100, 49] {
        if !scores.add(value) {
            rejected += 1;
        }
    }
    check("scores", scores.render(10), " 50-59 |# 1\n 60-69 |## 2\n 70-79 |##### 5\n 80-89 |## 2\n 90-99 |## 2\n");
    check("rejected", format!("{}\n", rejected), "2\n");

    let mut skewed = Histogram::new(0, 5, 3);
    for value in 0..40 {
        skewed.add(value % 12);
    }
    check("skewed", skewed.render(4), "  0-4  |#### 19\n  5-9  |#### 15\n 10-14 |## 6\n");
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
