package main

import (
	"fmt"
	"os"
	"strings"
)

// ParseIPv4 parses dotted-quad notation ("192.168.0.1"); leading zeros are rejected as ambiguous.
func ParseIPv4(s string) ([4]byte, bool) {
	var addr [4]byte
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return addr, false
	}
	for i, part := range parts {
		if len(part) == 0 || len(part) > 3 || (len(part) > 1 && part[0] == '0') {
			return addr, false
		}
		value := 0
		for _, r := range part {
			if r < '0' || r > '9' {
				return addr, false
			}
			value = value*10 + int(r-'0')
		}
		if value > 255 {
			return addr, false
		}
		addr[i] = byte(value)
	}
	return addr, true
}

func main() {
	cases := []struct {
		in   string
		addr [4]byte
		ok   bool
	}{
		{"192.168.0.1", [4]byte{192, 168, 0, 1}, true},
		{"0.0.0.0", [4]byte{0, 0, 0, 0}, true},
		{"255.255.255.255", [4]byte{255, 255, 255, 255}, true},
		{"256.1.1.1", [4]byte{}, false},
		{"1.2.3", [4]byte{}, false},
		{"1.2.3.4.5", [4]byte{}, false},
		{"01.2.3.4", [4]byte{}, false},
		{"1..3.4", [4]byte{}, false},
		{"a.b.c.d", [4]byte{}, false},
		{"", [4]byte{}, false},
	}
	failures := 0
	for _, c := range cases {
		addr, ok := ParseIPv4(c.in)
		if !ok {
			addr = [4]byte{}
		}
		fmt.Printf("ParseIPv4(%q) = %v, %v\n", c.in, addr, ok)
		if addr != c.addr || ok != c.ok {
			fmt.Printf("  want %v, %v\n", c.addr, c.ok)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
