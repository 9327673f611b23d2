import type { LanguageId } from '../../src/core/languages/languageIds';

/**
 * Programs around functions of one or two lines with short names, like many of MBPP's and
 * HumanEval's (`def hypotenuse(a, b): return math.sqrt(a*a + b*b)`): what the growth budget's
 * slack for short units (src/core/search/growth.ts) is for. Each prints what its functions give.
 */
export interface TinyProgram {
  text: string;
  functions: readonly string[];
}

export const TINY: Record<LanguageId, TinyProgram> = {
  python: {
    functions: ['hypotenuse', 'f'],
    text: `import math


def hypotenuse(a, b):
    return math.sqrt(a*a + b*b)


def f(x):
    return x + 1


print(hypotenuse(3, 4), f(1))
`,
  },
  c: {
    functions: ['square', 'f'],
    text: `#include <stdio.h>

int square(int n) {
    return n * n;
}

int f(int x) {
    return x + 1;
}

int main(void) {
    printf("%d %d\\n", square(7), f(1));
    return 0;
}
`,
  },
  cpp: {
    functions: ['hypotenuse', 'f'],
    text: `#include <cmath>
#include <iostream>

double hypotenuse(double a, double b) {
    return std::sqrt(a * a + b * b);
}

int f(int x) {
    return x + 1;
}

int main() {
    std::cout << hypotenuse(3, 4) << " " << f(1) << std::endl;
    return 0;
}
`,
  },
  go: {
    functions: ['hypotenuse', 'f'],
    text: `package main

import (
	"fmt"
	"math"
)

func hypotenuse(a, b float64) float64 {
	return math.Sqrt(a*a + b*b)
}

func f(x int) int {
	return x + 1
}

func main() {
	fmt.Println(hypotenuse(3, 4), f(1))
}
`,
  },
  rust: {
    functions: ['hypotenuse', 'f'],
    text: `fn hypotenuse(a: f64, b: f64) -> f64 {
    (a * a + b * b).sqrt()
}

fn f(x: i32) -> i32 {
    x + 1
}

fn main() {
    println!("{} {}", hypotenuse(3.0, 4.0), f(1));
}
`,
  },
  java: {
    functions: ['hypotenuse', 'f'],
    text: `public class Tiny {
    static double hypotenuse(double a, double b) {
        return Math.sqrt(a * a + b * b);
    }

    static int f(int x) {
        return x + 1;
    }

    public static void main(String[] args) {
        System.out.println(hypotenuse(3, 4) + " " + f(1));
    }
}
`,
  },
  javascript: {
    functions: ['hypotenuse', 'f'],
    text: `function hypotenuse(a, b) {
  return Math.sqrt(a * a + b * b);
}

function f(x) {
  return x + 1;
}

console.log(hypotenuse(3, 4), f(1));
`,
  },
  typescript: {
    functions: ['hypotenuse', 'f'],
    text: `function hypotenuse(a: number, b: number): number {
  return Math.sqrt(a * a + b * b);
}

function f(x: number): number {
  return x + 1;
}

console.log(hypotenuse(3, 4), f(1));
`,
  },
};
