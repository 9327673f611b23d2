"""Bracket matching."""
import sys

CLOSING = {")": "(", "]": "[", "}": "{"}


def first_unbalanced(text: str) -> int:
    """Index of the first bracket that breaks the nesting, len(text) if some stay open, -1 if balanced."""
    stack: list[str] = []
    for index, ch in enumerate(text):
        if ch in "([{":
            stack.append(ch)
        elif ch in CLOSING:
            if not stack or stack[-1] != CLOSING[ch]:
                return index
            stack.pop()
    if stack:
        return len(text)
    return -1


def main() -> None:
    cases = [
        ("", -1),
        ("()", -1),
        ("f(a[1], {b: 2})", -1),
        ("(]", 1),
        (")(", 0),
        ("((x)", 4),
        ("{[()()]}}", 8),
        ("no brackets", -1),
    ]
    failures = 0
    for text, expected in cases:
        result = first_unbalanced(text)
        print(f"first_unbalanced({text!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
