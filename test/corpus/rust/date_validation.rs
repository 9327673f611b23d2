/// Parses an ISO date `YYYY-MM-DD`, rejecting days that do not exist in that month.
fn parse_date(text: &str) -> Option<(i32, u32, u32)> {
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != 3 || parts[0].len() != 4 || parts[1].len() != 2 || parts[2].len() != 2 {
        return None;
    }
    if !text.chars().all(|c| c.is_ascii_digit() || c == '-') {
        return None;
    }
    let year: i32 = parts[0].parse().ok()?;
    let month: u32 = parts[1].parse().ok()?;
    let day: u32 = parts[2].parse().ok()?;
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let month_length = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return None,
    };
    if day == 0 || day > month_length {
        return None;
    }
    Some((year, month, day))
}

fn main() {
    let cases = [
        ("2024-02-29", Some((2024, 2, 29))),
        ("2023-02-29", None),
        ("1900-02-29", None),
        ("2000-02-29", Some((2000, 2, 29))),
        ("2023-04-31", None),
        ("2023-12-31", Some((2023, 12, 31))),
        ("2023-13-01", None),
        ("2023-00-10", None),
        ("2023-1-01", None),
        ("20a3-01-01", None),
    ];
    let mut failures = 0;
    for (text, expected) in cases {
        let got = parse_date(text);
        println!("parse_date({:?}) = {:?}", text, got);
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
