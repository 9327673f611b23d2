"""Semantic version comparison."""
import sys


class Version:
    def __init__(self, text: str) -> None:
        core, _, self.prerelease = text.partition("-")
        self.parts = [int(part) for part in core.split(".")]

    def compare(self, other: "Version") -> int:
        """-1, 0 or 1 as this version is older than, the same as or newer than `other`."""
        length = max(len(self.parts), len(other.parts))
        for i in range(length):
            mine = self.parts[i] if i < len(self.parts) else 0
            theirs = other.parts[i] if i < len(other.parts) else 0
            if mine != theirs:
                return -1 if mine < theirs else 1
        if self.prerelease == other.prerelease:
            return 0
        if not self.prerelease:
            return 1
        if not other.prerelease:
            return -1
        return -1 if self.prerelease < other.prerelease else 1


def main() -> None:
    cases = [
        ("1.0.0", "1.0.0", 0),
        ("1.2", "1.2.0", 0),
        ("1.10.0", "1.9.9", 1),
        ("0.9", "1.0", -1),
        ("2.0.0-beta", "2.0.0", -1),
        ("2.0.0", "2.0.0-rc1", 1),
        ("2.0.0-alpha", "2.0.0-beta", -1),
        ("3.1.4-rc2", "3.1.4-rc2", 0),
        ("1.0.1", "1.0.0-zeta", 1),
    ]
    failures = 0
    for left, right, expected in cases:
        result = Version(left).compare(Version(right))
        print(f"Version({left!r}).compare({right!r}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
