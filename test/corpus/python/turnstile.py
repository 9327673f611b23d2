"""A coin-operated turnstile as a state machine."""
import sys


def turnstile(events: list[str]) -> tuple[str, int, int]:
    """Runs the events through the turnstile; returns (final state, people let through, alarms raised)."""
    state = "locked"
    passed = 0
    alarms = 0
    for event in events:
        match event:
            case "coin":
                if state == "locked":
                    state = "unlocked"
            case "push":
                if state == "unlocked":
                    passed += 1
                    state = "locked"
                elif state == "locked":
                    alarms += 1
                    state = "alarm"
            case "reset":
                if state == "alarm":
                    state = "locked"
            case _:
                raise ValueError(f"unknown event {event!r}")
    return state, passed, alarms


def run(events: list[str]) -> tuple[str, int, int] | str:
    try:
        return turnstile(events)
    except ValueError as error:
        return str(error)


def main() -> None:
    cases = [
        ([], ("locked", 0, 0)),
        (["coin", "push"], ("locked", 1, 0)),
        (["push"], ("alarm", 0, 1)),
        (["push", "coin", "push", "reset"], ("locked", 0, 1)),
        (["coin", "coin", "push", "push"], ("alarm", 1, 1)),
        (["coin", "push", "coin", "push", "coin"], ("unlocked", 2, 0)),
        (["reset", "coin", "kick"], "unknown event 'kick'"),
    ]
    failures = 0
    for events, expected in cases:
        result = run(events)
        print(f"turnstile({events}) = {result}")
        if result != expected:
            print(f"  expected {expected}")
            failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
