import type { Node } from 'web-tree-sitter';
import { alignedBlock, DEFAULT_COMPLETION_LINES } from '../benchmark/completion';
import type { BenchmarkRecord, Problem } from '../benchmark/formats';
import { textField } from '../benchmark/formats/fields';
import { proseTable, withTree } from '../benchmark/formats/problem';
import { problemChecks } from '../benchmark/formats/checks';
import { cutParts } from '../benchmark/formats/parts';
import { followRenames, ProseRenames, renameProse, signatureNames, stepRenames } from '../benchmark/formats/problemText';
import { runRecord } from '../benchmark/harness';
import { EngineRequest, perturb, PerturbationDocument } from '../engine';
import { CodemorphError, isCodemorphError, stopsRun } from '../errors';
import { findFunctions } from '../languages/functions';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import { traceLines } from '../provenance';
import { applyEdits, TextEdit } from '../text/edits';
import type { ToolchainOverrides } from '../verify/toolchains';
import path = require('path');
import { outermost } from '../text/outermost';

/**
 * `dataset --variant`: besides the perturbed record, records of the same format that put the
 * perturbation where a task shows it (docs/problem-text.md), each one a record its format's
 * harness scores by execution (prompt + canonical_solution + test):
 * - prompt: what a model sees for NL-to-code is perturbed (the signature, the docstring that
 *   follows its renames, helpers the steps put in the prompt); the canonical solution is the
 *   original one, calling the prompt's names by their new names;
 * - completion: partial code, on both sides (the original record and the perturbed one): ReCode's
 *   (the first half of the solution's lines shown) and CodeMorph's k-line tasks (the prompt runs to
 *   the k lines a model is to write, the same lines on both sides by the steps' provenance).
 * Each variant record's task_id is the input's with the variant after it ("HumanEval/0/prompt",
 * "Go/3/lines-3/perturbed"), and its `codemorph.variant` says what it is.
 */
export const VARIANT_KINDS = ['perturbed', 'prompt', 'completion'] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** The formats whose records split a function into prompt and canonical_solution. */
export const VARIANT_FORMATS: readonly string[] = ['humaneval', 'humaneval-x'];

export interface VariantOptions {
  kinds: readonly VariantKind[];
  /** The k of the k-line completion tasks (1, 3, 5). */
  lines: readonly number[];
}

export const DEFAULT_VARIANTS: VariantOptions = { kinds: ['perturbed'], lines: DEFAULT_COMPLETION_LINES };

interface VariantInfo {
  kind: 'prompt' | 'partial' | 'lines';
  side?: 'original' | 'perturbed';
  lines?: number;
  /** 1-based lines of the record's prompt + canonical_solution that the canonical solution starts at (and the k lines end at). */
  first_line?: number;
  last_line?: number;
  /** k-line tasks: how many of the k lines the steps rewrote. */
  changed_lines?: number;
  /** The original side's task id, for a perturbed side (and the other way round). */
  aligned_with?: string;
  /** Prompt variant: the runs on the prompt's helper functions. */
  helpers?: HelperRun[];
  /** The variant's canonical solution passed its test as the format's harness runs it. */
  test: boolean;
}

export interface VariantContext {
  loader: GrammarLoader;
  problem: Problem;
  original: BenchmarkRecord;
  perturbed: BenchmarkRecord;
  doc: PerturbationDocument;
  prose: ProseRenames;
  /** The perturbed record's `codemorph` object, which each variant record carries too. */
  info: object;
  /** The run's request and the perturbed composed file (prose renamed): the prompt's helpers are perturbed from there. */
  req: EngineRequest;
  file: string;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
}

/** A split of a record's code (prompt + canonical_solution) into a new prompt and the rest. */
interface Split {
  prompt: string;
  solution: string;
  firstLine: number;
}

function code(rec: BenchmarkRecord): string {
  return (textField(rec, 'prompt') ?? '') + (textField(rec, 'canonical_solution') ?? '');
}

/** The record's code split before its 0-based line `row`. */
function splitAt(text: string, row: number): Split {
  const lines = text.split('\n');
  return { prompt: `${lines.slice(0, row).join('\n')}\n`, solution: lines.slice(row).join('\n'), firstLine: row + 1 };
}

/** The first line wholly in the canonical solution (0-based): the prompt stays shown. */
function solutionRow(rec: BenchmarkRecord): number {
  const prompt = textField(rec, 'prompt') ?? '';
  const rows = prompt.split('\n').length - 1;
  return prompt.endsWith('\n') || prompt === '' ? rows : rows + 1;
}

