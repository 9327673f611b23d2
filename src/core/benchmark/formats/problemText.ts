import type { Node } from 'web-tree-sitter';
import type { GrammarLoader } from '../../languages/grammarLoader';
import type { LanguageId } from '../../languages/languageIds';
import { findFunctions } from '../../languages/functions';
import { profileOf } from '../../languages/profiles';
import type { StepRecord } from '../../search/types';
import { applyEdits, TextEdit } from '../../text/edits';
import type { ComposedFile } from './parts';
import { cutParts } from './parts';
import { withTree } from './problem';

/**
 * Problem text follows the code (docs/problem-text.md): the names a perturbation renamed are
 * renamed in the record's docstrings, comments, doctest examples and natural-language fields too,
 * so that the text a model reads names what the code names. The code itself is renamed by the
 * engine; this is the prose around it, which the engine leaves as it is.
 */

/** Every name the steps renamed, from its original name to its final one. */
export interface ProseRenames {
  to: ReadonlyMap<string, string>;
  /** Names prose may use as plain words: the functions renamed and the entry point's parameters (original names). */
  signature: ReadonlySet<string>;
}

/**
 * The methods whose steps rename identifiers. A step records its renames; a step saved before it
 * did is read from its summary, "renamed `a` to `b`, ..." (variable-rename.ts, function-rename.ts).
 */
const RENAMING = new Set(['variable-rename', 'function-rename']);
const RENAMED_PAIR = /`([A-Za-z_$][\w$]*)` to `([A-Za-z_$][\w$]*)`/g;

/**
 * The renames of a run's kept steps, composed (a -> b then b -> c is a -> c): what the original
 * text's names became. New names never reuse the unit's first names (engine.ts reserves them),
 * so composing cannot confuse two names.
 */
export function stepRenames(steps: readonly StepRecord[]): { to: Map<string, string>; functions: Set<string> } {
  const to = new Map<string, string>();
  const functions = new Set<string>();
  for (const step of steps) {
    if (!step.accepted || !step.method || !RENAMING.has(step.method)) continue;
    const pairs = step.renames?.map((r) => [r.from, r.to] as const) ?? [...(step.summary ?? '').matchAll(RENAMED_PAIR)].map(([, from, next]) => [from, next] as const);
    for (const [from, next] of pairs) {
      const first = [...to].find(([, now]) => now === from)?.[0] ?? from;
      to.set(first, next);
      if (step.method === 'function-rename') functions.add(first);
    }
  }
  for (const [from, now] of [...to]) if (from === now) to.delete(from);
  return { to, functions };
}

/** Short English words that are names now and then (`a`, `i`, `is`): as plain words in prose they are English. */
const ENGLISH = new Set(
  'a an the in on of to is it as at by be or and not if for with from all any no so do up we us me my he she its are was has had can may one two then than this that else each into out but nor yet'.split(' '),
);

/** Whether a word is shaped like an identifier rather than an English word: snake_case, a digit, camelCase. */
function identifierShaped(word: string): boolean {
  return /_|\d|[a-z][A-Z]/.test(word);
}

/** Every renamed name in a piece of code (a doctest line, a backtick span, a signature): whole identifiers, never an attribute. */
export function renameCode(text: string, to: ReadonlyMap<string, string>): string {
  if (to.size === 0) return text;
  return text.replace(/[A-Za-z_$][\w$]*/g, (word: string, at: number) => {
    if (!to.has(word) || attribute(text, at)) return word;
    return to.get(word)!;
  });
}

/** `obj.name`: a word after a dot that follows a name or a bracket is an attribute, not the variable. */
function attribute(text: string, at: number): boolean {
  return at >= 2 && text[at - 1] === '.' && /[\w$)\]]/.test(text[at - 2]);
}

export type ProseKind = 'doc' | 'comment';

