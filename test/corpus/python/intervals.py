"""Merging of closed integer intervals."""
import sys


def merge_intervals(intervals: list[tuple[int, int]], join_adjacent: bool = False) -> list[tuple[int, int]]:
    """Merges overlapping intervals (and touching ones if join_adjacent); drops intervals with start > end."""
    ordered = sorted(pair for pair in intervals if pair[0] <= pair[1])
    if not ordered:
        return []
    merged = [ordered[0]]
    for i in range(1, len(ordered)):
        start, end = ordered[i]
        last_start, last_end = merged[-1]
        if start <= last_end or (join_adjacent and start == last_end + 1):
            merged[-1] = (last_start, max(last_end, end))
        else:
            merged.append((start, end))
    return merged


def main() -> None:
    cases = [
        (([], False), []),
        (([(1, 3)], False), [(1, 3)]),
        (([(1, 3), (2, 6), (8, 10), (15, 18)], False), [(1, 6), (8, 10), (15, 18)]),
        (([(5, 7), (1, 4)], False), [(1, 4), (5, 7)]),
        (([(5, 7), (1, 4)], True), [(1, 7)]),
        (([(1, 10), (2, 3), (4, 5)], False), [(1, 10)]),
        (([(4, 2), (0, 0), (-3, -1)], False), [(-3, -1), (0, 0)]),
        (([(1, 2), (2, 2), (3, 9)], True), [(1, 9)]),
    ]
    failures = 0
    for (intervals, join), expected in cases:
        result = merge_intervals(intervals, join)
        print(f"merge_intervals({intervals}, {join}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