/** ReCode's partial code: the prompt and the first half of the solution's non-blank lines. */
function partialSplit(rec: BenchmarkRecord): Split | string {
  const solution = textField(rec, 'canonical_solution') ?? '';
  const lines = solution.split(/(?<=\n)/);
  const half = Math.floor(lines.filter((l) => l.trim() !== '').length / 2);
  if (half < 1) return 'the canonical solution has fewer than two non-blank lines: there is no half to show';
  let seen = 0;
  let cut = 0;
  while (seen < half) if (lines[cut++].trim() !== '') seen++;
  const head = lines.slice(0, cut).join('');
  if (!head.endsWith('\n')) return 'the canonical solution has fewer than two lines';
  const prompt = (textField(rec, 'prompt') ?? '') + head;
  return { prompt, solution: lines.slice(cut).join(''), firstLine: prompt.split('\n').length };
}

/** The 0-based line of the record's code where the function `entry` (a unit of `unitLines` lines) starts, or null. */
async function unitRow(loader: GrammarLoader, lang: LanguageId, text: string, entry: string, unitLines: number): Promise<number | null> {
  return withTree(loader, lang, text, (tree) => {
    const fns = findFunctions(tree.rootNode, profileOf(lang)).filter((f) => f.name === entry);
    if (fns.length !== 1) return null;
    // the unit ends where the function does (it may start above it, at a doc comment)
    const row = fns[0].outer.endPosition.row - (unitLines - 1);
    return row >= 0 ? row : null;
  });
}

/** Identifier nodes of a solution that name a variable or function (not an attribute, not a field). */
function renamable(node: Node): boolean {
  if (node.type !== 'identifier') return false;
  const parent = node.parent;
  if (parent?.type === 'attribute' && parent.childForFieldName('attribute')?.id === node.id) return false;
  if (parent?.type === 'field_access' && parent.childForFieldName('field')?.id === node.id) return false;
  return true;
}

/**
 * The original canonical solution with the names the prompt shows renamed (the function's,
 * its parameters', helpers'): the solution a model could write to the perturbed prompt. Renamed
 * by the parse, so strings keep their text; its comments follow as comments do.
 */
async function promptSolution(ctx: VariantContext, prose: ProseRenames): Promise<string> {
  const { problem, original } = ctx;
  const table = proseTable(prose, problem.entryPoint, textField(ctx.perturbed, 'entry_point') ?? ctx.doc.entryPoint ?? problem.entryPoint);
  const shown = new Map([...table.to].filter(([from]) => table.signature.has(from)));
  const prompt = textField(original, 'prompt') ?? '';
  const text = code(original);
  const visible = { to: shown, signature: table.signature };
  const edits: TextEdit[] = [];
  await withTree(ctx.loader, problem.lang, text, (tree) => {
    const visit = (node: Node) => {
      if (node.endIndex <= prompt.length) return;
      if (node.startIndex >= prompt.length) {
        if (renamable(node) && shown.has(node.text)) {
          edits.push({ start: node.startIndex, end: node.endIndex, text: shown.get(node.text)! });
          return;
        }
        if (node.type.includes('comment')) {
          const renamed = renameProse(node.text, visible, 'comment');
          if (renamed !== node.text) edits.push({ start: node.startIndex, end: node.endIndex, text: renamed });
          return;
        }
      }
      for (const child of node.children) if (child) visit(child);
    };
    visit(tree.rootNode);
  });
  return applyEdits(text, edits).slice(prompt.length);
}

/** What a run on one of the prompt's helper functions did. */
interface HelperRun {
  function: string;
  entry_point: string;
  steps: number;
  similarity: PerturbationDocument['similarity'] | null;
  /** Beside the similarity, as in every record (issue 30): null when nothing was kept. */
  growth: PerturbationDocument['growth'] | null;
  /** Why it changed nothing, when it did not. */
  reason?: string;
}


/** Functions the record's prompt defines before the entry point (HumanEval/10's is_palindrome), by their names in `text`'s code part. */
async function promptHelpers(ctx: VariantContext, text: string, entry: string): Promise<string[]> {
  const prompt = textField(ctx.original, 'prompt') ?? '';
  const parts = cutParts(ctx.problem.lang, ctx.problem.composed, text);
  if (typeof parts === 'string' || !parts.code) return [];
  const from = parts.code.start;
  return withTree(ctx.loader, ctx.problem.lang, text, (tree) => {
    const fns = findFunctions(tree.rootNode, profileOf(ctx.problem.lang)).filter((f) => f.start >= from && f.end <= from + parts.code.text.length);
    const main = fns.find((f) => f.name === entry);
    if (!main) return [];
    // the original prompt's own helpers: those defined above the entry point whose names the original prompt holds
    const above = outermost(fns, (f) => f).filter((f) => f.end <= main.start);
    return above.map((f) => f.name).filter((name) => new RegExp(`(?<![\\w$])${name}(?![\\w$])`).test(prompt) || ctx.prose.to.has(name));
  });
}

