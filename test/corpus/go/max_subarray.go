package main

import (
	"fmt"
	"os"
)

// MaxSubarray finds the contiguous run of values with the largest sum (Kadane's algorithm) and
// returns the sum with the run's bounds [start, end). Empty input gives 0, 0, 0; a later run
// with the same sum does not replace the first one found.
func MaxSubarray(values []int) (best, start, end int) {
	if len(values) == 0 {
		return 0, 0, 0
	}
	best, start, end = values[0], 0, 1
	current, currentStart := 0, 0
	for i, v := range values {
		if current <= 0 {
			current = v
			currentStart = i
		} else {
			current += v
		}
		if current > best {
			best = current
			start, end = currentStart, i+1
		}
	}
	return best, start, end
}

func main() {
	cases := []struct {
		values           []int
		best, start, end int
	}{
		{nil, 0, 0, 0},
		{[]int{5}, 5, 0, 1},
		{[]int{-2, 1, -3, 4, -1, 2, 1, -5, 4}, 6, 3, 7},
		{[]int{-3, -1, -2}, -1, 1, 2},
		{[]int{1, 2, 3}, 6, 0, 3},
		{[]int{2, -1, 2, -10, 3}, 3, 0, 3},
		{[]int{0, 0, 0}, 0, 0, 1},
		{[]int{-1, 0, 4, -4, 4}, 4, 2, 3},
	}
	failures := 0
	for _, c := range cases {
		best, start, end := MaxSubarray(c.values)
		fmt.Printf("MaxSubarray(%v) = %d [%d, %d)\n", c.values, best, start, end)
		if best != c.best || start != c.start || end != c.end {
			fmt.Printf("  want %d [%d, %d)\n", c.best, c.start, c.end)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
