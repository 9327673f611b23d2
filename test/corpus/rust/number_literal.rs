/// States of the recogniser for decimal number literals.
#[derive(Clone, Copy)]
enum State {
    Start,
    Sign,
    Integer,
    LeadingDot,
    Dot,
    Fraction,
    Exponent,
    ExponentSign,
    ExponentDigits,
}

/// Recognises literals such as `42`, `-3.5`, `.5`, `6.` and `1e-9` with a state machine.
fn is_number_literal(text: &str) -> bool {
    let mut state = State::Start;
    for ch in text.trim().chars() {
        state = match (state, ch) {
            (State::Start, '+' | '-') => State::Sign,
            (State::Start | State::Sign | State::Integer, '0'..='9') => State::Integer,
            (State::Start | State::Sign, '.') => State::LeadingDot,
            (State::Integer, '.') => State::Dot,
            (State::LeadingDot | State::Dot | State::Fraction, '0'..='9') => State::Fraction,
            (State::Integer | State::Dot | State::Fraction, 'e' | 'E') => State::Exponent,
            (State::Exponent, '+' | '-') => State::ExponentSign,
            (State::Exponent | State::ExponentSign | State::ExponentDigits, '0'..='9') => State::ExponentDigits,
            _ => return false,
        };
    }
    matches!(state, State::Integer | State::Dot | State::Fraction | State::ExponentDigits)
}

fn main() {
    let cases = [
        ("42", true),
        (" -3.5 ", true),
        (".5", true),
        ("6.", true),
        ("+1.25E+10", true),
        ("-.5e-3", true),
        ("", false),
        (".", false),
        ("1e", false),
        ("e3", false),
        ("1.2.3", false),
        ("12a", false),
    ];
    let mut failures = 0;
    for (text, expected) in cases {
        let got = is_number_literal(text);
        println!("is_number_literal({:?}) = {}", text, got);
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
