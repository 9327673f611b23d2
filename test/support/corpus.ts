import * as fs from 'fs';
import * as path from 'path';
import type { Tree } from 'web-tree-sitter';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { UnitContext } from '../../src/core/syntax/context';
import { selectUnit, UnitState } from '../../src/core/unit';
import { loader, REPO } from './harness';

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

/** A corpus program selected as one unit, on one parse shared by the program's units. */
export interface CorpusUnit {
  tree: Tree;
  state: UnitState;
  /** The file, and the function when the unit is one. */
  where: string;
  /** A fresh context for the unit (a method's search and its rewrite each want their own). */
  context(): UnitContext;
}

/** Visits every corpus program of `lang` twice: as its function unit and as the whole file. */
export async function eachCorpusUnit(lang: LanguageId, visit: (unit: CorpusUnit) => void): Promise<void> {
  for (const entry of corpusOf(lang)) {
    const text = corpusText(lang, entry);
    const tree = await loader.parse(lang, text);
    try {
      for (const selector of [{ functionName: entry.function }, {}]) {
        const state = selectUnit(lang, tree, text, selector);
        const where = selector.functionName ? `${entry.file} (${selector.functionName})` : entry.file;
        const context = () =>
          new UnitContext({ lang, source: state.text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
        visit({ tree, state, where, context });
      }
    } finally {
      tree.delete();
    }
  }
}
