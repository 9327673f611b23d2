import path = require('path');
import { LANGUAGE_IDS, LanguageId, languageFromPath } from '../core/languages/languageIds';

// The example programs bundled with the extension (examples/ in the repository and the VSIX),
// which the walkthrough opens and perturbs. Plain logic, tested in test/vscode/.

export interface BundledExample {
  /** Path under examples/. */
  file: string;
  /** The function the walkthrough perturbs (examples/README.md suggests the same). */
  fn: string;
}

export const BUNDLED_EXAMPLES: Record<LanguageId, BundledExample> = {
  python: { file: 'python/inventory.py', fn: 'restock_plan' },
  c: { file: 'c/rle.c', fn: 'rle_decode' },
  cpp: { file: 'cpp/routes.cpp', fn: 'shortest_times' },
  go: { file: 'go/ledger.go', fn: 'postTransactions' },
  rust: { file: 'rust/wordstats.rs', fn: 'top_words' },
  java: { file: 'java/GradeBook.java', fn: 'quizAverage' },
  javascript: { file: 'javascript/cart.js', fn: 'checkout' },
  typescript: { file: 'typescript/intervals.ts', fn: 'freeGaps' },
};

/**
 * The language the user writes, from the files of their workspace: the one with the most files,
 * ties going to the first in CodeMorph's list; undefined when none is supported.
 */
export function mostCommonLanguage(files: readonly string[]): LanguageId | undefined {
  const counts = new Map<LanguageId, number>();
  for (const file of files) {
    const lang = languageFromPath(file);
    if (lang) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  let best: LanguageId | undefined;
  for (const lang of LANGUAGE_IDS) if ((counts.get(lang) ?? 0) > (best ? counts.get(best)! : 0)) best = lang;
  return best;
}

let copies: string | undefined;

/** Where the walkthrough keeps its copies of the examples (the extension's global storage), once known. */
export function setExampleCopies(folder: string): void {
  copies = path.resolve(folder);
}

/**
 * Whether a file is one of those copies. They sit outside any project, alone: looking for a
 * project above them would find whatever build file the user keeps in their home folder.
 */
export function isExampleCopy(file: string): boolean {
  if (!copies) return false;
  const rel = path.relative(copies, path.resolve(file));
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}
