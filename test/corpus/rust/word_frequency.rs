use std::collections::HashMap;

/// The `limit` most frequent words of a text, case-insensitive, ignoring punctuation;
/// ties are broken alphabetically.
fn top_words(text: &str, limit: usize) -> Vec<(String, usize)> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for raw in text.split_whitespace() {
        let word: String = raw
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '\'')
            .collect::<String>()
            .to_lowercase();
        if word.is_empty() {
            continue;
        }
        *counts.entry(word).or_insert(0) += 1;
    }
    let mut ranked: Vec<(String, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    ranked.truncate(limit);
    ranked
}

fn render(words: &[(String, usize)]) -> String {
    let parts: Vec<String> = words.iter().map(|(word, count)| format!("{}={}", word, count)).collect();
    parts.join(", ")
}

fn main() {
    let cases = [
        ("", 3, ""),
        ("one", 3, "one=1"),
        ("the cat and the hat and the bat", 2, "the=3, and=2"),
        ("Go, go, GO! Stop.", 5, "go=3, stop=1"),
        ("b a c b a c", 3, "a=2, b=2, c=2"),
        ("it's what it's -- always was", 2, "it's=2, always=1"),
        ("x y z", 0, ""),
    ];
    let mut failures = 0;
    for (text, limit, expected) in cases {
        let got = render(&top_words(text, limit));
        println!("top_words({:?}, {}) = [{}]", text, limit, got);
        if got != expected {
            println!("  MISMATCH: expected [{}]", expected);
            failures += 1;
        }
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
