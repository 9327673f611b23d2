package main

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// DecodeComponent undoes form encoding: '+' is a space and %XX a byte given in hexadecimal.
func DecodeComponent(s string) (string, error) {
	var out strings.Builder
	i := 0
	for i < len(s) {
		switch c := s[i]; c {
		case '+':
			out.WriteByte(' ')
			i++
		case '%':
			if i+2 >= len(s) {
				return "", errors.New("truncated escape")
			}
			high, okHigh := unhex(s[i+1])
			low, okLow := unhex(s[i+2])
			if !okHigh || !okLow {
				return "", fmt.Errorf("bad escape %q", s[i:i+3])
			}
			out.WriteByte(high<<4 | low)
			i += 3
		default:
			out.WriteByte(c)
			i++
		}
	}
	return out.String(), nil
}

func main() {
	cases := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{"hello+world", "hello world"},
		{"a%20b%2Bc", "a b+c"},
		{"caf%C3%A9", "café"},
		{"100%25", "100%"},
		{"bad%zz", "error: bad escape \"%zz\""},
		{"cut%4", "error: truncated escape"},
		{"%", "error: truncated escape"},
	}
	failures := 0
	for _, c := range cases {
		got, err := DecodeComponent(c.in)
		if err != nil {
			got = "error: " + err.Error()
		}
		fmt.Printf("DecodeComponent(%q) = %q\n", c.in, got)
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
