package main

import (
	"fmt"
	"os"
	"strings"
)

// CleanPath normalizes a slash-separated path: it drops empty and "." segments and resolves ".."
// against the previous segment. ".." cannot climb above the root of an absolute path.
func CleanPath(path string) string {
	absolute := strings.HasPrefix(path, "/")
	var stack []string
	for _, segment := range strings.Split(path, "/") {
		switch segment {
		case "", ".":
			continue
		case "..":
			if len(stack) > 0 && stack[len(stack)-1] != ".." {
				stack = stack[:len(stack)-1]
			} else if !absolute {
				stack = append(stack, "..")
			}
		default:
			stack = append(stack, segment)
		}
	}
	cleaned := strings.Join(stack, "/")
	if absolute {
		return "/" + cleaned
	}
	if cleaned == "" {
		return "."
	}
	return cleaned
}

func main() {
	cases := []struct{ in, want string }{
		{"", "."},
		{"/", "/"},
		{"a/b/c", "a/b/c"},
		{"/a/./b/../c/", "/a/c"},
		{"//usr///local//bin", "/usr/local/bin"},
		{"/../..", "/"},
		{"../a/../../b", "../../b"},
		{"a/..", "."},
		{"./x/./y/..", "x"},
		{"/home/user/../../etc/passwd", "/etc/passwd"},
	}
	failures := 0
	for _, c := range cases {
		got := CleanPath(c.in)
		fmt.Printf("CleanPath(%q) = %q\n", c.in, got)
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
