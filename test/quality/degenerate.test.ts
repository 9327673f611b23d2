import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LanguageId, languageFromPath } from '../../src/core/languages/languageIds';
import { DegenerateFinding, findDegenerate } from '../../src/core/quality/degenerate';
import { CORPUS_DIR } from '../support/corpus';
import { parse, REPO } from '../support/harness';

/**
 * The detectors of degenerate code, shape by shape: a snippet with the shape is flagged, a
 * near miss (the code a person would write) is not; and no original of the corpus or the
 * examples is flagged at all.
 */

async function findings(lang: LanguageId, text: string): Promise<DegenerateFinding[]> {
  const tree = await parse(lang, text);
  try {
    return findDegenerate(lang, tree.rootNode, text);
  } finally {
    tree.delete();
  }
}

/** A function around some statements, so that each snippet is a whole file. */
function inFunction(lang: LanguageId, body: string): string {
  const indented = (unit: string) => body.split('\n').map((l) => (l ? unit + l : l)).join('\n');
  switch (lang) {
    case 'python':
      return `def f(a, b, xs):\n${indented('    ')}\n`;
    case 'c':
    case 'cpp':
      return `int f(int a, int b, int *xs, int n) {\n${indented('    ')}\n    return a;\n}\n`;
    case 'go':
      return `package main\n\nfunc f(a int, b int, xs []int) int {\n${indented('\t')}\n\treturn a\n}\n`;
    case 'rust':
      return `fn f(mut a: i32, b: i32, xs: &[i32]) -> i32 {\n${indented('    ')}\n    a\n}\n`;
    case 'java':
      return `class A {\n    static int f(int a, int b, int[] xs) {\n${indented('        ')}\n        return a;\n    }\n}\n`;
    case 'javascript':
      return `function f(a, b, xs) {\n${indented('  ')}\n  return a;\n}\n`;
    case 'typescript':
      return `function f(a: number, b: number, xs: number[]): number {\n${indented('  ')}\n  return a;\n}\n`;
  }
}

interface Pair {
  /** Statements with the shape. */
  flagged: string;
  /** Statements without it that come close. */
  nearMiss: string;
  /** The snippets are whole files, not statements. */
  file?: boolean;
}

