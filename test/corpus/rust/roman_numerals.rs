/// Converts a Roman numeral to its value. Returns None for empty input, unknown
/// letters and subtractive pairs that Roman numerals do not allow (IC, VX, ...).
fn roman_to_int(numeral: &str) -> Option<u32> {
    if numeral.is_empty() {
        return None;
    }
    let mut total = 0;
    let mut previous = 0;
    for ch in numeral.chars().rev() {
        let value = match ch {
            'I' => 1,
            'V' => 5,
            'X' => 10,
            'L' => 50,
            'C' => 100,
            'D' => 500,
            'M' => 1000,
            _ => return None,
        };
        if value < previous {
            if previous > value * 10 || value == 5 || value == 50 || value == 500 {
                return None;
            }
            total -= value;
        } else {
            total += value;
            previous = value;
        }
    }
    Some(total)
}

fn main() {
    let cases = [
        ("III", Some(3)),
        ("IV", Some(4)),
        ("IX", Some(9)),
        ("LVIII", Some(58)),
        ("MCMXCIV", Some(1994)),
        ("MMMCMXCIX", Some(3999)),
        ("", None),
        ("IC", None),
        ("VX", None),
        ("MXQ", None),
    ];
    let mut failures = 0;
    for (numeral, expected) in cases {
        let got = roman_to_int(numeral);
        println!("roman_to_int({:?}) = {:?}", numeral, got);
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
