import type { Node } from 'web-tree-sitter';
import { CodemorphError, inputError } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { Rng } from '../random';
import { applyEdits, mapSpan, Span, TextEdit } from '../text/edits';
import { UnitContext } from '../syntax/context';
import { renamableFunctions } from '../transforms/function-rename';
import type { Rename } from '../transforms/method';
import { splitIdentifier } from '../text/identifiers';
import { NameKind, nameCandidates } from '../transforms/synonyms';
import { renamableVariables } from '../transforms/variable-rename';
import { selectUnit, UnitSelector } from '../unit';
import { BenchmarkEntry, entryId } from './entries';
import type { PairCheckResult } from './pairChecks';

/**
 * Contaminated/control pairs (entries of kind "pair"; seed 003, section 2.5): the control renames the
 * user-defined identifiers of a function (its locals, parameters and its own name) by replacing
 * one sub-token each (`fieldName` -> `fieldIdentifier`), leaving control flow, types and logic as
 * they are. The same renames reach the sample's other side: its comments and docstring, and a
 * separate description when there is one.
 */
export interface ControlPair {
  language: LanguageId;
  /** The function's name in the original. */
  function: string;
  entryPoint: { original: string; new: string };
  /** The original file and where the sample (leading doc comment + function) is in it. */
  file: string;
  sample: Span;
  original: string;
  /** The sample after the renames. */
  control: string;
  /** The whole file after the renames (callers of a renamed function follow). */
  controlFile: string;
  controlSample: Span;
  renames: Rename[];
  /** A separate description (the NL side of a summarisation or generation sample), renamed alike. */
  description: { original: string; control: string } | null;
  seed: number;
}

export interface ControlRequest {
  lang: LanguageId;
  text: string;
  selector: UnitSelector;
  description?: string;
  seed?: number;
}