/**
 * The prompt's helper functions perturbed, one run each after the entry point's, verified by the
 * record's own tests (the entry point keeps its name in them). Returns the file, and the renames
 * the entry point's with the helpers' new names added (what the prompt shows the solution).
 */
async function perturbHelpers(ctx: VariantContext, entry: string): Promise<{ file: string; prose: ProseRenames; runs: HelperRun[] }> {
  let file = ctx.file;
  const to = new Map(ctx.prose.to);
  const signature = new Set(ctx.prose.signature);
  const runs: HelperRun[] = [];
  const checks = problemChecks({ ...ctx.problem, rebuild: (text, _helper, prose) => ctx.problem.rebuild(text, entry, prose) });
  const helpers = await promptHelpers(ctx, file, entry);
  for (const [i, helper] of helpers.entries()) {
    const req: EngineRequest = {
      ...ctx.req,
      text: file,
      selector: { functionName: helper },
      search: { ...ctx.req.search, seed: (ctx.req.search.seed + i + 1) >>> 0 },
      verify: { ...ctx.req.verify, record: checks },
    };
    let doc: PerturbationDocument;
    try {
      doc = await perturb(ctx.loader, req);
    } catch (e) {
      if (stopsRun(e)) throw e;
      runs.push({ function: helper, entry_point: helper, steps: 0, similarity: null, growth: null, reason: isCodemorphError(e) ? e.message : `internal error: ${(e as Error).message}` });
      continue;
    }
    const kept = doc.steps.filter((step) => step.accepted).length;
    const renamed = doc.entryPoint ?? helper;
    runs.push({ function: helper, entry_point: renamed, steps: kept, similarity: kept ? doc.similarity : null, growth: kept ? doc.growth : null });
    if (!kept) continue;
    const own = stepRenames(doc.steps);
    const helperNames = await signatureNames(ctx.loader, ctx.problem.lang, file, helper);
    file = await followRenames(ctx.loader, ctx.problem.lang, ctx.problem.composed, doc.file, renamed, { to: own.to, signature: new Set([...helperNames, ...own.functions]) });
    // the solution calls the helper by its new name; the helper's own variables are none of its business
    if (renamed !== helper) {
      const first = [...to].find(([, now]) => now === helper)?.[0] ?? helper;
      to.set(first, renamed);
      signature.add(first);
    }
  }
  return { file, prose: { to, signature }, runs };
}

/** What every k-line split of a record shares: the steps' provenance and where the unit starts on each side. */
interface LineLayout {
  before: string[];
  after: string[];
  origins: ReturnType<typeof traceLines>;
  originalRow: number;
  perturbedRow: number;
}

/** The k-line tasks' common layout, worked out once for every k, or why there is none. */
async function lineLayout(ctx: VariantContext): Promise<LineLayout | string> {
  const { doc, problem } = ctx;
  const before = doc.original.split('\n');
  const after = doc.perturbed.split('\n');
  const kept = doc.steps.filter((s) => s.accepted);
  const origins = traceLines(before.length, kept.map((s) => s.changes));
  if (origins.length !== after.length) return `the steps' provenance traces ${origins.length} lines but the perturbed function has ${after.length}`;
  const entry = doc.entryPoint ?? problem.entryPoint;
  const originalRow = await unitRow(ctx.loader, problem.lang, code(ctx.original), problem.entryPoint, before.length);
  const perturbedRow = await unitRow(ctx.loader, problem.lang, code(ctx.perturbed), entry, after.length);
  if (originalRow === null || perturbedRow === null) return `cannot find ${problem.entryPoint} in the record's prompt and canonical solution`;
  return { before, after, origins, originalRow, perturbedRow };
}

/** The k-line tasks' splits of both sides, aligned by the steps' provenance, or why there is none. */
function lineSplits(ctx: VariantContext, layout: LineLayout | string, k: number): { original: Split; perturbed: Split; changed: number } | string {
  if (typeof layout === 'string') return layout;
  const { before, after, origins, originalRow, perturbedRow } = layout;
  const from = { original: solutionRow(ctx.original) - originalRow, perturbed: solutionRow(ctx.perturbed) - perturbedRow };
  const block = alignedBlock(before, after, origins, k, from);
  if (!block) return `no ${k} consecutive lines of the perturbed solution come one for one from ${k} consecutive original lines`;
  return {
    original: splitAt(code(ctx.original), originalRow + block.original),
    perturbed: splitAt(code(ctx.perturbed), perturbedRow + block.perturbed),
    changed: block.changed,
  };
}