/** Per shape, per language where the shape can be written: a snippet with it and a near miss. */
const CASES: Record<string, Partial<Record<LanguageId, Pair>>> = {
  'empty-branch': {
    python: { flagged: 'if a > b:\n    a = b\nelse:\n    pass', nearMiss: 'if a > b:\n    a = b\nelse:\n    pass  # nothing to do otherwise' },
    c: { flagged: 'if (a > b) {\n    a = b;\n} else {\n}', nearMiss: 'if (a > b) {\n    a = b;\n} else {\n    /* nothing to do otherwise */\n}' },
    cpp: { flagged: 'if (xs == nullptr) {\n}', nearMiss: 'if (xs == nullptr) {\n    // nothing to do for nullptr\n}' },
    go: { flagged: 'for _, x := range xs {\n\tif x > 0 {\n\t\tcontinue\n\t} else {\n\t}\n\ta += x\n}', nearMiss: 'for _, x := range xs {\n\tif x > 0 {\n\t\tcontinue\n\t}\n\ta += x\n}' },
    rust: { flagged: 'if a > b {\n} else {\n    a = b;\n}', nearMiss: 'if a <= b {\n    a = b;\n}' },
    java: { flagged: 'if (xs == null) {\n}', nearMiss: 'if (xs == null) {\n    // nothing to do for null\n}' },
    javascript: { flagged: 'if (a > b) { a = b; } else { }', nearMiss: 'if (a > b) { a = b; } else { /* nothing to do otherwise */ }' },
    typescript: {
      flagged: 'if (a === 6) {\n  // six\n} else {\n  a = 0;\n}',
      nearMiss: 'if (a === 3) {\n  a = 6;\n} else if (a === 6) {\n  // already long\n} else {\n  a = 0;\n}',
    },
  },
  'constant-condition': {
    python: { flagged: 'for x in xs:\n    if not True:\n        break\n    a += x', nearMiss: 'while True:\n    if not xs:\n        break\n    a += xs.pop()' },
    c: { flagged: 'if (1) {\n    a = b;\n}', nearMiss: 'while (1) {\n    if (a > b) break;\n    a++;\n}' },
    cpp: { flagged: 'while (false) {\n    a++;\n}', nearMiss: 'for (;;) {\n    if (a > b) break;\n    a++;\n}' },
    go: { flagged: 'if true {\n\ta = b\n}', nearMiss: 'for {\n\tif a > b {\n\t\tbreak\n\t}\n\ta++\n}' },
    rust: { flagged: 'while false {\n    a += 1;\n}', nearMiss: 'loop {\n    if a > b {\n        break;\n    }\n    a += 1;\n}' },
    java: { flagged: 'if (!false) {\n    a = b;\n}', nearMiss: 'if (a != b) {\n    a = b;\n}' },
    javascript: { flagged: 'if ((true)) { a = b; }', nearMiss: 'if (a) { a = b; }' },
    typescript: { flagged: 'if (0) {\n  a = b;\n}', nearMiss: 'while (true) {\n  if (a > b) break;\n  a++;\n}' },
  },
  'dead-loop': {
    python: { flagged: 'for i in range(0):\n    a += i', nearMiss: 'for i in range(b):\n    a += i' },
    c: { flagged: 'for (int i = 0; i < 0; i++) {\n    a += i;\n}', nearMiss: 'for (int i = 0; i < n; i++) {\n    a += i;\n}' },
    cpp: { flagged: 'for (int i = 3; i < 2; i++) {\n    a += i;\n}', nearMiss: 'for (int i = 0; i < 4; i++) {\n    a += i;\n}' },
    go: { flagged: 'for i := 0; i < 0; i++ {\n\ta += i\n}', nearMiss: 'for i := 0; i < b; i++ {\n\ta += i\n}' },
    rust: { flagged: 'for i in 0..0 {\n    a += i;\n}', nearMiss: 'for i in 0..=1 {\n    a += i;\n}' },
    java: { flagged: 'for (int i = 0; i < 0; i++) {\n    a += i;\n}', nearMiss: 'int limit = 0;\nfor (int i = 0; i < limit; i++) {\n    // off by default\n}' },
    javascript: { flagged: 'for (let i = 0; i < 0; i++) {\n  a += i;\n}', nearMiss: 'for (let i = 0; i < xs.length; i++) {\n  a += i;\n}' },
    typescript: { flagged: 'for (let i = 0; 0 > i; i++) {\n  a += i;\n}', nearMiss: 'for (let i = 0; b > i; i++) {\n  a += i;\n}' },
  },
  'single-pass-loop': {
    python: { flagged: 'for _once in range(1):\n    a += b', nearMiss: 'for _i in range(2):\n    a += b' },
    c: { flagged: 'do {\n    a += b;\n} while (0);', nearMiss: 'do {\n    a += b;\n} while (a < 10);' },
    cpp: { flagged: 'for (int once = 0; once < 1; ++once) {\n    a += b;\n}', nearMiss: 'for (int i = 0; i < 2; ++i) {\n    a += b;\n}' },
    go: { flagged: 'for once := 0; once < 1; once++ {\n\ta += b\n}', nearMiss: 'for a < b {\n\ta += b\n}' },
    rust: { flagged: 'loop {\n    a += b;\n    break;\n}', nearMiss: 'loop {\n    if a > b {\n        break;\n    }\n    a += b;\n}' },
    java: { flagged: 'do {\n    a += b;\n} while (false);', nearMiss: 'do {\n    a += b;\n} while (a < 100);' },
    javascript: { flagged: 'for (let once = 0; once < 1; once++) {\n  a += b;\n}', nearMiss: 'for (let i = 0; i < b; i++) {\n  a += b;\n}' },
    typescript: { flagged: 'while (true) {\n  a += b;\n  break;\n}', nearMiss: 'while (true) {\n  a += b;\n  if (a > 100) continue;\n  break;\n}' },
  },
  'empty-loop': {
    python: { flagged: 'for i in range(a, b):\n    pass', nearMiss: 'for i in range(a, b):\n    pass  # nothing yet' },
    c: { flagged: 'for (int i = 0; i < n; i++) {\n}', nearMiss: 'for (a = 0; xs[a]; a++) {\n}' },
    cpp: { flagged: 'while (a < b) {\n}', nearMiss: 'while (xs[a++] != 0) {\n}' },
    go: { flagged: 'for i := a; i < b; i++ {\n}', nearMiss: 'for i := a; i < b; i++ {\n\t// reserved\n}' },
    rust: { flagged: 'for _i in a..b {\n}', nearMiss: 'for i in a..b {\n    a += i;\n}' },
    java: { flagged: 'for (int i = a; i < b; i++) {\n}', nearMiss: 'for (int i = a; i < b; i++) {\n    // reserved\n}' },
    javascript: { flagged: 'for (let i = a; i < b; i++) {}', nearMiss: 'for (let i = a; i < b; i++) { a += i; }' },
    typescript: { flagged: 'for (let i = a; i < b; i++) {}', nearMiss: 'for (; a < b; a++) {}' },
  },
  'loop-only-breaks': {
    python: { flagged: 'while a < b:\n    break', nearMiss: 'while a < b:\n    a += 1\n    break' },
    c: { flagged: 'while (a < b) {\n    break;\n}', nearMiss: 'while (a < b) {\n    if (xs[a]) break;\n    a++;\n}' },
    cpp: { flagged: 'for (int i = 0; i < n; i++) {\n    break;\n}', nearMiss: 'for (int i = 0; i < n; i++) {\n    a += i;\n}' },
    go: { flagged: 'for _, x := range xs {\n\tbreak\n\ta += x\n}', nearMiss: 'for _, x := range xs {\n\tif x < 0 {\n\t\tbreak\n\t}\n\ta += x\n}' },
    rust: { flagged: 'while a < b {\n    break;\n}', nearMiss: 'while a < b {\n    a += 1;\n}' },
    java: { flagged: 'for (int x : xs) {\n    break;\n}', nearMiss: 'for (int x : xs) {\n    a += x;\n}' },
    javascript: { flagged: 'for (const x of xs) {\n  break;\n}', nearMiss: 'for (const x of xs) {\n  a += x;\n}' },
    typescript: { flagged: 'while (a < b) {\n  break;\n}', nearMiss: 'while (a < b) {\n  a++;\n}' },
  },
  'resplit-loop': {
    python: {
      flagged: 'mid = len(xs) // 2\nhalf = mid // 2\nfor i in range(half):\n    a += xs[i]\nfor i in range(half, mid):\n    a += xs[i]\nfor i in range(mid, len(xs)):\n    a += xs[i]',
      nearMiss: 'mid = len(xs) // 2\nfor i in range(mid):\n    a += xs[i]\nfor i in range(mid, len(xs)):\n    a += xs[i]',
    },
    c: {
      flagged: 'for (int i = 0; i < 2; i++) {\n    a += xs[i];\n}\nfor (int i = 2; i < 4; i++) {\n    a += xs[i];\n}\n{\n    int i = 4;\n    while (i < n) {\n        a += xs[i];\n        i++;\n    }\n}',
      nearMiss: 'for (int i = 0; i < 4; i++) {\n    a += xs[i];\n}\n{\n    int i = 4;\n    while (i < n) {\n        a += xs[i];\n        i++;\n    }\n}',
    },
    cpp: {
      flagged: 'for (int i = 0; i < a; i++) b += i;\nfor (int i = a; i < b; i++) b += i;\nfor (int i = b; i < n; i++) b += i;',
      nearMiss: 'for (int i = 0; i < a; i++) b += i;\nfor (int j = a; j < b; j++) b += j;\nfor (int i = b; i < n; i++) b += i;',
    },
    go: {
      flagged: 'for i := 0; i < a; i++ {\n\tb += i\n}\nfor i := a; i < b; i++ {\n\tb += i\n}\nfor i := b; i < len(xs); i++ {\n\tb += i\n}',
      nearMiss: 'for i := 0; i < a; i++ {\n\tb += i\n}\nfor i := a; i < len(xs); i++ {\n\tb += i\n}',
    },
    rust: {
      flagged: 'for i in 0..a {\n    a += i;\n}\nfor i in a..b {\n    a += i;\n}\nfor i in b..10 {\n    a += i;\n}',
      nearMiss: 'for i in 0..a {\n    a += i;\n}\nfor i in b..10 {\n    a += i;\n}\nfor i in a..b {\n    a += i;\n}',
    },
    java: {
      flagged: 'for (int i = 0; i < a; i++) b += i;\nfor (int i = a; i < b; i++) b += i;\nfor (int i = b; i <= 9; i++) b += i;',
      nearMiss: 'for (int i = 0; i <= a; i++) b += i;\nfor (int i = a; i < b; i++) b += i;\nfor (int i = b; i <= 9; i++) b += i;',
    },
    javascript: {
      flagged: 'for (let i = 0; i < a; i++) b += i;\nfor (let i = a; i < b; i++) b += i;\nfor (let i = b; i < xs.length; i++) b += i;',
      nearMiss: 'for (let i = 0; i < a; i++) b += i;\nfor (let i = a; i < xs.length; i++) b += i;',
    },
    typescript: {
      flagged: 'for (let i = 0; i < a; i++) b += i;\nfor (let i = a; i < b; i++) b += i;\nfor (let i = b; i < xs.length; i++) b += i;',
      nearMiss: 'for (let i = 0; i < a; i++) b += i;\nfor (let i = a; i < xs.length; i++) b += i;',
    },
  },
  'trivial-wrapper': {
    python: { flagged: 'def is_set():\n    return a\nif is_set():\n    b = 1', nearMiss: 'def is_over():\n    return a > b\nif is_over():\n    b = 1' },
    c: {
      file: true,
      flagged: 'static int check_flag(int flag) {\n    return flag != 0;\n}\nint f(int flag) {\n    return check_flag(flag) ? 1 : 0;\n}\n',
      nearMiss: 'static int is_even(int n) {\n    return n % 2 == 0;\n}\nint f(int n) {\n    return is_even(n) ? 1 : 0;\n}\n',
    },
    cpp: { flagged: 'auto has_xs = [&]() { return xs; };\nif (has_xs()) a = 1;', nearMiss: 'auto is_over = [&]() { return a > b; };\nif (is_over()) a = 1;' },
    go: { flagged: 'isSet := func() bool { return a != 0 }\nif isSet() {\n\tb = 1\n}', nearMiss: 'isOver := func() bool { return a > b }\nif isOver() {\n\tb = 1\n}' },
    rust: { flagged: 'let check_b = || !b;\nif check_b() {\n    a = 1;\n}', nearMiss: 'let is_over = || a > b;\nif is_over() {\n    a = 1;\n}' },
    java: {
      file: true,
      flagged: 'class A {\n    private static boolean isSet(boolean flag) {\n        return flag;\n    }\n    int size;\n    int size() {\n        return size;\n    }\n}\n',
      nearMiss: 'class A {\n    int size;\n    int size() {\n        return size;\n    }\n    int first(int[] xs) {\n        return xs[0];\n    }\n}\n',
    },
    javascript: { flagged: 'const hasXs = () => xs;\nif (hasXs()) a = 1;', nearMiss: 'const count = (ys) => ys.length;\nif (count(xs)) a = 1;' },
    typescript: { flagged: 'const isZero = () => !(a !== 0);\nif (isZero()) b = 1;', nearMiss: 'const isSmall = () => a < 10;\nif (isSmall()) b = 1;' },
  },
  'wrapper-of-wrapper': {
    python: { flagged: 'def is_over():\n    return a > b\ndef check_over():\n    return is_over()\nif check_over():\n    a = b', nearMiss: 'def is_over():\n    return a > b\ndef check_over():\n    return is_over() and b > 0\nif check_over():\n    a = b' },
    c: {
      file: true,
      flagged: 'static int is_zero(long r) {\n    return r == 0;\n}\nstatic int has_zero(long r) {\n    return is_zero(r) != 0;\n}\nint f(long r) {\n    return has_zero(r);\n}\n',
      nearMiss: 'static int is_negative(long r) {\n    return r < 0;\n}\nstatic int is_square_negative(long r) {\n    return is_negative(r * r);\n}\nint f(long r) {\n    return is_square_negative(r) ? 1 : 0;\n}\n',
    },
    cpp: { flagged: 'auto over = [&]() { return a > b; };\nauto check = [&]() { return over(); };\nif (check()) a = b;', nearMiss: 'auto over = [&]() { return a > b; };\nif (over()) a = b;' },
    go: { flagged: 'isOver := func() bool { return a > b }\ncheckOver := func() bool { return isOver() }\nif checkOver() {\n\ta = b\n}', nearMiss: 'isOver := func() bool { return a > b }\nif isOver() {\n\ta = b\n}' },
    rust: { flagged: 'let is_over = || a > b;\nlet check = || !is_over();\nif check() {\n    a = b;\n}', nearMiss: 'let is_over = || a > b;\nlet check = || is_over() || b == 0;\nif check() {\n    a = b;\n}' },
    java: {
      flagged: 'java.util.function.BooleanSupplier over = () -> a > b;\njava.util.function.BooleanSupplier check = () -> over.getAsBoolean();\nif (check.getAsBoolean()) a = b;',
      nearMiss: 'java.util.function.BooleanSupplier over = () -> a > b;\nif (over.getAsBoolean()) a = b;',
    },
    javascript: { flagged: 'const over = () => a > b;\nconst check = () => over();\nif (check()) a = b;', nearMiss: 'const over = () => a > b;\nconst check = () => over() && b > 0;\nif (check()) a = b;' },
    typescript: { flagged: 'const over = (x: number) => x > b;\nconst check = (x: number) => over(x);\nif (check(a)) a = b;', nearMiss: 'const over = (x: number) => x > b;\nconst check = (x: number) => over(x + 1);\nif (check(a)) a = b;' },
  },
  'nested-wrapper': {
    python: { flagged: 'def total():\n    def inner():\n        return a + b\n    return inner()\na = total()', nearMiss: 'def total(k):\n    def inner():\n        return a + b\n    return inner() * k\nb = total(2)' },
    cpp: { flagged: 'auto run = [&]() {\n    auto sum = [&]() { return a + b; };\n    a = sum() * 2;\n};\nrun();', nearMiss: 'auto run = [&](int k) {\n    auto sum = [&]() { return a + b; };\n    a = sum() * k;\n};\nrun(2);' },
    go: { flagged: 'func() {\n\tsum := func() int { return a + b }\n\ta = sum() * 2\n}()', nearMiss: 'for _, x := range xs {\n\tfunc(y int) {\n\t\tsum := func() int { return a + y }\n\t\ta = sum() * 2\n\t}(x)\n}' },
    rust: { flagged: 'let run = || {\n    let sum = || a + b;\n    sum() * 2\n};\na = run();', nearMiss: 'let run = |k: i32| {\n    let sum = || a + b;\n    sum() * k\n};\na = run(2);' },
    java: {
      flagged: 'Runnable run = () -> {\n    java.util.function.IntSupplier sum = () -> a + b;\n    System.out.println(sum.getAsInt() * 2);\n};\nrun.run();',
      nearMiss: 'java.util.function.IntUnaryOperator run = (k) -> {\n    java.util.function.IntSupplier sum = () -> a + b;\n    return sum.getAsInt() * k;\n};\na = run.applyAsInt(2);',
    },
    javascript: { flagged: 'const run = () => {\n  const sum = () => a + b;\n  a = sum() * 2;\n};\nrun();', nearMiss: 'xs.forEach((x) => {\n  const sum = () => a + x;\n  a = sum() * 2;\n});' },
    typescript: { flagged: 'const run = () => {\n  const sum = () => a + b;\n  a = sum() * 2;\n};\nrun();', nearMiss: 'xs.forEach((x: number) => {\n  const sum = () => a + x;\n  a = sum() * 2;\n});' },
  },
  'deep-closure': {
    python: { flagged: 'def one(k):\n    def two(j):\n        def three(i):\n            return i + j + k\n        return three(j) * 2\n    return two(k) * 2\na = one(b)', nearMiss: 'def one(k):\n    def two(j):\n        return j + k\n    return two(k) * 2\na = one(b)' },
    cpp: { flagged: 'auto one = [&](int k) { auto two = [&](int j) { auto three = [&](int i) { return i + j + k; }; return three(j) * 2; }; return two(k) * 2; };\na = one(b);', nearMiss: 'auto one = [&](int k) { auto two = [&](int j) { return j + k; }; return two(k) * 2; };\na = one(b);' },
    go: { flagged: 'one := func(k int) int {\n\ttwo := func(j int) int {\n\t\tthree := func(i int) int { return i + j + k }\n\t\treturn three(j) * 2\n\t}\n\treturn two(k) * 2\n}\na = one(b)', nearMiss: 'one := func(k int) int {\n\ttwo := func(j int) int { return j + k }\n\treturn two(k) * 2\n}\na = one(b)' },
    rust: { flagged: 'let one = |k: i32| { let two = |j: i32| { let three = |i: i32| i + j + k; three(j) * 2 }; two(k) * 2 };\na = one(b);', nearMiss: 'let one = |k: i32| { let two = |j: i32| j + k; two(k) * 2 };\na = one(b);' },
    java: {
      flagged: 'java.util.function.IntUnaryOperator one = (k) -> {\n    java.util.function.IntUnaryOperator two = (j) -> {\n        java.util.function.IntUnaryOperator three = (i) -> i + j + k;\n        return three.applyAsInt(j) * 2;\n    };\n    return two.applyAsInt(k) * 2;\n};\na = one.applyAsInt(b);',
      nearMiss: 'java.util.function.IntUnaryOperator one = (k) -> {\n    java.util.function.IntUnaryOperator two = (j) -> j + k;\n    return two.applyAsInt(k) * 2;\n};\na = one.applyAsInt(b);',
    },
    javascript: { flagged: 'const one = (k) => (j) => (i) => i + j + k;\na = one(b)(a)(b);', nearMiss: 'const one = (k) => (j) => j + k;\na = one(b)(a);' },
    typescript: { flagged: 'const one = (k: number) => (j: number) => (i: number) => i + j + k;\na = one(b)(a)(b);', nearMiss: 'const one = (k: number) => (j: number) => j + k;\na = one(b)(a);' },
  },
  'wrapped-initializer': {
    python: { flagged: 'def product():\n    return a * b\nc = product()', nearMiss: 'def product():\n    return a * b\nc = product() + product()' },
    cpp: { flagged: 'auto product = [&]() { return a * b; };\nint c = product();', nearMiss: 'auto product = [&](int k) { return a * k; };\nint c = product(b);' },
    go: { flagged: 'product := func() int { return a * b }\nc := product()\na = c', nearMiss: 'product := func() int { return a * b }\nc := product() + 1\na = c' },
    rust: { flagged: 'let product = || a * b;\nlet c = product();\na = c;', nearMiss: 'let product = |k: i32| a * k;\nlet c = product(b);\na = c;' },
    java: { flagged: 'java.util.function.IntSupplier product = () -> a * b;\nint c = product.getAsInt();\na = c;', nearMiss: 'java.util.function.IntSupplier product = () -> a * b;\nint c = product.getAsInt() - 1;\na = c;' },
    javascript: { flagged: 'const product = () => a * b;\nlet c;\nc = product();\na = c;', nearMiss: 'const product = () => a * b;\nlet c;\nc = product() || 1;\na = c;' },
    typescript: { flagged: 'const product = () => a * b;\nconst c = product();\na = c;', nearMiss: 'const product = () => a * b;\nconst c = [product()];\na = c[0];' },
  },
  'closure-in-loop': {
    python: { flagged: 'for x in xs:\n    def is_big():\n        return x > a\n    if is_big():\n        b += 1', nearMiss: 'def is_big(x):\n    return x > a\nfor x in xs:\n    if is_big(x):\n        b += 1' },
    cpp: { flagged: 'for (int i = 0; i < n; i++) {\n    auto is_big = [&]() { return xs[i] > a; };\n    if (is_big()) b++;\n}', nearMiss: 'auto is_big = [&](const auto& x) { return x > a; };\nfor (int i = 0; i < n; i++) {\n    if (is_big(xs[i])) b++;\n}' },
    go: { flagged: 'for _, x := range xs {\n\tisBig := func() bool { return x > a }\n\tif isBig() {\n\t\tb++\n\t}\n}', nearMiss: 'isBig := func(x int) bool { return x > a }\nfor _, x := range xs {\n\tif isBig(x) {\n\t\tb++\n\t}\n}' },
    rust: { flagged: 'for x in xs {\n    let is_big = || *x > a;\n    if is_big() {\n        a += 1;\n    }\n}', nearMiss: 'for x in xs {\n    let is_big = |k: i32| *x > k;\n    if is_big(a) {\n        a += 1;\n    }\n}' },
    java: { flagged: 'for (int x : xs) {\n    java.util.function.BooleanSupplier big = () -> x > a;\n    if (big.getAsBoolean()) b++;\n}', nearMiss: 'java.util.function.IntPredicate big = (x) -> x > 3;\nfor (int x : xs) {\n    if (big.test(x)) b++;\n}' },
    javascript: { flagged: 'for (const x of xs) {\n  const isBig = () => x > a;\n  if (isBig()) b++;\n}', nearMiss: 'const isBig = (x) => x > a;\nfor (const x of xs) {\n  if (isBig(x)) b++;\n}' },
    typescript: { flagged: 'while (a < b) {\n  const isBig = () => xs[a] > b;\n  if (isBig()) break;\n  a++;\n}', nearMiss: 'const isBig = (i: number) => xs[i] > b;\nwhile (a < b) {\n  if (isBig(a)) break;\n  a++;\n}' },
  },
  'unused-variable': {
    python: { flagged: 'max_retries = 3\nverbose = False\na += b', nearMiss: 'max_retries = 3\nverbose = False\na += max_retries' },
    c: { flagged: 'int max_retries = 3;\nconst char *label = "n/a";\na += b;', nearMiss: 'int max_retries = 3;\nconst char *label = "n/a";\na += label[0];' },
    cpp: { flagged: 'int max_retries = 3;\nbool verbose = false;\na += b;', nearMiss: 'int max_retries = 3;\na += b;' },
    go: { flagged: 'maxRetries := 3\n_ = maxRetries\nverbose := false\n_ = verbose\na += b', nearMiss: 'maxRetries := 3\n_ = maxRetries\nverbose := false\nif verbose {\n\ta += b\n}' },
    rust: { flagged: 'let _max_retries = 3;\nlet _verbose = false;\na += b;', nearMiss: 'let _max_retries = 3;\nlet verbose = false;\nif verbose {\n    a += b;\n}' },
    java: { flagged: 'int maxRetries = 3;\nboolean verbose = false;\na += b;', nearMiss: 'int maxRetries = 3;\nboolean verbose = false;\nRunnable r = () -> System.out.println(verbose);\na += b;' },
    javascript: { flagged: 'const maxRetries = 3;\nlet verbose = false;\na += b;', nearMiss: 'const maxRetries = 3;\nlet verbose = false;\na += verbose ? 1 : b;' },
    typescript: { flagged: 'const maxRetries: number = 3;\nlet verbose: boolean = false;\na += b;', nearMiss: 'const maxRetries: number = 3;\na += b;' },
  },
};