/** Whether `to` is `from` with exactly one sub-token replaced (by one or more words). */
export function oneSubTokenReplaced(from: string, to: string): boolean {
  const a = splitIdentifier(from.replace(/^_+/, ''));
  const b = splitIdentifier(to.replace(/^_+/, ''));
  if (a.length === 0 || b.length === 0) return false;
  let prefix = 0;
  while (prefix < a.length - 1 && prefix < b.length - 1 && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix - 1 && suffix < b.length - prefix - 1 && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  const middleA = a.slice(prefix, a.length - suffix);
  const middleB = b.slice(prefix, b.length - suffix);
  return middleA.length === 1 && middleB.length >= 1 && middleA.join('_') !== middleB.join('_');
}

/** A free new name that replaces one sub-token of `name`, fewest words added first; null when there is none. */
function subTokenName(ctx: UnitContext, name: string, kind: NameKind, rng: Rng): string | null {
  const { primary } = nameCandidates(name, kind, ctx.lang, ctx.profile.naming);
  const fitting = primary.filter((c) => ctx.isFree(c) && oneSubTokenReplaced(name, c));
  if (fitting.length === 0) return null;
  const size = (c: string) => splitIdentifier(c.replace(/^_+/, '')).length;
  const fewest = Math.min(...fitting.map(size));
  return ctx.freshName(fitting.filter((c) => size(c) === fewest), rng);
}

/** Words that are also common English: a one- or two-letter name is renamed in prose only inside backticks. */
function proseSafe(name: string): boolean {
  return name.length > 2;
}

/**
 * The renames applied to natural-language text: each renamed identifier as a whole word (in
 * backticks for short names), and a multi-word identifier also as its words (`total price`).
 */
export function renameInProse(text: string, renames: readonly Rename[]): string {
  const exact = new Map(renames.map((r) => [r.from, r.to]));
  let out = text.replace(/`([A-Za-z_$][\w$]*)`|[A-Za-z_$][\w$]*/g, (match: string, quoted: string | undefined) => {
    if (quoted !== undefined) return exact.has(quoted) ? `\`${exact.get(quoted)}\`` : match;
    return exact.has(match) && proseSafe(match) ? exact.get(match)! : match;
  });
  for (const { from, to } of renames) {
    const a = splitIdentifier(from);
    const b = splitIdentifier(to);
    if (a.length < 2) continue;
    const phrase = new RegExp(`\\b${a.join('\\s+')}\\b`, 'gi');
    out = out.replace(phrase, (m) => (m[0] === m[0].toUpperCase() ? capitalise(b.join(' ')) : b.join(' ')));
  }
  return out;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Comments right above the function (its doc comment), with nothing but line breaks between. */
function leadingComments(outer: Node, text: string): number {
  let start = outer.startIndex;
  for (let p = outer.previousSibling; p && p.type.includes('comment'); p = p.previousSibling) {
    const gap = text.slice(p.endIndex, start);
    if (!/^[ \t]*\r?\n?[ \t]*$/.test(gap)) break;
    start = p.startIndex;
  }
  return start;
}

/** Comments and the Python docstring inside the sample: its natural-language side. */
function proseNodes(lang: LanguageId, root: Node, sample: Span): Node[] {
  const out: Node[] = [];
  const visit = (node: Node) => {
    if (node.endIndex <= sample.start || node.startIndex >= sample.end) return;
    if (node.type.includes('comment') && node.startIndex >= sample.start) {
      out.push(node);
      return;
    }
    if (profileOf(lang).isFunctionDocstring(node)) {
      out.push(node);
      return;
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return out;
}

/** Makes the control of the function `req.selector` names: same seed, same control. */
export async function makeControl(loader: GrammarLoader, req: ControlRequest): Promise<ControlPair> {
  const seed = req.seed ?? 1;
  const tree = await loader.parse(req.lang, req.text);
  try {
    const state = selectUnit(req.lang, tree, req.text, req.selector);
    if (state.unitKind !== 'function' || !state.entryPoint) throw inputError('a control pair is made for one function: name it (--function) or place the cursor in it');
    const ctx = new UnitContext({ lang: req.lang, source: req.text, tree, unit: state.unit, unitKind: 'function', entryPoint: state.entryPoint, loader });
    const target = ctx.target!;
    const sample: Span = { start: leadingComments(target.outer, req.text), end: state.unit.end };
    const rng = new Rng(seed);
    const renames: Rename[] = [];
    const edits: TextEdit[] = [];
    const chosen = new Map<string, string | null>();
    const rename = (name: string, kind: NameKind, offsets: readonly number[]) => {
      if (!chosen.has(name)) {
        const to = subTokenName(ctx, name, kind, rng);
        chosen.set(name, to);
        if (to) renames.push({ from: name, to });
      }
      const to = chosen.get(name);
      if (to) for (const start of offsets) edits.push({ start, end: start + name.length, text: to });
    };
    for (const { fn, offsets } of renamableFunctions(ctx)) rename(fn.name, 'function', offsets);
    for (const c of renamableVariables(ctx)) rename(c.name, 'variable', c.offsets);
    if (renames.length === 0) {
      throw new CodemorphError('failed', `${state.entryPoint} has no user-defined identifier whose sub-tokens can be replaced safely: make the control by hand`);
    }
    for (const node of proseNodes(req.lang, tree.rootNode, sample)) {
      const renamed = renameInProse(node.text, renames);
      if (renamed !== node.text) edits.push({ start: node.startIndex, end: node.endIndex, text: renamed });
    }
    const controlFile = applyEdits(req.text, edits);
    const controlSample = mapSpan(sample, edits);
    const newName = renames.find((r) => r.from === state.entryPoint)?.to ?? state.entryPoint;
    return {
      language: req.lang,
      function: state.entryPoint,
      entryPoint: { original: state.entryPoint, new: newName },
      file: req.text,
      sample,
      original: req.text.slice(sample.start, sample.end),
      control: controlFile.slice(controlSample.start, controlSample.end),
      controlFile,
      controlSample,
      renames,
      description: req.description === undefined ? null : { original: req.description, control: renameInProse(req.description, renames) },
      seed,
    };
  } finally {
    tree.delete();
  }
}

/** The original file with the sample replaced by a (possibly hand-edited) control: what the checks parse. */
export function withControl(pair: Pick<ControlPair, 'file' | 'sample'>, control: string): { text: string; span: Span } {
  return {
    text: pair.file.slice(0, pair.sample.start) + control + pair.file.slice(pair.sample.end),
    span: { start: pair.sample.start, end: pair.sample.start + control.length },
  };
}

/** What a pair entry records beyond the common fields. */
export interface PairRecord {
  renames: Rename[];
  checks: PairCheckResult['checks'];
  passed: boolean;
  /** The checks the pair breaks; saved only because the user confirmed. */
  failing: string[];
  confirmed: boolean;
  /** Whether the control was edited by hand after it was made. */
  edited: boolean;
  description: { original: string; control: string } | null;
}

export function pairEntry(
  pair: ControlPair,
  control: string,
  result: PairCheckResult,
  options: { sourcePath: string; tool: string; confirmed: boolean; now?: Date },
): BenchmarkEntry {
  const record: PairRecord = {
    renames: pair.renames,
    checks: result.checks,
    passed: result.passed,
    failing: result.failing,
    confirmed: options.confirmed,
    edited: control !== pair.control,
    description: pair.description,
  };
  return {
    id: entryId('pair', [pair.language, options.sourcePath, pair.original, control, pair.description?.control ?? '']),
    kind: 'pair',
    language: pair.language,
    source: { path: options.sourcePath, function: pair.function },
    entryPoint: { original: pair.entryPoint.original, new: result.entryPoint.control ?? pair.entryPoint.new },
    original: pair.original,
    perturbed: control,
    steps: [],
    similarity: result.similarity,
    verification: { level: 'syntax', compile: null, test: null, votes: 0, steps: { kept: 0, verified: 0 } },
    engine: { kind: 'local' },
    strategy: 'control-pair',
    seed: pair.seed,
    createdAt: (options.now ?? new Date()).toISOString(),
    tool: `codemorph ${options.tool}`,
    pair: record,
  };
}
