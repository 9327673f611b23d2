"""Text histogram of integer values."""
import sys


def histogram(values: list[int], bucket: int) -> str:
    """One line per bucket of width `bucket` from the lowest to the highest value, one '#' per value."""
    if bucket <= 0:
        raise ValueError("bucket width must be positive")
    counts: dict[int, int] = {}
    for value in values:
        key = (value // bucket) * bucket
        counts[key] = counts.get(key, 0) + 1
    if not counts:
        return ""
    lines = []
    start = min(counts)
    high = max(counts)
    while start <= high:
        label = f"{start:>3}..{start + bucket - 1:<3}"
        lines.append(label + "|" + "#" * counts.get(start, 0))
        start += bucket
    return "\n".join(lines)


def main() -> None:
    cases = [
        (([], 10), ""),
        (([5], 10), "  0..9  |#"),
        (([1, 12, 15, 37, 30, 31], 10), "  0..9  |#\n 10..19 |##\n 20..29 |\n 30..39 |###"),
        (([-3, -1, 0, 2], 2), " -4..-3 |#\n -2..-1 |#\n  0..1  |#\n  2..3  |#"),
        (([7, 7, 7], 1), "  7..7  |###"),
        (([0, 99], 50), "  0..49 |#\n 50..99 |#"),
    ]
    failures = 0
    for (values, bucket), expected in cases:
        result = histogram(values, bucket)
        print(f"histogram({values}, {bucket}) =\n{result}")
        if result != expected:
            print(f"  expected\n{expected}")
            failures += 1
    try:
        histogram([1], 0)
        print("histogram([1], 0) did not raise")
        failures += 1
    except ValueError as error:
        print(f"histogram([1], 0) raised {error}")
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
