"""Flood fill on a character grid."""
import sys


def fill_region(cells: list[list[str]], row: int, col: int, target: str, replacement: str) -> int:
    """Repaints the 4-connected region of `target` cells containing (row, col); returns its size."""
    if row < 0 or row >= len(cells) or col < 0 or col >= len(cells[row]):
        return 0
    if cells[row][col] != target or target == replacement:
        return 0
    cells[row][col] = replacement
    filled = 1
    filled += fill_region(cells, row - 1, col, target, replacement)
    filled += fill_region(cells, row + 1, col, target, replacement)
    filled += fill_region(cells, row, col - 1, target, replacement)
    filled = filled + fill_region(cells, row, col + 1, target, replacement)
    return filled


def grid(*rows: str) -> list[list[str]]:
    return [list(row) for row in rows]


def main() -> None:
    picture = grid("..##.", ".#..#", "##..#", "....#")
    cases = [
        (picture, 0, 0, ".", "o", 3, ["oo##.", "o#..#", "##..#", "....#"]),
        (picture, 1, 2, ".", "-", 8, ["oo##.", "o#--#", "##--#", "----#"]),
        (picture, 0, 4, ".", "*", 1, ["oo##*", "o#--#", "##--#", "----#"]),
        (picture, 3, 4, "#", "=", 3, ["oo##*", "o#--=", "##--=", "----="]),
        (picture, 5, 0, ".", "x", 0, ["oo##*", "o#--=", "##--=", "----="]),
        (picture, 0, 2, "#", "#", 0, ["oo##*", "o#--=", "##--=", "----="]),
        (grid(), 0, 0, ".", "x", 0, []),
    ]
    failures = 0
    for cells, row, col, target, replacement, expected, expected_rows in cases:
        result = fill_region(cells, row, col, target, replacement)
        rows = ["".join(line) for line in cells]
        print(f"fill_region(({row}, {col}), {target!r} -> {replacement!r}) = {result}, grid {rows}")
        if result != expected or rows != expected_rows:
            print(f"  expected {expected}, grid {expected_rows}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
