/// A token of a small arithmetic language.
#[derive(PartialEq)]
enum Token {
    Number(i64),
    Ident(String),
    Op(char),
    LParen,
    RParen,
}

/// Splits an expression such as `rate * (hours + 2)` into tokens.
fn tokenize(source: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = source.chars().collect();
    let mut tokens = Vec::new();
    let mut pos = 0;
    while pos < chars.len() {
        let ch = chars[pos];
        if ch.is_whitespace() {
            pos += 1;
        } else if ch.is_ascii_digit() {
            let mut value: i64 = 0;
            while pos < chars.len() && chars[pos].is_ascii_digit() {
                value = value * 10 + (chars[pos] as i64 - '0' as i64);
                pos += 1;
            }
            tokens.push(Token::Number(value));
        } else if ch.is_alphabetic() || ch == '_' {
            let start = pos;
            while pos < chars.len() && (chars[pos].is_alphanumeric() || chars[pos] == '_') {
                pos += 1;
            }
            tokens.push(Token::Ident(chars[start..pos].iter().collect()));
        } else {
            let token = match ch {
                '+' | '-' | '*' | '/' | '%' => Token::Op(ch),
                '(' => Token::LParen,
                ')' => Token::RParen,
                _ => return Err(format!("unexpected {:?} at {}", ch, pos)),
            };
            tokens.push(token);
            pos += 1;
        }
    }
    Ok(tokens)
}

fn show(result: &Result<Vec<Token>, String>) -> String {
    match result {
        Err(message) => format!("error: {}", message),
        Ok(tokens) => {
            let parts: Vec<String> = tokens
                .iter()
                .map(|token| match token {
                    Token::Number(n) => format!("num:{}", n),
                    Token::Ident(name) => format!("id:{}", name),
                    Token::Op(op) => format!("op:{}", op),
                    Token::LParen => "(".to_string(),
                    Token::RParen => ")".to_string(),
                })
                .collect();
            format!("[{}]", parts.join(" "))
        }
    }
}

fn main() {
    let cases = [
        ("", "[]"),
        ("42", "[num:42]"),
        ("rate * (hours + 2)", "[id:rate op:* ( id:hours op:+ num:2 )]"),
        ("x_1%7-y", "[id:x_1 op:% num:7 op:- id:y]"),
        ("  12  345 ", "[num:12 num:345]"),
        ("3 & 4", "error: unexpected '&' at 2"),
        ("(a/b)#", "error: unexpected '#' at 5"),
    ];
    let mut failures = 0;
    for (source, expected) in cases {
        let got = show(&tokenize(source));
        println!("tokenize({:?}) = {}", source, got);
        if got != expected {
            println!("  MISMATCH: expected {}", expected);
            failures += 1;
        }
    }
    if tokenize("a+1") != Ok(vec![Token::Ident("a".to_string()), Token::Op('+'), Token::Number(1)]) {
        println!("  MISMATCH: tokenize(\"a+1\") gave the wrong tokens");
        failures += 1;
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
