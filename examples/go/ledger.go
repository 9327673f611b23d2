// Bank ledger: posts transactions with an overdraft limit, accrues interest and grades accounts.
package main

import (
	"fmt"
	"os"
)

// postTransactions applies amounts in cents in order, rejecting any withdrawal that would take the
// balance below -overdraftLimit or that exceeds the daily withdrawal limit; it returns the final
// balance and how many transactions were rejected.
func postTransactions(openingBalance int64, amounts []int64, overdraftLimit int64, dailyLimit int64) (int64, int) {
	balance := openingBalance
	withdrawnToday := int64(0)
	rejected := 0
	for i := 0; i < len(amounts); i++ {
		amount := amounts[i]
		if amount == 0 {
			continue
		}
		if amount > 0 {
			balance += amount
			continue
		}
		withdrawal := -amount
		if balance-withdrawal < -overdraftLimit || withdrawnToday+withdrawal > dailyLimit {
			rejected++
			continue
		}
		balance -= withdrawal
		withdrawnToday = withdrawnToday + withdrawal
	}
	return balance, rejected
}

// accrueInterest compounds interest monthly at a yearly rate in basis points, truncating each month
// to whole cents; negative balances are charged the overdraft rate instead.
func accrueInterest(balance int64, savingsBasisPoints int64, overdraftBasisPoints int64, months int) int64 {
	for month := 0; month < months; month++ {
		rate := savingsBasisPoints
		if balance < 0 {
			rate = overdraftBasisPoints
		}
		interest := balance * rate / (12 * 10000)
		balance += interest
	}
	return balance
}

// monthsToTarget counts the months of fixed deposits and interest until the balance reaches the target.
func monthsToTarget(balance int64, deposit int64, basisPoints int64, target int64) int {
	months := 0
	for balance < target && months < 600 {
		balance += deposit
		balance += balance * basisPoints / (12 * 10000)
		months++
	}
	return months
}

// grade labels an account for the monthly report.
func grade(balance int64, rejected int) string {
	if balance < 0 && rejected > 0 {
		return "at risk"
	} else if balance < 0 {
		return "overdrawn"
	} else if balance >= 1000000 {
		return "premium"
	}
	return "standard"
}

func formatCents(cents int64) string {
	sign := ""
	if cents < 0 {
		sign = "-"
		cents = -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

var failures = 0

func expect(label string, actual string, expected string) {
	fmt.Printf("%s: %s\n", label, actual)
	if actual != expected {
		fmt.Fprintf(os.Stderr, "MISMATCH in %s: expected %s\n", label, expected)
		failures++
	}
}

func main() {
	amounts := []int64{50000, -20000, 0, -45000, -30000, 2500, -10000}
	balance, rejected := postTransactions(10000, amounts, 25000, 70000)
	expect("balance", formatCents(balance), "-25.00")
	expect("rejected", fmt.Sprint(rejected), "2")
	expect("grade", grade(balance, rejected), "at risk")
	expect("with interest", formatCents(accrueInterest(250000, 300, 1800, 12)), "2575.99")
	expect("overdraft interest", formatCents(accrueInterest(balance, 300, 1800, 3)), "-26.13")
	expect("months to target", fmt.Sprint(monthsToTarget(0, 50000, 400, 1000000)), "20")
	expect("premium", grade(1500000, 0), "premium")
	if failures > 0 {
		fmt.Printf("%d checks failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
