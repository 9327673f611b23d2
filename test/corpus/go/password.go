package main

import (
	"fmt"
	"os"
	"strings"
	"unicode"
)

// PasswordStrength rates a password "weak", "fair", "good" or "strong" from its length and the
// classes of characters it mixes; common passwords are always weak.
func PasswordStrength(password string) string {
	lower := strings.ToLower(password)
	if lower == "password" || lower == "123456" || lower == "qwerty" {
		return "weak"
	}
	var hasLower, hasUpper, hasDigit, hasSymbol bool
	repeats := 0
	var previous rune
	for i, r := range password {
		switch {
		case unicode.IsLower(r):
			hasLower = true
		case unicode.IsUpper(r):
			hasUpper = true
		case unicode.IsDigit(r):
			hasDigit = true
		case !unicode.IsSpace(r):
			hasSymbol = true
		}
		if i > 0 && r == previous {
			repeats++
		}
		previous = r
	}
	classes := 0
	for _, present := range []bool{hasLower, hasUpper, hasDigit, hasSymbol} {
		if present {
			classes++
		}
	}
	length := len([]rune(password))
	points := classes + length/4 - repeats/2
	if length < 8 || points < 3 {
		return "weak"
	} else if points < 5 {
		return "fair"
	} else if points < 7 || classes < 4 {
		return "good"
	}
	return "strong"
}

func main() {
	cases := []struct{ password, want string }{
		{"", "weak"},
		{"Password", "weak"},
		{"abc", "weak"},
		{"abcdefgh", "fair"},
		{"abcdefgh1", "fair"},
		{"Abcdefgh12", "good"},
		{"aaaaaaaaaaaa", "weak"},
		{"Tr0ub4dor&3xyz", "strong"},
		{"correct horse battery staple", "good"},
		{"Zürich-Straße-42!", "strong"},
	}
	failures := 0
	for _, c := range cases {
		got := PasswordStrength(c.password)
		fmt.Printf("PasswordStrength(%q) = %s\n", c.password, got)
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
