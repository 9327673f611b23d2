"""Ordinal day of a Gregorian date."""
import sys


def day_of_year(year: int, month: int, day: int) -> int:
    """Day number (1-366) of the date within its year, or -1 when the date does not exist."""
    if year < 1 or month < 1 or month > 12 or day < 1:
        return -1
    leap = (year % 4 == 0 and year % 100 != 0) or year % 400 == 0
    ordinal = day
    for m in range(1, month + 1):
        if m == 2:
            length = 29 if leap else 28
        elif m == 4 or m == 6 or m == 9 or m == 11:
            length = 30
        else:
            length = 31
        if m < month:
            ordinal += length
        elif day > length:
            return -1
    return ordinal


def main() -> None:
    cases = [
        ((2023, 1, 1), 1),
        ((2023, 12, 31), 365),
        ((2024, 12, 31), 366),
        ((2024, 3, 1), 61),
        ((1900, 3, 1), 60),
        ((2000, 2, 29), 60),
        ((2023, 2, 29), -1),
        ((2023, 4, 31), -1),
        ((2023, 13, 1), -1),
        ((0, 1, 1), -1),
    ]
    failures = 0
    for (year, month, day), expected in cases:
        result = day_of_year(year, month, day)
        print(f"day_of_year({year}, {month}, {day}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
