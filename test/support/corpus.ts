import * as fs from 'fs';
import * as path from 'path';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { REPO } from './harness';

/** One conformance subject: a program whose `function` the methods rewrite and whose main checks it. */
export interface CorpusEntry {
  file: string;
  function: string;
  /** What the function exercises: loops of every kind, switch, recursion... (see the issue). */
  features: string[];
}

export const CORPUS_DIR = path.join(REPO, 'test', 'corpus');

export function corpusOf(lang: LanguageId): CorpusEntry[] {
  const manifest = path.join(CORPUS_DIR, lang, 'manifest.json');
  if (!fs.existsSync(manifest)) return [];
  return JSON.parse(fs.readFileSync(manifest, 'utf8')) as CorpusEntry[];
}

export function corpusText(lang: LanguageId, entry: CorpusEntry): string {
  return fs.readFileSync(path.join(CORPUS_DIR, lang, entry.file), 'utf8');
}
