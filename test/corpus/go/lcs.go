package main

import (
	"fmt"
	"os"
)

// LongestCommonSubsequence returns one longest subsequence shared by a and b (byte-wise).
func LongestCommonSubsequence(a, b string) string {
	n, m := len(a), len(b)
	table := make([][]int, n+1)
	for i := range table {
		table[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				table[i][j] = table[i+1][j+1] + 1
			} else if table[i+1][j] >= table[i][j+1] {
				table[i][j] = table[i+1][j]
			} else {
				table[i][j] = table[i][j+1]
			}
		}
	}
	result := make([]byte, 0, table[0][0])
	i, j := 0, 0
	for i < n && j < m {
		if a[i] == b[j] {
			result = append(result, a[i])
			i++
			j++
		} else if table[i+1][j] >= table[i][j+1] {
			i++
		} else {
			j++
		}
	}
	return string(result)
}

func main() {
	cases := []struct{ a, b, want string }{
		{"", "", ""},
		{"abc", "", ""},
		{"abcde", "ace", "ace"},
		{"abc", "def", ""},
		{"AGGTAB", "GXTXAYB", "GTAB"},
		{"ABCBDAB", "BDCABA", "BDAB"},
		{"same", "same", "same"},
		{"programming", "gaming", "gaming"},
	}
	failures := 0
	for _, c := range cases {
		got := LongestCommonSubsequence(c.a, c.b)
		fmt.Printf("LongestCommonSubsequence(%q, %q) = %q\n", c.a, c.b, got)
		if got != c.want {
			fmt.Printf("  want %q\n", c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
