"""Tokenizer for arithmetic expressions."""
import sys


def tokenize(source: str) -> list[tuple[str, str]]:
    """Splits an expression into (kind, text) tokens; raises ValueError on an unexpected character."""
    tokens = []
    i = 0
    while i < len(source):
        ch = source[i]
        if ch.isspace():
            i += 1
        elif ch.isdigit() or (ch == "." and i + 1 < len(source) and source[i + 1].isdigit()):
            start = i
            while i < len(source) and (source[i].isdigit() or source[i] == "."):
                i += 1
            tokens.append(("number", source[start:i]))
        elif ch.isalpha() or ch == "_":
            start = i
            while i < len(source) and (source[i].isalnum() or source[i] == "_"):
                i += 1
            tokens.append(("name", source[start:i]))
        elif ch in "+-*/%^":
            tokens.append(("op", ch))
            i += 1
        elif ch == "(" or ch == ")":
            tokens.append(("paren", ch))
            i = i + 1
        else:
            raise ValueError(f"unexpected {ch!r} at {i}")
    return tokens


def describe(source: str) -> str:
    try:
        return " ".join(f"{kind}:{text}" for kind, text in tokenize(source))
    except ValueError as error:
        return f"error: {error}"


def main() -> None:
    cases = [
        ("", ""),
        ("1 + 2", "number:1 op:+ number:2"),
        ("x_1*(y-3.5)", "name:x_1 op:* paren:( name:y op:- number:3.5 paren:)"),
        ("  .5^2 ", "number:.5 op:^ number:2"),
        ("rate%7", "name:rate op:% number:7"),
        ("a $ b", "error: unexpected '$' at 2"),
        ("3.", "number:3."),
        (".", "error: unexpected '.' at 0"),
    ]
    failures = 0
    for source, expected in cases:
        result = describe(source)
        print(f"tokenize({source!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
