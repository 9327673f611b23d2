package main

import (
	"fmt"
	"os"
)

// MergeSort returns a sorted copy of values; equal elements keep their order.
func MergeSort(values []int) []int {
	if len(values) <= 1 {
		return append([]int(nil), values...)
	}
	middle := len(values) / 2
	left := MergeSort(values[:middle])
	right := MergeSort(values[middle:])
	merged := make([]int, 0, len(values))
	i, j := 0, 0
	for i < len(left) && j < len(right) {
		if left[i] <= right[j] {
			merged = append(merged, left[i])
			i++
		} else {
			merged = append(merged, right[j])
			j++
		}
	}
	merged = append(merged, left[i:]...)
	merged = append(merged, right[j:]...)
	return merged
}

func main() {
	cases := []struct {
		in   []int
		want string
	}{
		{nil, "[]"},
		{[]int{1}, "[1]"},
		{[]int{2, 1}, "[1 2]"},
		{[]int{38, 27, 43, 3, 9, 82, 10}, "[3 9 10 27 38 43 82]"},
		{[]int{5, -1, 5, 0, -1}, "[-1 -1 0 5 5]"},
		{[]int{1, 2, 3, 4, 5, 6}, "[1 2 3 4 5 6]"},
		{[]int{9, 8, 7, 6, 5, 4, 3, 2, 1, 0}, "[0 1 2 3 4 5 6 7 8 9]"},
	}
	failures := 0
	for _, c := range cases {
		original := fmt.Sprint(c.in)
		got := fmt.Sprint(MergeSort(c.in))
		fmt.Printf("MergeSort(%s) = %s\n", original, got)
		if got != c.want || fmt.Sprint(c.in) != original {
			fmt.Printf("  want %s (input unchanged)\n", c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