/** A `code span`, a call with its arguments (one level of brackets inside), or a word. */
const PROSE_TOKEN = /`[^`]*`|[A-Za-z_$][\w$]*\((?:[^()\n]|\([^()\n]*\))*\)|[A-Za-z_$][\w$]*/g;

/** A doctest source line, in a docstring or in a doc comment (`// >>> f(1)`, ` * >>> f(1)`). */
const DOCTEST_LINE = /^\s*(?:(?:\/\/+|\*|#)\s*)?(>>>|\.\.\.)( |$)/;

/**
 * A text about the code with the renames applied (docs/problem-text.md):
 * - code in it (doctest lines `>>> ...`/`... ...`, `backtick` spans, a call `name(args)`) gets every rename;
 * - a plain word gets one when it is identifier-shaped (`max_len`, `x2`, `maxLen`), or names the
 *   function or a parameter (a docstring calls them by their names), or, in a comment inside
 *   the function, any renamed name; never when it is a short English word (`a`, `is`), part of a
 *   longer word, a contraction's tail (`item's`) or an abbreviation (`e.g.`).
 */
export function renameProse(text: string, renames: ProseRenames, kind: ProseKind): string {
  if (renames.to.size === 0) return text;
  return text.replace(/[^\n]*/g, (line: string) => {
    if (DOCTEST_LINE.test(line)) return renameCode(line, renames.to);
    return line.replace(PROSE_TOKEN, (token: string, at: number) => {
      if (token.startsWith('`')) return `\`${renameCode(token.slice(1, -1), renames.to)}\``;
      const call = /^([A-Za-z_$][\w$]*)(\([\s\S]*)$/.exec(token);
      if (call) return (attribute(line, at) ? call[1] : renameCode(call[1], renames.to)) + renameCode(call[2], renames.to);
      const to = renames.to.get(token);
      if (to === undefined || attribute(line, at)) return token;
      if (identifierShaped(token)) return to;
      if (ENGLISH.has(token.toLowerCase()) || line[at - 1] === "'" || (token.length === 1 && /^\.[A-Za-z]/.test(line.slice(at + 1)))) return token;
      return kind === 'comment' || renames.signature.has(token) ? to : token;
    });
  });
}

/** The identifiers of a function's signature (its name, parameters, their types): what a docstring names as plain words. */
export async function signatureNames(loader: GrammarLoader, lang: LanguageId, text: string, entry: string): Promise<Set<string>> {
  return withTree(loader, lang, text, (tree) => {
    const fn = findFunctions(tree.rootNode, profileOf(lang)).find((f) => f.name === entry);
    if (!fn) return new Set<string>();
    const end = fn.body ? fn.body.startIndex : fn.node.endIndex;
    return new Set(text.slice(fn.node.startIndex, end).match(/[A-Za-z_$][\w$]*/g) ?? []);
  });
}

/** A Python docstring: a string that is the first statement of a function, class or module. */
function docstring(node: Node): boolean {
  if (node.type !== 'expression_statement' || node.namedChildCount !== 1 || node.namedChildren[0]?.type !== 'string') return false;
  const parent = node.parent;
  if (parent?.type === 'module') return parent.namedChildren[0]?.id === node.id;
  return parent?.type === 'block' && parent.namedChildren[0]?.id === node.id && /function_definition|class_definition/.test(parent.parent?.type ?? '');
}

/**
 * The perturbed composed file with its prose renamed: the comments and docstrings of its `code`
 * part (a record's tests and the marker lines are left as they are). A comment inside the entry
 * function reads as a comment on its variables; any other prose (docstrings, the doc comment
 * above a function) as the problem's text.
 */
export async function followRenames(loader: GrammarLoader, lang: LanguageId, composed: ComposedFile, text: string, entry: string, renames: ProseRenames): Promise<string> {
  if (renames.to.size === 0) return text;
  const parts = cutParts(lang, composed, text);
  if (typeof parts === 'string' || !parts.code) return text;
  const from = parts.code.start;
  const to = from + parts.code.text.length;
  return withTree(loader, lang, text, (tree) => {
    const fn = findFunctions(tree.rootNode, profileOf(lang)).find((f) => f.name === entry && from <= f.start && f.end <= to);
    const body = fn?.body;
    const edits: TextEdit[] = [];
    const visit = (node: Node) => {
      if (node.endIndex <= from || node.startIndex >= to) return;
      const comment = node.type.includes('comment');
      // docstring() asks for Python's node kinds (`module`, a function's `block` holding a bare
      // `string` statement): no other grammar builds that shape, so it needs no test of the language
      if ((comment || docstring(node)) && node.startIndex >= from && node.endIndex <= to) {
        const inside = comment && body && body.startIndex <= node.startIndex && node.endIndex <= body.endIndex;
        const renamed = renameProse(node.text, renames, inside ? 'comment' : 'doc');
        if (renamed !== node.text) edits.push({ start: node.startIndex, end: node.endIndex, text: renamed });
        return;
      }
      for (const child of node.children) if (child) visit(child);
    };
    visit(tree.rootNode);
    return applyEdits(text, edits);
  });
}
