"""Roman numeral parsing."""
import sys

VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def roman_to_int(numeral: str) -> int:
    """Converts a Roman numeral (either case) to an integer; -1 when it is empty or invalid."""
    if not numeral or len(numeral) > 15:
        return -1
    total = 0
    previous = 0
    for ch in reversed(numeral.upper()):
        value = VALUES.get(ch, 0)
        if value == 0:
            return -1
        if value < previous:
            total -= value
        else:
            total = total + value
        previous = value
    return total


def main() -> None:
    cases = [
        ("III", 3),
        ("IV", 4),
        ("IX", 9),
        ("LVIII", 58),
        ("MCMXCIV", 1994),
        ("mmxxiv", 2024),
        ("", -1),
        ("XIIZ", -1),
        ("MMMDCCCLXXXVIII", 3888),
    ]
    failures = 0
    for numeral, expected in cases:
        result = roman_to_int(numeral)
        print(f"roman_to_int({numeral!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
