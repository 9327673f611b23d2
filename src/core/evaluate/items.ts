import { BenchmarkEntry, parseEntries } from '../benchmark/entries';
import type { BenchmarkRecord } from '../benchmark/formats';
import type { CompletionSide } from '../benchmark/completion';
import { benchmarkOrigin, SideChecks } from '../benchmark/origin';
import { jsonLines, readJsonLineBytes } from '../dataset/records';
import { inputError } from '../errors';
import { isLanguageId, LanguageId } from '../languages/languageIds';
import type { StepRecord } from '../search/types';
import { fileProblem } from '../userFiles';
import { renameInText } from '../verify/verifier';
import { fromPublished, isPublishedOutput, PublishedSide, readOriginals } from './published';

/**
 * One benchmark item as `evaluate` sees it, whatever file it came from: the original and the
 * perturbed side, each with what a prompt is made of and what checks an answer. The published
 * formats (HumanEval, MBPP, CRUXEval...) plug in by producing these.
 */
export interface EvaluationItem {
  id: string;
  language: LanguageId;
  /** What the perturbed side is: a perturbation of the original, or a control pair's control. */
  kind: 'perturbed' | 'pair' | 'completion';
  original: ItemSide;
  perturbed: ItemSide;
  /** The methods of the kept steps that made the perturbed side, each once, in first-use order. */
  methods: string[];
  /** Overall similarity of the perturbed side to the original (null when not recorded). */
  similarity: number | null;
  /** The steps that made the perturbed side, with their line provenance (completion tasks are cut with it). */
  steps?: StepRecord[];
  /** A variant of `codemorph rewrite`: the original task id its perturbed side rewrites (DyPass@k groups by it). */
  variantOf?: string;
}

export interface ItemSide {
  /** The reference code of this side. */
  code: string;
  /** The function the tests call (null when unknown). */
  entryPoint: string | null;
  /** A program that exits 0 when the function is right (appended to the answer, as `dataset` composes them). */
  test: string | null;
  /** A HumanEval-style prompt given with the item (else one is made from the code's signature). */
  prompt: string | null;
  /** One call's arguments and its result, as source text of the language (output and input prediction). */
  io: { input: string; output: string } | null;
  /** Completion tasks: the masked lines and what surrounds them. */
  completion: CompletionSide | null;
  /** A published record's side: answers run through the format's own harness. */
  harness?: PublishedSide | null;
  /** Code an answer runs after and a prompt does not show (LiveCodeBench's imports, which its code takes for granted). */
  setup?: string | null;
  /** The problem in words (MBPP's text), shown with a generation prompt. */
  description?: string | null;
  /** Completion: the side's code before and after the function the masked lines are in, so an answer can be put back and tested. */
  around?: { before: string; after: string } | null;
}

