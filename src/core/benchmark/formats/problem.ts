import type { GrammarLoader } from '../../languages/grammarLoader';
import type { LanguageId } from '../../languages/languageIds';
import { renameInText } from '../../verify/verifier';
import type { AssembleOptions } from '../harness';
import type { BenchmarkRecord, FormatId } from './fields';
import type { ComposedFile } from './parts';
import type { ProseRenames } from './problemText';

/**
 * A benchmark record read into what CodeMorph works on: the language, the entry point, and one
 * file holding the record's code and tests (composed from its fields), plus the way back from a
 * perturbed file to the record's fields. A format module (humaneval.ts, mbpp.ts...) makes one;
 * the dataset command, verification and (later) the editor's import all go through it.
 */
export interface Problem {
  format: FormatId;
  taskId: string | number;
  lang: LanguageId;
  /** The function the record's harness calls. */
  entryPoint: string;
  /** The file the engine perturbs: the entry function with the record's tests, cut by marker lines. */
  composed: ComposedFile;
  /** Non-blank lines of the record's solution (--min-lines, --max-lines). */
  lines: number;
  /** The harness calls the entry point by a fixed name (CRUXEval's `f`): no step may rename it. */
  fixedName: boolean;
  /** Whether the record carries a test its harness runs. */
  tested: boolean;
  /** How verification assembles a candidate for the harness (HumanEval+'s reference solution, MBPP's challenge tests). */
  checkOptions: AssembleOptions;
  /**
   * The record a perturbed composed file stands for, with every field that names or holds the
   * code rewritten to match it (the entry point is its name in `file`), or why it cannot be.
   * With `prose`, the record's natural-language fields (MBPP's text, HumanEval-X's docstring)
   * follow every rename, not only the entry point's (problemText.ts).
   */
  rebuild(file: string, entryPoint: string, prose?: ProseRenames): Promise<BenchmarkRecord | string>;
}

export interface ReadContext {
  loader: GrammarLoader;
  /** The language of records that do not say (--lang). */
  lang?: LanguageId;
}

/** A format module: reads a published record into a Problem, or says what the record lacks. */
export interface BenchmarkFormat {
  id: FormatId;
  /** The field that identifies a record (task_id; CRUXEval's id). */
  idField: string;
  /** Fields every record of the format has: detection looks for them. */
  required: readonly string[];
  read(rec: BenchmarkRecord, ctx: ReadContext): Promise<Problem | string>;
}

/** A text with the entry point's old name replaced by its new one, whole words only (docstrings, doctests, call text). */
export function renamed(text: string, from: string, to: string): string {
  return from === to ? text : renameInText(text, [{ from, to }]);
}

/** The renames prose follows: `prose` when given, with the entry point's own rename whatever made it. */
export function proseTable(prose: ProseRenames | undefined, from: string, to: string): ProseRenames {
  const table = new Map(prose?.to ?? []);
  if (from !== to) table.set(from, to);
  return { to: table, signature: new Set([...(prose?.signature ?? []), from]) };
}

/** The record's id as the harness keys it, or why it has none. */
export function recordId(rec: BenchmarkRecord, field: string): string | number | undefined {
  const id = rec[field];
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** Parses with the loader and frees the tree afterwards, whatever `use` does. */
export async function withTree<T>(loader: GrammarLoader, lang: LanguageId, text: string, use: (tree: import('web-tree-sitter').Tree) => T): Promise<T> {
  const tree = await loader.parse(lang, text);
  try {
    return use(tree);
  } finally {
    tree.delete();
  }
}
