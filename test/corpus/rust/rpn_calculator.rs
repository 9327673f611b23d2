/// Evaluates an expression in reverse Polish notation, such as `3 4 + 2 *`.
fn eval_rpn(expression: &str) -> Result<i64, String> {
    let mut stack: Vec<i64> = Vec::new();
    for token in expression.split_whitespace() {
        if let Ok(value) = token.parse::<i64>() {
            stack.push(value);
            continue;
        }
        let right = stack.pop().ok_or("stack underflow")?;
        let left = stack.pop().ok_or("stack underflow")?;
        let result = match token {
            "+" => left + right,
            "-" => left - right,
            "*" => left * right,
            "/" | "%" => {
                if right == 0 {
                    return Err("division by zero".to_string());
                }
                if token == "/" {
                    left / right
                } else {
                    left % right
                }
            }
            _ => return Err(format!("unknown operator {:?}", token)),
        };
        stack.push(result);
    }
    match stack.len() {
        0 => Err("empty expression".to_string()),
        1 => Ok(stack[0]),
        n => Err(format!("{} values left on the stack", n)),
    }
}

fn main() {
    let cases: [(&str, Result<i64, String>); 9] = [
        ("42", Ok(42)),
        ("3 4 + 2 *", Ok(14)),
        ("5 1 2 + 4 * + 3 -", Ok(14)),
        ("-7 2 /", Ok(-3)),
        ("17 5 %", Ok(2)),
        ("1 0 /", Err("division by zero".to_string())),
        ("1 +", Err("stack underflow".to_string())),
        ("", Err("empty expression".to_string())),
        ("1 2 3 +", Err("2 values left on the stack".to_string())),
    ];
    let mut failures = 0;
    for (expression, expected) in &cases {
        let got = eval_rpn(expression);
        println!("eval_rpn({:?}) = {:?}", expression, got);
        if &got != expected {
            println!("  MISMATCH: expected {:?}", expected);
            failures += 1;
        }
    }
    let unknown = eval_rpn("2 3 ^");
    println!("eval_rpn(\"2 3 ^\") = {:?}", unknown);
    if unknown != Err("unknown operator \"^\"".to_string()) {
        println!("  MISMATCH: expected an unknown operator error");
        failures += 1;
    }
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