export interface ItemsFile {
  items: EvaluationItem[];
  /** Lines that give no item, with why: reported, never dropped silently. */
  skipped: { line: number; id: string | null; reason: string }[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The methods of the kept steps, each once. */
function methodsOf(steps: unknown): string[] {
  if (!Array.isArray(steps)) return [];
  const out: string[] = [];
  for (const s of steps as { accepted?: unknown; method?: unknown }[]) {
    if (s && s.accepted === true && typeof s.method === 'string' && !out.includes(s.method)) out.push(s.method);
  }
  return out;
}

function overall(similarity: unknown): number | null {
  const v = (similarity as { overall?: unknown } | null)?.overall;
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * The call a test makes and the value it compares the result with: `assert f(x) == 3`,
 * `if (f(x) != 3)`, `assert.strictEqual(f(x), 3)`, `assert_eq!(f(x), 3)`. Null when the test has
 * no such call (the item then has no output or input prediction task).
 */
export function callInTest(test: string, entry: string): { input: string; output: string } | null {
  // `Solution.f(` in Java calls the same function: a qualifier may precede the name
  const re = new RegExp(`(?<![\\w$])${entry.replace(/[$]/g, '\\$')}\\s*\\(`, 'g');
  for (let m = re.exec(test); m; m = re.exec(test)) {
    const argsEnd = closing(test, m.index + m[0].length - 1);
    if (argsEnd < 0) continue;
    const input = test.slice(m.index + m[0].length, argsEnd).trim();
    let i = argsEnd + 1;
    while (test[i] === ' ' || test[i] === '\t') i++;
    let output: string | null = null;
    if (test.startsWith('==', i) || test.startsWith('!=', i)) output = expressionFrom(test, test[i + 2] === '=' ? i + 3 : i + 2, false);
    else if (test[i] === ',') output = expressionFrom(test, i + 1, true);
    if (output) return { input, output };
  }
  return null;
}

const OPEN = '([{';
const CLOSE = ')]}';

/** The index of the bracket closing the one at `at`, skipping strings; -1 when none. */
function closing(s: string, at: number): number {
  let depth = 0;
  for (let i = at; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'" || c === '`') i = endOfString(s, i);
    else if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c) && --depth === 0) return i;
  }
  return -1;
}

function endOfString(s: string, at: number): number {
  const q = s[at];
  for (let i = at + 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === q || s[i] === '\n') return i;
  }
  return s.length;
}

/** An expression from `from` to where it ends: a bracket it did not open, `;`, a line end, or a Go/C block's `{`. */
function expressionFrom(s: string, from: number, argument: boolean): string | null {
  let depth = 0;
  let i = from;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'" || c === '`') i = endOfString(s, i);
    else if (depth === 0 && (c === '\n' || c === ';' || (argument && c === ','))) break;
    else if (depth === 0 && c === '{' && /\s$/.test(s.slice(from, i)) && /^\s*(\n|$)/.test(s.slice(i + 1))) break;
    else if (OPEN.includes(c)) depth++;
    else if (CLOSE.includes(c)) {
      if (depth === 0) break;
      depth--;
    }
  }
  const out = s.slice(from, i).trim();
  return out || null;
}

function side(code: string, entryPoint: string | null, test: string | null, prompt: string | null, io: ItemSide['io'], completion: CompletionSide | null = null): ItemSide {
  const fromTest = !io && test && entryPoint ? callInTest(test, entryPoint) : null;
  return { code, entryPoint, test, prompt, io: io ?? fromTest, completion };
}

/**
 * A record `dataset` wrote: the input's fields (code, test, entry_point, and what a published
 * format carries: prompt, input, output) and the perturbation's (perturbed_code, perturbed_test;
 * entry_point is then the perturbed function's name, the original's is `original_entry_point`
 * when the record has it, else the one the original test calls).
 */
function fromRecord(rec: Record<string, unknown>, lang: LanguageId): EvaluationItem | string {
  const code = text(rec.code);
  const perturbed = text(rec.perturbed_code);
  if (!code) return 'no "code"';
  if (!perturbed) return text(rec.error) ? `not perturbed: ${text(rec.error)}` : 'no "perturbed_code": run codemorph dataset on it first';
  const newEntry = text(rec.entry_point);
  const test = text(rec.test);
  const perturbedTest = text(rec.perturbed_test) ?? (test && !rec.perturbed_test ? test : null);
  const oldEntry = text(rec.original_entry_point) ?? originalEntry(code, test, newEntry);
  const io = text(rec.input) !== null && text(rec.output) !== null ? { input: text(rec.input)!, output: text(rec.output)! } : null;
  return {
    id: String(rec.task_id),
    language: lang,
    kind: 'perturbed',
    original: side(code, oldEntry, test, text(rec.prompt), io),
    perturbed: side(perturbed, newEntry, perturbedTest, text(rec.perturbed_prompt), io),
    methods: methodsOf(rec.steps),
    similarity: overall(rec.similarity),
    steps: Array.isArray(rec.steps) ? (rec.steps as StepRecord[]) : [],
  };
}

/** Words a test puts before a parenthesis that call no function. */
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'catch', 'sizeof', 'assert', 'print', 'main', 'function', 'func', 'fn']);

/** The original's entry point when the record names only the perturbed one: the first function the original test calls that the code defines. */
function originalEntry(code: string, test: string | null, entry: string | null): string | null {
  if (entry && new RegExp(`\\b${entry}\\s*\\(`).test(code)) return entry;
  if (!test) return entry;
  for (const m of test.matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)) {
    if (KEYWORDS.has(m[1])) continue;
    if (new RegExp(`\\b(def|func|fn|function)\\s+${m[1].replace(/[$]/g, '\\$')}\\b|\\b${m[1].replace(/[$]/g, '\\$')}\\s*\\([^)]*\\)\\s*(->[^{]*)?\\{`).test(code)) return m[1];
  }
  return entry;
}

/**
 * An entry's sides. An entry may carry the test of its function (`test`, calling the original's
 * entry point; `perturbed_test` for the other side, else the same test with the entry point's
 * new name): its answers are then run, as a dataset record's are.
 */
function fromEntry(entry: BenchmarkEntry): EvaluationItem {
  const completion = entry.kind === 'completion' ? (entry.completion ?? null) : null;
  const from = entry.entryPoint?.original ?? null;
  const to = entry.entryPoint?.new ?? null;
  const test = text(entry.test);
  const perturbedTest = text(entry.perturbed_test) ?? (test && from && to && from !== to ? renameInText(test, [{ from, to }]) : test);
  // an entry perturbed from an imported benchmark record keeps the record's tests on each side
  const origin = benchmarkOrigin(entry);
  const make = (code: string, ep: string | null, t: string | null, c: CompletionSide | null, checks: SideChecks | undefined): ItemSide =>
    checks ? side(code, checks.entryPoint ?? ep, checks.test, checks.prompt, checks.io, c) : side(code, ep, t, null, null, c);
  return {
    id: entry.id,
    language: entry.language,
    kind: entry.kind,
    original: make(entry.original, from, test, completion?.original ?? null, origin?.original),
    perturbed: make(entry.perturbed, to, perturbedTest, completion?.perturbed ?? null, origin?.perturbed),
    methods: methodsOf(entry.steps),
    similarity: overall(entry.similarity),
    steps: Array.isArray(entry.steps) ? entry.steps : [],
  };
}

/**
 * The items of a JSON Lines file: `dataset` output records (they have `perturbed_code`) or
 * CodeMorph entries (they have `kind`), line by line; a line that gives no item is skipped with
 * its reason.
 */
export function readItems(file: string, defaultLang?: LanguageId, originalFile?: string): ItemsFile {
  const out: ItemsFile = { items: [], skipped: [] };
  const seen = new Set<string>();
  let originals: Map<string, BenchmarkRecord> | null = null;
  let bytes: Buffer;
  try {
    bytes = readJsonLineBytes(file);
  } catch (e) {
    throw fileProblem(e, file) ?? e;
  }
  jsonLines(bytes)
    .forEach(({ line, text: raw, notUtf8 }) => {
      // never read with U+FFFD in place of a byte: the line fails alone, the others are evaluated
      if (notUtf8) {
        out.skipped.push({ line, id: null, reason: notUtf8 });
        return;
      }
      if (!raw.trim()) return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (e) {
        out.skipped.push({ line, id: null, reason: `not valid JSON (${(e as Error).message})` });
        return;
      }
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        out.skipped.push({ line, id: null, reason: 'not a JSON object' });
        return;
      }
      const rec = value as Record<string, unknown>;
      let item: EvaluationItem | string;
      if (isPublishedOutput(rec)) {
        if (!originalFile) {
          const format = (rec.codemorph as { format: string }).format;
          throw inputError(`${file} holds ${format} records written by codemorph dataset, which carry the perturbed problem only: pass --original FILE, the file dataset read`);
        }
        originals ??= readOriginals(originalFile);
        item = fromPublished(rec, originals, defaultLang, originalFile);
      } else if ('kind' in rec && 'original' in rec) {
        const parsed = parseEntries(raw);
        item = parsed.entries.length ? fromEntry(parsed.entries[0]) : (parsed.problems[0]?.message ?? 'not an entry');
      } else if ('task_id' in rec) {
        const lang = text(rec.language) ?? defaultLang;
        if (!lang) item = 'no "language": add one or pass --lang';
        else if (!isLanguageId(lang)) item = `unknown language ${lang}`;
        else item = fromRecord(rec, lang);
      } else item = 'neither a dataset record (task_id, code, perturbed_code, or a published format with a codemorph object) nor an entry (id, kind, original)';
      const anyId = rec.task_id ?? rec.id;
      const id = typeof item === 'string' ? (typeof anyId === 'string' || typeof anyId === 'number' ? String(anyId) : null) : item.id;
      if (typeof item === 'string') out.skipped.push({ line, id, reason: item });
      else if (seen.has(item.id)) out.skipped.push({ line, id, reason: `the id ${item.id} appeared on an earlier line` });
      else {
        seen.add(item.id);
        out.items.push(item);
      }
    });
  if (!out.items.length && !out.skipped.length) throw inputError(`${file} holds no items: give the output of codemorph dataset, or an entries file`);
  return out;
}
