"""Evaluation of integer expressions in reverse Polish notation."""
import sys


def evaluate_rpn(expression: str) -> int | None:
    """Evaluates a postfix integer expression; None when it is malformed or divides by zero."""
    stack: list[int] = []
    for token in expression.split():
        if token.lstrip("-").isdigit():
            stack.append(int(token))
            continue
        if len(stack) < 2:
            return None
        right = stack.pop()
        left = stack.pop()
        match token:
            case "+":
                stack.append(left + right)
            case "-":
                stack.append(left - right)
            case "*":
                stack.append(left * right)
            case "/":
                if right == 0:
                    return None
                quotient = abs(left) // abs(right)
                stack.append(quotient if (left < 0) == (right < 0) else -quotient)
            case _:
                return None
    if len(stack) != 1:
        return None
    return stack[0]


def main() -> None:
    cases = [
        ("3 4 +", 7),
        ("5 1 2 + 4 * + 3 -", 14),
        ("2 3 4 * -", -10),
        ("-7 2 /", -3),
        ("7 -2 /", -3),
        ("1 0 /", None),
        ("1 +", None),
        ("1 2", None),
        ("", None),
        ("2 3 ^", None),
    ]
    failures = 0
    for expression, expected in cases:
        result = evaluate_rpn(expression)
        print(f"evaluate_rpn({expression!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
