package main

import (
	"errors"
	"fmt"
	"os"
)

// ParseDuration converts text such as "1h30m", "2d" or "90s" into seconds. Units are d, h, m and
// s; each must follow a number.
func ParseDuration(text string) (int, error) {
	if text == "" {
		return 0, errors.New("empty duration")
	}
	total := 0
	number := 0
	digits := 0
	for i, r := range text {
		if r >= '0' && r <= '9' {
			number = number*10 + int(r-'0')
			digits++
			continue
		}
		if digits == 0 {
			return 0, fmt.Errorf("unit %q at %d has no number", r, i)
		}
		switch r {
		case 'd':
			total += number * 86400
		case 'h':
			total += number * 3600
		case 'm':
			total += number * 60
		case 's':
			total += number
		default:
			return 0, fmt.Errorf("unknown unit %q at %d", r, i)
		}
		number = 0
		digits = 0
	}
	if digits > 0 {
		return 0, errors.New("number without a unit at the end")
	}
	return total, nil
}

func main() {
	cases := []struct {
		text string
		want string
	}{
		{"90s", "90"},
		{"1h30m", "5400"},
		{"2d", "172800"},
		{"1d2h3m4s", "93784"},
		{"0s", "0"},
		{"", "error: empty duration"},
		{"15", "error: number without a unit at the end"},
		{"h", "error: unit 'h' at 0 has no number"},
		{"3w", "error: unknown unit 'w' at 1"},
		{"10m5", "error: number without a unit at the end"},
	}
	failures := 0
	for _, c := range cases {
		seconds, err := ParseDuration(c.text)
		got := fmt.Sprint(seconds)
		if err != nil {
			got = "error: " + err.Error()
		}
		fmt.Printf("ParseDuration(%q) = %s\n", c.text, got)
		if got != c.want {
			fmt.Printf("  want %s\n", c.want)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
