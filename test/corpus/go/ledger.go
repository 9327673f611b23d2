package main

import (
	"errors"
	"fmt"
	"os"
)

var (
	errUnknownAccount = errors.New("unknown account")
	errInvalidAmount  = errors.New("invalid amount")
	errInsufficient   = errors.New("insufficient funds")
)

// Ledger holds account balances in cents and the journal of transfers between them.
type Ledger struct {
	balances map[string]int
	limits   map[string]int
	journal  []string
}

// Transfer moves amount cents from one account to another, allowing each account to go as far
// below zero as its credit limit.
func (l *Ledger) Transfer(from, to string, amount int) error {
	if amount <= 0 || from == to {
		return errInvalidAmount
	}
	fromBalance, okFrom := l.balances[from]
	_, okTo := l.balances[to]
	if !okFrom || !okTo {
		return errUnknownAccount
	}
	if fromBalance-amount < -l.limits[from] {
		l.journal = append(l.journal, fmt.Sprintf("refused %s->%s %d", from, to, amount))
		return errInsufficient
	}
	l.balances[from] -= amount
	l.balances[to] = l.balances[to] + amount
	l.journal = append(l.journal, fmt.Sprintf("%s->%s %d", from, to, amount))
	return nil
}

func main() {
	ledger := &Ledger{
		balances: map[string]int{"alice": 10000, "bob": 2500, "carol": 0},
		limits:   map[string]int{"carol": 5000},
	}
	cases := []struct {
		from, to string
		amount   int
		err      error
		balances string
	}{
		{"alice", "bob", 4000, nil, "map[alice:6000 bob:6500 carol:0]"},
		{"bob", "carol", 6500, nil, "map[alice:6000 bob:0 carol:6500]"},
		{"bob", "alice", 1, errInsufficient, "map[alice:6000 bob:0 carol:6500]"},
		{"carol", "alice", 11500, nil, "map[alice:17500 bob:0 carol:-5000]"},
		{"carol", "bob", 1, errInsufficient, "map[alice:17500 bob:0 carol:-5000]"},
		{"alice", "dave", 100, errUnknownAccount, "map[alice:17500 bob:0 carol:-5000]"},
		{"alice", "alice", 100, errInvalidAmount, "map[alice:17500 bob:0 carol:-5000]"},
		{"alice", "bob", -5, errInvalidAmount, "map[alice:17500 bob:0 carol:-5000]"},
	}
	failures := 0
	for _, c := range cases {
		err := ledger.Transfer(c.from, c.to, c.amount)
		balances := fmt.Sprint(ledger.balances)
		fmt.Printf("Transfer(%s, %s, %d) = %v, %s\n", c.from, c.to, c.amount, err, balances)
		if err != c.err || balances != c.balances {
			fmt.Printf("  want %v, %s\n", c.err, c.balances)
			failures++
		}
	}
	journal := fmt.Sprint(ledger.journal)
	wantJournal := "[alice->bob 4000 bob->carol 6500 refused bob->alice 1 carol->alice 11500 refused carol->bob 1]"
	fmt.Println("journal =", journal)
	if journal != wantJournal {
		fmt.Println("  want", wantJournal)
		failures++
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