function variantId(ctx: VariantContext, suffix: string): string {
  return `${String(ctx.original[ctx.problem.format === 'cruxeval' ? 'id' : 'task_id'])}/${suffix}`;
}

/** The records the chosen variants make of one perturbed record, in a fixed order, each checked by its harness. */
export async function variantRecords(ctx: VariantContext, options: VariantOptions): Promise<BenchmarkRecord[]> {
  const out: BenchmarkRecord[] = [];
  const scratch = makeScratchFolder('codemorph-variant-');
  let runs = 0;
  const checked = async (base: BenchmarkRecord, suffix: string, split: Split | string, variant: Omit<VariantInfo, 'test'>) => {
    const id = variantId(ctx, suffix);
    const info = { ...ctx.info, variant: { ...variant, test: false } };
    if (typeof split === 'string') {
      out.push({ ...base, task_id: id, error: `no ${suffix} variant: ${split}`, codemorph: info });
      return;
    }
    const rec: BenchmarkRecord = { ...base, task_id: id, prompt: split.prompt, canonical_solution: split.solution };
    const run = { dir: path.join(scratch, `run-${runs++}`), toolchains: ctx.toolchains, timeoutMs: ctx.timeoutMs, signal: ctx.req.signal };
    const result = await runRecord(ctx.problem.format, rec, run, ctx.problem.checkOptions, ctx.problem.lang);
    // a cancelled run says nothing about the record: the whole run stops, as a cancelled search does
    if (result.cancelled) throw new CodemorphError('cancelled', 'cancelled');
    if (result.timedOut) {
      out.push({ ...rec, error: `the ${suffix} variant's test did not finish within ${ctx.timeoutMs / 1000} s as the harness runs it: raise the timeout if the test is slow`, codemorph: info });
      return;
    }
    if (!result.ok) {
      const why = result.output.trim().split('\n').pop() ?? '';
      out.push({ ...rec, error: `the ${suffix} variant's canonical solution fails its test as the harness runs it${why ? `: ${why}` : ''}`, codemorph: info });
      return;
    }
    out.push({ ...rec, codemorph: { ...info, variant: { ...variant, test: true } } });
  };
  try {
    for (const kind of options.kinds) {
      if (kind === 'perturbed') out.push({ ...ctx.perturbed, codemorph: ctx.info });
      if (kind === 'prompt') {
        const entry = textField(ctx.perturbed, 'entry_point') ?? ctx.doc.entryPoint ?? ctx.problem.entryPoint;
        const helpers = await perturbHelpers(ctx, entry);
        const base = helpers.runs.some((r) => r.steps > 0) ? await ctx.problem.rebuild(helpers.file, entry, helpers.prose) : ctx.perturbed;
        const solution = await promptSolution(ctx, helpers.prose);
        const prompt = typeof base === 'string' ? base : (textField(base, 'prompt') ?? '');
        const split = typeof base === 'string' ? `the prompt's perturbed helpers cannot be written back: ${base}` : { prompt, solution, firstLine: prompt.split('\n').length };
        await checked(typeof base === 'string' ? ctx.perturbed : base, 'prompt', split, { kind: 'prompt', first_line: prompt.split('\n').length, ...(helpers.runs.length ? { helpers: helpers.runs } : {}) });
      }
      if (kind !== 'completion') continue;
      for (const [side, rec] of [['original', ctx.original], ['perturbed', ctx.perturbed]] as const) {
        const split = partialSplit(rec);
        const other = variantId(ctx, `partial/${side === 'original' ? 'perturbed' : 'original'}`);
        await checked(rec, `partial/${side}`, split, { kind: 'partial', side, first_line: typeof split === 'string' ? undefined : split.firstLine, aligned_with: other });
      }
      const layout = options.lines.length ? await lineLayout(ctx) : '';
      for (const k of options.lines) {
        const splits = lineSplits(ctx, layout, k);
        for (const [side, rec] of [['original', ctx.original], ['perturbed', ctx.perturbed]] as const) {
          const split = typeof splits === 'string' ? splits : splits[side];
          const other = variantId(ctx, `lines-${k}/${side === 'original' ? 'perturbed' : 'original'}`);
          const where = typeof split === 'string' ? {} : { first_line: split.firstLine, last_line: split.firstLine + k - 1 };
          const changed = typeof splits === 'string' ? {} : { changed_lines: splits.changed };
          await checked(rec, `lines-${k}/${side}`, split, { kind: 'lines', side, lines: k, ...where, ...changed, aligned_with: other });
        }
      }
    }
  } finally {
    removeScratchFolder(scratch);
  }
  return out;
}
