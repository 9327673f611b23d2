"""Run-length encoding of text."""
import sys


def run_length_encode(text: str) -> str:
    """Encodes each run of a repeated character as its length followed by the character."""
    parts = []
    i = 0
    n = len(text)
    while i < n:
        j = i + 1
        while j < n and text[j] == text[i]:
            j += 1
        count = j - i
        parts.append(f"{count}{text[i]}")
        i = j
    return "".join(parts)


def main() -> None:
    cases = [
        ("", ""),
        ("a", "1a"),
        ("aaabccdddd", "3a1b2c4d"),
        ("abc", "1a1b1c"),
        ("zzzzzzzzzzzz", "12z"),
        ("aabbaa", "2a2b2a"),
        ("  !!", "2 2!"),
    ]
    failures = 0
    for text, expected in cases:
        result = run_length_encode(text)
        print(f"run_length_encode({text!r}) = {result!r}")
        if result != expected:
            print(f"  expected {expected!r}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
