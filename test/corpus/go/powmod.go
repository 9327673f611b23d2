package main

import (
	"fmt"
	"os"
)

// PowMod computes base^exp mod m by square-and-multiply; m must be below 2^32 so that the
// products fit in 64 bits. PowMod(x, 0, 1) is 0.
func PowMod(base, exp, m uint64) uint64 {
	if m == 1 {
		return 0
	}
	result := uint64(1)
	base %= m
	for exp > 0 {
		if exp&1 == 1 {
			result = result * base % m
		}
		base = base * base % m
		exp >>= 1
	}
	return result
}

func main() {
	cases := []struct{ base, exp, m, want uint64 }{
		{2, 10, 1000, 24},
		{3, 0, 7, 1},
		{0, 0, 7, 1},
		{5, 3, 1, 0},
		{4, 13, 497, 445},
		{7, 560, 561, 1},
		{123456789, 987654321, 1000000007, 652541198},
		{2, 32, 4294967291, 5},
		{10, 18, 13, 1},
	}
	failures := 0
	for _, c := range cases {
		got := PowMod(c.base, c.exp, c.m)
		fmt.Printf("PowMod(%d, %d, %d) = %d\n", c.base, c.exp, c.m, got)
		if got != c.want {
			fmt.Printf("  want %d\n", c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
