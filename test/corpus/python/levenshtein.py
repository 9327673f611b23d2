"""Edit distance between two strings."""
import sys


def levenshtein(source: str, target: str) -> int:
    """Minimum number of single-character insertions, deletions and substitutions."""
    if source == target:
        return 0
    if not source:
        return len(target)
    if not target:
        return len(source)
    previous = list(range(len(target) + 1))
    for i in range(1, len(source) + 1):
        current = [i] + [0] * len(target)
        for j in range(1, len(target) + 1):
            cost = 0 if source[i - 1] == target[j - 1] else 1
            deletion = previous[j] + 1
            insertion = current[j - 1] + 1
            substitution = previous[j - 1] + cost
            current[j] = min(deletion, insertion, substitution)
        previous = current
    return previous[len(target)]


def main() -> None:
    cases = [
        (("", ""), 0),
        (("", "abc"), 3),
        (("abc", ""), 3),
        (("kitten", "sitting"), 3),
        (("flaw", "lawn"), 2),
        (("same", "same"), 0),
        (("intention", "execution"), 5),
        (("a", "b"), 1),
    ]
    failures = 0
    for (source, target), expected in cases:
        result = levenshtein(source, target)
        print(f"levenshtein({source!r}, {target!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
