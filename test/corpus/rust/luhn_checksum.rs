/// Validates a card number with the Luhn checksum; spaces and dashes are ignored.
fn luhn_valid(number: &str) -> bool {
    let mut sum = 0;
    let mut digits = 0;
    let mut double = false;
    for ch in number.chars().rev() {
        if ch == ' ' || ch == '-' {
            continue;
        }
        let digit = match ch.to_digit(10) {
            Some(d) => d,
            None => return false,
        };
        let mut value = digit;
        if double {
            value *= 2;
            if value > 9 {
                value -= 9;
            }
        }
        sum += value;
        digits += 1;
        double = !double;
    }
    digits > 1 && sum % 10 == 0
}

fn main() {
    let cases = [
        ("4539 3195 0343 6467", true),
        ("4539-3195-0343-6467", true),
        ("8273 1232 7352 0569", false),
        ("059", true),
        ("055 444 285", true),
        ("0", false),
        ("", false),
        ("4539 3195 0343 646a", false),
        ("79927398713", true),
    ];
    let mut failures = 0;
    for (number, expected) in cases {
        let got = luhn_valid(number);
        println!("luhn_valid({:?}) = {}", number, got);
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
