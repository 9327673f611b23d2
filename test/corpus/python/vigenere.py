"""Vigenere cipher."""
import sys


def vigenere(text: str, key: str, decrypt: bool = False) -> str:
    """Shifts each letter by the next key letter (a=0), keeping case; other characters pass through."""
    shifts = [ord(k) - ord("a") for k in key.lower() if "a" <= k <= "z"]
    if not shifts:
        return text
    out = []
    k = 0
    for ch in text:
        if "a" <= ch <= "z":
            base = ord("a")
        elif "A" <= ch <= "Z":
            base = ord("A")
        else:
            out.append(ch)
            continue
        shift = shifts[k % len(shifts)]
        if decrypt:
            shift = -shift
        out.append(chr(base + (ord(ch) - base + shift) % 26))
        k += 1
    return "".join(out)


def main() -> None:
    cases = [
        (("ATTACKATDAWN", "LEMON", False), "LXFOPVEFRNHR"),
        (("LXFOPVEFRNHR", "LEMON", True), "ATTACKATDAWN"),
        (("Hello, World!", "key", False), "Rijvs, Uyvjn!"),
        (("Rijvs, Uyvjn!", "KEY", True), "Hello, World!"),
        (("unchanged", "", False), "unchanged"),
        (("abc", "1 2", False), "abc"),
        (("xyz", "b", False), "yza"),
        (("", "key", False), ""),
    ]
    failures = 0
    for (text, key, decrypt), expected in cases:
        result = vigenere(text, key, decrypt)
        print(f"vigenere({text!r}, {key!r}, decrypt={decrypt}) = {result!r}")
        if result != expected:
            print(f"  expected {expected!r}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
