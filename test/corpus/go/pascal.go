package main

import (
	"fmt"
	"os"
)

// PascalTriangle returns the first rows of Pascal's triangle; every entry is reduced modulo
// mod when mod > 0 (mod 2 draws the Sierpinski pattern).
func PascalTriangle(rows, mod int) [][]int {
	if rows <= 0 {
		return [][]int{}
	}
	edge := 1
	if mod > 0 {
		edge = 1 % mod
	}
	triangle := make([][]int, 0, rows)
	for r := 0; r < rows; r++ {
		row := make([]int, r+1)
		row[0], row[r] = edge, edge
		for c := 1; c < r; c++ {
			value := triangle[r-1][c-1] + triangle[r-1][c]
			if mod > 0 {
				value %= mod
			}
			row[c] = value
		}
		triangle = append(triangle, row)
	}
	return triangle
}

func main() {
	cases := []struct {
		rows, mod int
		want      string
	}{
		{0, 0, "[]"},
		{1, 0, "[[1]]"},
		{2, 0, "[[1] [1 1]]"},
		{5, 0, "[[1] [1 1] [1 2 1] [1 3 3 1] [1 4 6 4 1]]"},
		{5, 2, "[[1] [1 1] [1 0 1] [1 1 1 1] [1 0 0 0 1]]"},
		{4, 1, "[[0] [0 0] [0 0 0] [0 0 0 0]]"},
		{-3, 0, "[]"},
	}
	failures := 0
	for _, c := range cases {
		got := fmt.Sprint(PascalTriangle(c.rows, c.mod))
		fmt.Printf("PascalTriangle(%d, %d) = %s\n", c.rows, c.mod, got)
		if got != c.want {
			fmt.Printf("  want %s\n", c.want)
			failures++
		}
	}
	last := PascalTriangle(21, 0)[20]
	fmt.Println("PascalTriangle(21, 0) row 20 middle =", last[10])
	if last[10] != 184756 {
		fmt.Println("  want 184756")
		failures++
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