describe('degenerate code detectors', () => {
  for (const [shape, byLanguage] of Object.entries(CASES)) {
    describe(shape, () => {
      for (const [lang, pair] of Object.entries(byLanguage) as [LanguageId, Pair][]) {
        it(`${lang}: flags the shape, not its near miss`, async () => {
          const flagged = pair.file ? pair.flagged : inFunction(lang, pair.flagged);
          const near = pair.file ? pair.nearMiss : inFunction(lang, pair.nearMiss);
          const found = await findings(lang, flagged);
          assert.ok(found.some((f) => f.shape === shape), `${shape} not found in:\n${flagged}\nfound: ${JSON.stringify(found)}`);
          const missed = await findings(lang, near);
          assert.deepStrictEqual(missed, [], `the near miss is flagged:\n${near}`);
        });
      }
    });
  }

  it('a finding gives the shape, its 1-based line and its first line as the excerpt', async () => {
    const text = 'def f(a):\n    if a:\n        a = 1\n    else:\n        pass\n    return a\n';
    assert.deepStrictEqual(await findings('python', text), [{ shape: 'empty-branch', line: 4, excerpt: 'else:' }]);
  });

  it('flags nothing in the originals of the corpus and the examples', async () => {
    const files: string[] = [];
    for (const root of [CORPUS_DIR, path.join(REPO, 'examples')]) {
      for (const dir of fs.readdirSync(root)) {
        const full = path.join(root, dir);
        if (!fs.statSync(full).isDirectory()) continue;
        for (const f of fs.readdirSync(full)) if (languageFromPath(f)) files.push(path.join(full, f));
      }
    }
    assert.ok(files.length > 140, `${files.length} files`);
    const flagged: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'utf8');
      for (const f of await findings(languageFromPath(file)!, text)) flagged.push(`${path.relative(REPO, file)}:${f.line} ${f.shape}: ${f.excerpt}`);
    }
    assert.deepStrictEqual(flagged, []);
  });
});
