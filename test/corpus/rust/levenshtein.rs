/// Edit distance between two strings (insertions, deletions, substitutions of characters).
fn levenshtein(a: &str, b: &str) -> usize {
    let source: Vec<char> = a.chars().collect();
    let target: Vec<char> = b.chars().collect();
    if source.is_empty() {
        return target.len();
    }
    if target.is_empty() {
        return source.len();
    }
    let mut previous: Vec<usize> = (0..=target.len()).collect();
    let mut current = vec![0; target.len() + 1];
    for i in 1..=source.len() {
        current[0] = i;
        for j in 1..=target.len() {
            let cost = if source[i - 1] == target[j - 1] { 0 } else { 1 };
            let deletion = previous[j] + 1;
            let insertion = current[j - 1] + 1;
            let substitution = previous[j - 1] + cost;
            current[j] = deletion.min(insertion).min(substitution);
        }
        std::mem::swap(&mut previous, &mut current);
    }
    previous[target.len()]
}

fn main() {
    let cases = [
        ("kitten", "sitting", 3),
        ("flaw", "lawn", 2),
        ("gumbo", "gambol", 2),
        ("same", "same", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("", "", 0),
        ("héllo", "hello", 1),
        ("intention", "execution", 5),
    ];
    let mut failures = 0;
    for (a, b, expected) in cases {
        let got = levenshtein(a, b);
        println!("levenshtein({:?}, {:?}) = {}", a, b, got);
        if got != expected {
            println!("  MISMATCH: expected {}", expected);
            failures += 1;
        }
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
