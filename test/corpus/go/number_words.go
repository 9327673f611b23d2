package main

import (
	"fmt"
	"os"
)

var small = []string{
	"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
}

var tens = []string{"", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"}

// NumberToWords spells out an integer in English ("one hundred twenty-three").
func NumberToWords(n int) string {
	if n < 0 {
		return "minus " + NumberToWords(-n)
	}
	if n < 20 {
		return small[n]
	}
	var head string
	var rest int
	if n < 100 {
		head = tens[n/10]
		rest = n % 10
		if rest == 0 {
			return head
		}
		return head + "-" + small[rest]
	} else if n < 1000 {
		head = NumberToWords(n/100) + " hundred"
		rest = n % 100
	} else if n < 1000000 {
		head = NumberToWords(n/1000) + " thousand"
		rest = n % 1000
	} else {
		head = NumberToWords(n/1000000) + " million"
		rest = n % 1000000
	}
	if rest == 0 {
		return head
	}
	return head + " " + NumberToWords(rest)
}

func main() {
	cases := []struct {
		n    int
		want string
	}{
		{0, "zero"},
		{13, "thirteen"},
		{40, "forty"},
		{99, "ninety-nine"},
		{100, "one hundred"},
		{123, "one hundred twenty-three"},
		{1005, "one thousand five"},
		{20020, "twenty thousand twenty"},
		{-7, "minus seven"},
		{3000000, "three million"},
		{987654321, "nine hundred eighty-seven million six hundred fifty-four thousand three hundred twenty-one"},
	}
	failures := 0
	for _, c := range cases {
		got := NumberToWords(c.n)
		fmt.Printf("NumberToWords(%d) = %q\n", c.n, got)
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
