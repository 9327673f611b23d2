// Text statistics: word frequencies, sentence counts and a readability score for a short passage.
use std::process;

/// Splits text into lowercase words made of letters and apostrophes.
fn words(text: &str) -> Vec<String> {
    let mut result = Vec::new();
    let mut current = String::new();
    for ch in text.chars() {
        if ch.is_alphabetic() || (ch == '\'' && !current.is_empty()) {
            current.push(ch.to_ascii_lowercase());
        } else if !current.is_empty() {
            result.push(current.trim_end_matches('\'').to_string());
            current.clear();
        }
    }
    if !current.is_empty() {
        result.push(current);
    }
    result
}

/// The `limit` most frequent words of at least `min_length` letters, most frequent first, ties alphabetical.
fn top_words(all_words: &[String], min_length: usize, limit: usize) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for i in 0..all_words.len() {
        let word = &all_words[i];
        if word.len() < min_length {
            continue;
        }
        let mut index = 0;
        while index < counts.len() && counts[index].0 != *word {
            index += 1;
        }
        if index == counts.len() {
            counts.push((word.clone(), 1));
        } else {
            counts[index].1 += 1;
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts.truncate(limit);
    counts
}

/// Counts sentences: runs of '.', '!' or '?' that follow some text.
fn sentence_count(text: &str) -> usize {
    let mut sentences = 0;
    let mut seen_text = false;
    for ch in text.chars() {
        if ch == '.' || ch == '!' || ch == '?' {
            if seen_text {
                sentences += 1;
            }
            seen_text = false;
        } else if ch.is_alphanumeric() {
            seen_text = true;
        }
    }
    if seen_text {
        sentences = sentences + 1;
    }
    sentences
}

/// Rough syllable count: groups of vowels, ignoring a silent final 'e', at least one per word.
fn syllables(word: &str) -> usize {
    let letters: Vec<char> = word.chars().collect();
    let mut groups = 0;
    let mut previous_vowel = false;
    for i in 0..letters.len() {
        let vowel = "aeiouy".contains(letters[i]);
        if vowel && !previous_vowel {
            groups += 1;
        }
        previous_vowel = vowel;
    }
    if letters.len() > 2 && letters[letters.len() - 1] == 'e' && groups > 1 {
        groups -= 1;
    }
    groups.max(1)
}

/// Flesch reading ease, rounded to one decimal place.
fn reading_ease(all_words: &[String], sentences: usize) -> f64 {
    if all_words.is_empty() || sentences == 0 {
        return 0.0;
    }
    let mut total_syllables = 0;
    for word in all_words {
        total_syllables += syllables(word);
    }
    let words_per_sentence = all_words.len() as f64 / sentences as f64;
    let syllables_per_word = total_syllables as f64 / all_words.len() as f64;
    let score = 206.835 - 1.015 * words_per_sentence - 84.6 * syllables_per_word;
    (score * 10.0).round() / 10.0
}

fn main() {
    let text = "The quick brown fox jumps over the lazy dog. The dog sleeps! \
                Does the fox care? The fox runs home, and the dog's owner laughs";
    let all_words = words(text);
    let mut failures = 0;
    let mut check = |label: &str, actual: String, expected: &str| {
        println!("{}: {}", label, actual);
        if actual != expected {
            eprintln!("MISMATCH in {}: expected {}", label, expected);
            failures += 1;
        }
    };
    check("word count", all_words.len().to_string(), "25");
    check("top words", format!("{:?}", top_words(&all_words, 3, 3)), "[(\"the\", 6), (\"fox\", 3), (\"dog\", 2)]");
    check("sentences", sentence_count(text).to_string(), "4");
    check("syllables", format!("{} {} {}", syllables("owner"), syllables("home"), syllables("the")), "2 1 1");
    check("reading ease", reading_ease(&all_words, sentence_count(text)).to_string(), "105.7");
    if failures > 0 {
        println!("{} checks failed", failures);
        process::exit(1);
    }
    println!("all checks passed");
}
