/// Run-length encodes a string: "aaabcc" becomes "3ab2c" (a run of one has no count).
fn run_length_encode(input: &str) -> String {
    let chars: Vec<char> = input.chars().collect();
    let mut encoded = String::new();
    let mut i = 0;
    while i < chars.len() {
        let current = chars[i];
        let mut run = 1;
        while i + run < chars.len() && chars[i + run] == current {
            run += 1;
        }
        if run > 1 {
            encoded.push_str(&run.to_string());
        }
        encoded.push(current);
        i += run;
    }
    encoded
}

fn main() {
    let cases = [
        ("", ""),
        ("a", "a"),
        ("abc", "abc"),
        ("aaabcc", "3ab2c"),
        ("wwwwaaadexxxxxx", "4w3ade6x"),
        ("zzzzzzzzzzzzy", "12zy"),
        ("  ..", "2 2."),
        ("ééé", "3é"),
    ];
    let mut failures = 0;
    for (input, expected) in cases {
        let got = run_length_encode(input);
        println!("run_length_encode({:?}) = {:?}", input, got);
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
