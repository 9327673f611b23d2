package main

import (
	"fmt"
	"os"
	"strings"
)

// WrapText breaks text into lines of at most width bytes at spaces; a word longer than width is
// split across lines.
func WrapText(text string, width int) []string {
	if width <= 0 {
		return nil
	}
	var lines []string
	var line strings.Builder
	for _, word := range strings.Fields(text) {
		for len(word) > width {
			if line.Len() > 0 {
				lines = append(lines, line.String())
				line.Reset()
			}
			lines = append(lines, word[:width])
			word = word[width:]
		}
		if line.Len() == 0 {
			line.WriteString(word)
		} else if line.Len()+1+len(word) <= width {
			line.WriteByte(' ')
			line.WriteString(word)
		} else {
			lines = append(lines, line.String())
			line.Reset()
			line.WriteString(word)
		}
	}
	if line.Len() > 0 {
		lines = append(lines, line.String())
	}
	return lines
}

func main() {
	cases := []struct {
		text  string
		width int
		want  string
	}{
		{"", 10, "[]"},
		{"hello", 0, "[]"},
		{"the quick brown fox jumps over the lazy dog", 10, "[the quick|brown fox|jumps over|the lazy|dog]"},
		{"short", 20, "[short]"},
		{"  spaces   everywhere  ", 6, "[spaces|everyw|here]"},
		{"a bb ccc dddd", 4, "[a bb|ccc|dddd]"},
		{"supercalifragilistic is long", 8, "[supercal|ifragili|stic is|long]"},
	}
	failures := 0
	for _, c := range cases {
		got := "[" + strings.Join(WrapText(c.text, c.width), "|") + "]"
		fmt.Printf("WrapText(%q, %d) = %s\n", c.text, c.width, got)
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
