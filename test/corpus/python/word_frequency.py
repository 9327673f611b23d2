"""Most frequent words of a text."""
import sys


def top_words(text: str, limit: int) -> list[tuple[str, int]]:
    """Counts words (letters and inner apostrophes, case-insensitive); returns the `limit` most frequent."""
    counts: dict[str, int] = {}
    word = ""
    for ch in text.lower() + " ":
        if ch.isalpha() or (ch == "'" and word):
            word += ch
            continue
        if word:
            word = word.strip("'")
            counts[word] = counts.get(word, 0) + 1
            word = ""
    ranked = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:limit]


def main() -> None:
    cases = [
        (("the cat and the hat", 2), [("the", 2), ("and", 1)]),
        (("", 3), []),
        (("Don't stop, don't!", 5), [("don't", 2), ("stop", 1)]),
        (("a b c", 0), []),
        (("One, two; TWO three three THREE", 3), [("three", 3), ("two", 2), ("one", 1)]),
        (("rock'n'roll rocks' rock", 4), [("rock", 1), ("rock'n'roll", 1), ("rocks", 1)]),
        (("42 is 42", 5), [("is", 1)]),
    ]
    failures = 0
    for (text, limit), expected in cases:
        result = top_words(text, limit)
        print(f"top_words({text!r}, {limit}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
