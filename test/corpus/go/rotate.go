package main

import (
	"fmt"
	"os"
)

// RotateClockwise rotates a square matrix a quarter turn clockwise in place, ring by ring; it
// reports false (and leaves the matrix alone) when the matrix is not square.
func RotateClockwise(m [][]int) bool {
	n := len(m)
	for _, row := range m {
		if len(row) != n {
			return false
		}
	}
	for layer := 0; layer < n/2; layer++ {
		first, last := layer, n-1-layer
		for i := first; i < last; i++ {
			offset := i - first
			top := m[first][i]
			m[first][i] = m[last-offset][first]
			m[last-offset][first] = m[last][last-offset]
			m[last][last-offset] = m[i][last]
			m[i][last] = top
		}
	}
	return true
}

func main() {
	cases := []struct {
		m    [][]int
		ok   bool
		want string
	}{
		{[][]int{}, true, "[]"},
		{[][]int{{7}}, true, "[[7]]"},
		{[][]int{{1, 2}, {3, 4}}, true, "[[3 1] [4 2]]"},
		{[][]int{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, true, "[[7 4 1] [8 5 2] [9 6 3]]"},
		{[][]int{{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}}, true,
			"[[13 9 5 1] [14 10 6 2] [15 11 7 3] [16 12 8 4]]"},
		{[][]int{{1, 2, 3}, {4, 5, 6}}, false, "[[1 2 3] [4 5 6]]"},
		{[][]int{{1, 2}, {3}}, false, "[[1 2] [3]]"},
	}
	failures := 0
	for _, c := range cases {
		before := fmt.Sprint(c.m)
		ok := RotateClockwise(c.m)
		got := fmt.Sprint(c.m)
		fmt.Printf("RotateClockwise(%s) = %v, %s\n", before, ok, got)
		if ok != c.ok || got != c.want {
			fmt.Printf("  want %v, %s\n", c.ok, c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
