"""Combinations of coin values that add up to a target."""
import sys


def combination_sum(candidates: list[int], target: int) -> list[list[int]]:
    """Every multiset of positive candidates (reusable) summing to target, in lexicographic order."""
    result: list[list[int]] = []
    ordered = sorted({value for value in candidates if value > 0})

    def search(start: int, remaining: int, chosen: list[int]) -> None:
        if remaining == 0:
            result.append(list(chosen))
            return
        for i in range(start, len(ordered)):
            value = ordered[i]
            if value > remaining:
                break
            chosen.append(value)
            search(i, remaining - value, chosen)
            chosen.pop()

    if target > 0 and ordered:
        search(0, target, [])
    return result


def main() -> None:
    cases = [
        (([2, 3, 6, 7], 7), [[2, 2, 3], [7]]),
        (([2, 3, 5], 8), [[2, 2, 2, 2], [2, 3, 3], [3, 5]]),
        (([2], 1), []),
        (([1], 3), [[1, 1, 1]]),
        (([], 5), []),
        (([4, 2, 2, -1, 0], 6), [[2, 2, 2], [2, 4]]),
        (([3, 5], 0), []),
    ]
    failures = 0
    for (candidates, target), expected in cases:
        result = combination_sum(candidates, target)
        print(f"combination_sum({candidates}, {target}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
