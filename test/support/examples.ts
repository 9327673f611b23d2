import type { LanguageId } from '../../src/core/languages/languageIds';

/** Each example and a function of it worth perturbing alone (examples/README.md). */
export const EXAMPLES: Record<LanguageId, { file: string; fn: string }> = {
  python: { file: 'examples/python/inventory.py', fn: 'restock_plan' },
  c: { file: 'examples/c/rle.c', fn: 'rle_decode' },
  cpp: { file: 'examples/cpp/routes.cpp', fn: 'shortest_times' },
  go: { file: 'examples/go/ledger.go', fn: 'postTransactions' },
  rust: { file: 'examples/rust/wordstats.rs', fn: 'top_words' },
  java: { file: 'examples/java/GradeBook.java', fn: 'quizAverage' },
  javascript: { file: 'examples/javascript/cart.js', fn: 'checkout' },
  typescript: { file: 'examples/typescript/intervals.ts', fn: 'freeGaps' },
};
