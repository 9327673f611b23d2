package main

import (
	"fmt"
	"math"
	"os"
)

// MovingAverage returns the mean of every window of consecutive values (len(values)-window+1 of
// them), keeping a running sum; nil when the window does not fit.
func MovingAverage(values []float64, window int) []float64 {
	if window <= 0 || window > len(values) {
		return nil
	}
	averages := make([]float64, 0, len(values)-window+1)
	sum := 0.0
	for i := 0; i < len(values); i++ {
		sum += values[i]
		if i >= window {
			sum -= values[i-window]
		}
		if i >= window-1 {
			averages = append(averages, sum/float64(window))
		}
	}
	return averages
}

func sameFloats(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

func main() {
	cases := []struct {
		values []float64
		window int
		want   []float64
	}{
		{nil, 1, nil},
		{[]float64{1, 2, 3}, 0, nil},
		{[]float64{1, 2, 3}, 4, nil},
		{[]float64{5}, 1, []float64{5}},
		{[]float64{1, 2, 3, 4, 5}, 2, []float64{1.5, 2.5, 3.5, 4.5}},
		{[]float64{1, 2, 3, 4, 5}, 5, []float64{3}},
		{[]float64{10, -10, 10, -10}, 3, []float64{10.0 / 3, -10.0 / 3}},
		{[]float64{0.1, 0.2, 0.3, 0.4}, 2, []float64{0.15, 0.25, 0.35}},
	}
	failures := 0
	for _, c := range cases {
		got := MovingAverage(c.values, c.window)
		fmt.Printf("MovingAverage(%v, %d) = %.4f\n", c.values, c.window, got)
		if !sameFloats(got, c.want) {
			fmt.Printf("  want %.4f\n", c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
