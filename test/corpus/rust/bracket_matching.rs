/// Checks that (), [] and {} are balanced and properly nested. On failure returns
/// the character index of the first closer without a match, or else of the
/// innermost opener left unclosed.
fn check_brackets(text: &str) -> Result<(), usize> {
    let mut open: Vec<(char, usize)> = Vec::new();
    for (index, ch) in text.chars().enumerate() {
        match ch {
            '(' | '[' | '{' => open.push((ch, index)),
            ')' | ']' | '}' => {
                let expected = match ch {
                    ')' => '(',
                    ']' => '[',
                    _ => '{',
                };
                match open.pop() {
                    Some((opener, _)) if opener == expected => {}
                    _ => return Err(index),
                }
            }
            _ => {}
        }
    }
    if let Some((_, index)) = open.pop() {
        return Err(index);
    }
    Ok(())
}

fn main() {
    let cases = [
        ("", Ok(())),
        ("plain text", Ok(())),
        ("fn(a[0], {b: c})", Ok(())),
        ("{[()()]}", Ok(())),
        ("(]", Err(1)),
        ("([)]", Err(2)),
        ("))", Err(0)),
        ("((x)", Err(0)),
        ("{ok} [oops", Err(5)),
    ];
    let mut failures = 0;
    for (text, expected) in cases {
        let got = check_brackets(text);
        println!("check_brackets({:?}) = {:?}", text, got);
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
