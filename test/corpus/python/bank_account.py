"""A bank account with tiered withdrawal fees (amounts in cents)."""
import sys


class BankAccount:
    def __init__(self, owner: str, balance: int, tier: str = "standard", overdraft_limit: int = 0) -> None:
        self.owner = owner
        self.balance = balance
        self.tier = tier
        self.overdraft_limit = overdraft_limit
        self.frozen = False
        self.history: list[tuple[str, int]] = []

    def withdraw(self, amount: int) -> bool:
        """Withdraws amount plus the tier's fee; returns False when the withdrawal is refused."""
        if amount <= 0 or self.frozen:
            return False
        if self.tier == "premium":
            fee = 0
        elif self.tier == "business":
            fee = max(50, amount // 200)
        else:
            fee = 150
        total = amount + fee
        if total > self.balance + self.overdraft_limit:
            self.history.append(("refused", amount))
            return False
        self.balance -= total
        self.history.append(("withdraw", amount))
        if fee > 0:
            self.history.append(("fee", fee))
        return True


def main() -> None:
    standard = BankAccount("ada", 10_000)
    business = BankAccount("bob", 100_000, "business", overdraft_limit=5_000)
    premium = BankAccount("cy", 500, "premium")
    frozen = BankAccount("dee", 9_000, "premium")
    frozen.frozen = True
    cases = [
        (standard, 2_000, True, 7_850),
        (standard, 0, False, 7_850),
        (standard, 7_800, False, 7_850),
        (standard, 7_700, True, 0),
        (business, 50_000, True, 49_750),
        (business, 54_000, True, -4_520),
        (business, 500, False, -4_520),
        (premium, 500, True, 0),
        (frozen, 100, False, 9_000),
    ]
    failures = 0
    for account, amount, expected_ok, expected_balance in cases:
        ok = account.withdraw(amount)
        print(f"{account.owner}.withdraw({amount}) = {ok}, balance {account.balance}")
        if ok != expected_ok or account.balance != expected_balance:
            print(f"  expected {expected_ok}, balance {expected_balance}")
            failures += 1
    history = [("withdraw", 2_000), ("fee", 150), ("refused", 7_800), ("withdraw", 7_700), ("fee", 150)]
    print(f"ada history = {standard.history}")
    if standard.history != history:
        print(f"  expected {history}")
        failures += 1
    if failures:
        print(f"{failures} check(s) failed")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
