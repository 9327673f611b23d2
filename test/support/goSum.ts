/** A small Go program with one loop to perturb, for the batch tests of the engine and the editor. */
export const GO = `package main

import "fmt"

func sum(values []int) int {
	total := 0
	for i := 0; i < len(values); i++ {
		total += values[i]
	}
	return total
}

func main() {
	fmt.Println(sum([]int{1, 2, 3}))
}
`;
