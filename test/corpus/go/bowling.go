package main

import (
	"fmt"
	"os"
)

// BowlingScore scores a complete ten-pin game given the pins knocked down by each roll; ok is
// false when the rolls do not form a valid, complete game.
func BowlingScore(rolls []int) (score int, ok bool) {
	for _, pins := range rolls {
		if pins < 0 || pins > 10 {
			return 0, false
		}
	}
	i := 0
	bonusRolls := 0
	for frame := 1; frame <= 10; frame++ {
		if i >= len(rolls) {
			return 0, false
		}
		if rolls[i] == 10 {
			if i+2 >= len(rolls) || (rolls[i+1] < 10 && rolls[i+1]+rolls[i+2] > 10) {
				return 0, false
			}
			score += 10 + rolls[i+1] + rolls[i+2]
			i += 1
			bonusRolls = 2
		} else if i+1 >= len(rolls) || rolls[i]+rolls[i+1] > 10 {
			return 0, false
		} else if rolls[i]+rolls[i+1] == 10 {
			if i+2 >= len(rolls) {
				return 0, false
			}
			score += 10 + rolls[i+2]
			i += 2
			bonusRolls = 1
		} else {
			score += rolls[i] + rolls[i+1]
			i = i + 2
			bonusRolls = 0
		}
	}
	// only the bonus rolls earned in the tenth frame may follow it
	if len(rolls) != i+bonusRolls {
		return 0, false
	}
	return score, true
}

func main() {
	repeat := func(pins, times int) []int {
		rolls := make([]int, times)
		for k := range rolls {
			rolls[k] = pins
		}
		return rolls
	}
	cases := []struct {
		name  string
		rolls []int
		score int
		ok    bool
	}{
		{"gutter game", repeat(0, 20), 0, true},
		{"all ones", repeat(1, 20), 20, true},
		{"perfect game", repeat(10, 12), 300, true},
		{"all spares", repeat(5, 21), 150, true},
		{"mixed", []int{10, 7, 3, 9, 0, 10, 0, 8, 8, 2, 0, 6, 10, 10, 10, 8, 1}, 167, true},
		{"spare in tenth", []int{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 3, 5}, 15, true},
		{"too few rolls", repeat(0, 19), 0, false},
		{"extra roll", repeat(0, 21), 0, false},
		{"eleven pins", []int{6, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 0, false},
		{"negative pins", append([]int{-1}, repeat(0, 19)...), 0, false},
	}
	failures := 0
	for _, c := range cases {
		score, ok := BowlingScore(c.rolls)
		fmt.Printf("BowlingScore(%s) = %d, %v\n", c.name, score, ok)
		if score != c.score || ok != c.ok {
			fmt.Printf("  want %d, %v\n", c.score, c.ok)
			failures++
		}
	}
	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}
