use std::fmt;

/// Why a withdrawal was refused.
#[derive(Debug, PartialEq)]
enum TxError {
    Frozen,
    InvalidAmount,
    DailyLimit { remaining: i64 },
    InsufficientFunds { available: i64 },
}

impl fmt::Display for TxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TxError::Frozen => write!(f, "account frozen"),
            TxError::InvalidAmount => write!(f, "invalid amount"),
            TxError::DailyLimit { remaining } => write!(f, "daily limit, {} left", remaining),
            TxError::InsufficientFunds { available } => write!(f, "insufficient funds, {} available", available),
        }
    }
}

/// A current account; amounts are in cents.
struct Account {
    balance: i64,
    overdraft: i64,
    daily_limit: i64,
    withdrawn_today: i64,
    frozen: bool,
}

impl Account {
    fn new(balance: i64, overdraft: i64, daily_limit: i64) -> Self {
        Account { balance, overdraft, daily_limit, withdrawn_today: 0, frozen: false }
    }

    fn deposit(&mut self, amount: i64) {
        self.balance += amount;
    }

    /// Withdraws `amount`, charging 1% on large withdrawals and a flat fee when the
    /// account goes overdrawn. Returns the new balance.
    fn withdraw(&mut self, amount: i64) -> Result<i64, TxError> {
        if self.frozen {
            return Err(TxError::Frozen);
        }
        if amount <= 0 {
            return Err(TxError::InvalidAmount);
        }
        let remaining = self.daily_limit - self.withdrawn_today;
        if amount > remaining {
            return Err(TxError::DailyLimit { remaining });
        }
        let fee = if amount >= 50_000 {
            amount / 100
        } else if self.balance - amount < 0 {
            250
        } else {
            0
        };
        let available = self.balance + self.overdraft;
        if amount + fee > available {
            return Err(TxError::InsufficientFunds { available });
        }
        self.balance -= amount + fee;
        self.withdrawn_today += amount;
        Ok(self.balance)
    }
}

fn describe(result: &Result<i64, TxError>) -> String {
    match result {
        Ok(balance) => format!("ok, balance {}", balance),
        Err(error) => format!("refused: {}", error),
    }
}

fn main() {
    let mut account = Account::new(100_000, 20_000, 150_000);
    let mut failures = 0;
    let mut check = |label: &str, got: Result<i64, TxError>, expected: Result<i64, TxError>| {
        println!("{} -> {}", label, describe(&got));
        if got != expected {
            println!("  MISMATCH: expected {}", describe(&expected));
            failures += 1;
        }
    };
    check("withdraw 0", account.withdraw(0), Err(TxError::InvalidAmount));
    check("withdraw -5", account.withdraw(-5), Err(TxError::InvalidAmount));
    check("withdraw 20000", account.withdraw(20_000), Ok(80_000));
    check("withdraw 60000", account.withdraw(60_000), Ok(19_400));
    check("withdraw 30000", account.withdraw(30_000), Ok(-10_850));
    check("withdraw 45000", account.withdraw(45_000), Err(TxError::DailyLimit { remaining: 40_000 }));
    check("withdraw 15000", account.withdraw(15_000), Err(TxError::InsufficientFunds { available: 9_150 }));
    account.deposit(50_000);
    check("withdraw 39150 after deposit", account.withdraw(39_150), Ok(0));
    account.frozen = true;
    check("withdraw 100 while frozen", account.withdraw(100), Err(TxError::Frozen));
    if failures > 0 {
        std::process::exit(1);
    }
    println!("all checks passed");
}
