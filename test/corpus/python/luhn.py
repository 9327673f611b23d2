"""Luhn checksum of card and account numbers."""
import sys


def luhn_valid(number: str) -> bool:
    """True when the digits (spaces allowed) pass the Luhn mod-10 check."""
    digits = number.replace(" ", "")
    if len(digits) < 2 or not digits.isdigit():
        return False
    total = 0
    double = False
    for i in range(len(digits) - 1, -1, -1):
        d = ord(digits[i]) - ord("0")
        if double:
            d *= 2
            if d > 9:
                d -= 9
        total += d
        double = not double
    return total % 10 == 0


def main() -> None:
    cases = [
        ("4539 3195 0343 6467", True),
        ("8273 1232 7352 0569", False),
        ("79927398713", True),
        ("79927398710", False),
        ("0", False),
        ("00", True),
        ("1234-5678", False),
        ("", False),
        ("059", True),
    ]
    failures = 0
    for number, expected in cases:
        result = luhn_valid(number)
        print(f"luhn_valid({number!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
