package main

import (
	"fmt"
	"os"
	"strings"
)

// Node is a node of an unbalanced binary search tree of string values keyed by int.
type Node struct {
	key         int
	value       string
	left, right *Node
}

// Insert adds key (or replaces its value) in the subtree rooted at n and returns the new root and
// whether the key was new. A nil receiver is an empty tree.
func (n *Node) Insert(key int, value string) (*Node, bool) {
	if n == nil {
		return &Node{key: key, value: value}, true
	}
	added := false
	if key < n.key {
		n.left, added = n.left.Insert(key, value)
	} else if key > n.key {
		n.right, added = n.right.Insert(key, value)
	} else {
		n.value = value
	}
	return n, added
}

func (n *Node) inOrder(out *strings.Builder) {
	if n == nil {
		return
	}
	n.left.inOrder(out)
	fmt.Fprintf(out, "%d:%s ", n.key, n.value)
	n.right.inOrder(out)
}

func (n *Node) height() int {
	if n == nil {
		return 0
	}
	left, right := n.left.height(), n.right.height()
	if left > right {
		return left + 1
	}
	return right + 1
}

func main() {
	var root *Node
	steps := []struct {
		key    int
		value  string
		added  bool
		height int
	}{
		{50, "m", true, 1},
		{30, "f", true, 2},
		{70, "t", true, 2},
		{20, "c", true, 3},
		{40, "h", true, 3},
		{30, "F", false, 3},
		{10, "a", true, 4},
		{80, "w", true, 4},
	}
	failures := 0
	for _, s := range steps {
		var added bool
		root, added = root.Insert(s.key, s.value)
		fmt.Printf("Insert(%d, %q) = %v, height %d\n", s.key, s.value, added, root.height())
		if added != s.added || root.height() != s.height {
			fmt.Printf("  want %v, height %d\n", s.added, s.height)
			failures++
		}
	}
	var out strings.Builder
	root.inOrder(&out)
	got := strings.TrimSpace(out.String())
	want := "10:a 20:c 30:F 40:h 50:m 70:t 80:w"
	fmt.Println("in order:", got)
	if got != want {
		fmt.Println("  want", want)
		failures++
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
