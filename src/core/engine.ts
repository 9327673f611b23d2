import fs = require('fs');
import type { Tree } from 'web-tree-sitter';
import { CodemorphError, inputError, usageError } from './errors';
import type { GrammarLoader } from './languages/grammarLoader';
import type { LanguageId } from './languages/languageIds';
import type { ModelChoice } from './llm/chat';
import type { EngineKind, LlmSetup } from './llm/llmEngine';
import { sumUsage, UsageRecord } from './llm/usage';
import { Rng } from './random';
import { createScorer } from './search/scorer';
import { StepLimits, StepRunner, stepRecord } from './search/runner';
import { Growth, growthOf, lineCount, NO_SIZE, Size } from './search/growth';
import { beam, peso, randomSearch, SearchOutcome } from './search/strategies';
import type { Current, Scores, SearchOptions, StepRecord } from './search/types';
import { catalogueEntry, isJunkMethod } from './transforms/catalogue';
import type { Method } from './transforms/method';
import { methodById, METHODS } from './transforms/registry';
import { parseBaseline } from './similarity/baseline';
import { documentTexts, inSourceForm } from './sourceForm';
import type { FileEncoding } from './text/encoding';
import { selectUnit, UnitSelector, UnitState, unitText } from './unit';
import { Verdict, VerificationRecord, Verifier, VerifyOptions } from './verify/verifier';
import { Workspace } from './workspace/workspace';
import { roundedScores } from './round';

/**
 * Files beyond this are refused. A function in a file this size costs about what it costs alone
 * plus one parse of the file (bench:in-file measures 5 MB files), and the memory grows with the
 * file's trees and text: the limit keeps a run within about 500 MB.
 */
export const MAX_FILE_CHARS = 6_000_000;
export const MAX_UNIT_CHARS = 400_000;

export interface EngineRequest {
  lang: LanguageId;
  /** The file's text, with its own line endings (the engine works on LF text and gives them back, see sourceForm.ts). */
  text: string;
  /** How the file is stored (CLI: as read; `--encoding`): scratch copies are written in it. UTF-8 when unset. */
  encoding?: FileEncoding;
  /** The file's path, for messages, the scratch copy's name and finding workspace tools. */
  filePath?: string;
  selector: UnitSelector;
  search: SearchOptions;
  verify: Omit<VerifyOptions, 'signal' | 'filePath'>;
  /** Weight of surface similarity in the overall score. */
  mu: number;
  /** Greedy String Tiling's minimum match length; the language's JPlag default when unset. */
  minMatch?: number;
  /** local (default), llm (every method by prompt, then votes) or hybrid (local where it applies). */
  engine?: EngineKind;
  /** Required by the llm and hybrid engines. */
  llm?: LlmSetup;
  /**
   * The unit's first original, when it was perturbed before (the editor continues a function's
   * history): similarity, and so PESO's choices, are measured against it rather than against
   * the text this run starts from.
   */
  baseline?: string;
  /** The methods of the steps kept on the unit by its earlier runs (with `baseline`): junk steps among them count against `search.maxJunk`. */
  earlierMethods?: readonly string[];
  signal?: AbortSignal;
  /** Every step as it is decided, with the unit's state after it (unchanged for a rejected step). */
  onStep?: (step: StepRecord, after: UnitState) => void;
  /** Every verification of a candidate, with the commands and the compiler or test output (the editor logs them). */
  onVerification?: (report: VerificationReport) => void;
}

/** What one verification ran and printed, for logs: the step record keeps only the one-line reason. */
export interface VerificationReport {
  method: string;
  /** 1-based line of the site in the file before the step. */
  line: number;
  verdict: Verdict;
}

/** The `perturb --json` document; editors and dataset tools read the same shape. */
export interface PerturbationDocument {
  language: LanguageId;
  function: string | null;
  entryPoint: string | null;
  strategy: string;
  engine: EngineKind;
  /** The models behind the llm and hybrid engines (no keys). */
  llm?: { perturber: ModelInfo; voters: ModelInfo[] };
  seed: number;
  original: string;
  perturbed: string;
  file: string;
  files: Record<string, string>;
  similarity: Scores;
  /** The perturbed unit's length over the original's, in tokens and in lines (helpers the steps added included). */
  growth: Growth;
  steps: StepRecord[];
  /** What each step's verification ran (the commands as they ran on the original). */
  verification: VerificationRecord;
  /** LLM calls, tokens and cost of the whole run (llm and hybrid engines). */
  usage?: UsageRecord;
  elapsedMs: number;
}

interface ModelInfo {
  kind: string;
  model: string;
  baseUrl?: string;
  temperature: number;
}

function roundedSteps(steps: StepRecord[]): StepRecord[] {
  return steps.map((s) => ({ ...s, similarity: s.similarity && roundedScores(s.similarity) }));
}

interface Session {
  start: Current;
  original: UnitState;
  runner: StepRunner;
  verifier: Verifier;
  /** The size growth is measured against (the first original's, when one was given). */
  originalSize: Size;
  dispose(): void;
}

/** Parses, selects the unit, checks the original and sets up scoring: what every run starts with. */
async function openSession(loader: GrammarLoader, req: EngineRequest, limits: StepLimits = {}): Promise<Session> {
  if (req.text.length > MAX_FILE_CHARS) {
    throw inputError(
      `the file is too large (${(req.text.length / 1e6).toFixed(1)} million characters; the limit is ${MAX_FILE_CHARS / 1e6} million): move the function into a smaller file to perturb it`,
    );
  }
  if (req.text.trim() === '') throw inputError(`${req.filePath ?? 'the file'} is empty: there is nothing to perturb`);
  const tree: Tree = await loader.parse(req.lang, req.text);
  let verifier: Verifier | undefined;
  try {
    let original = selectUnit(req.lang, tree, req.text, req.selector);
    if (original.unit.end - original.unit.start > MAX_UNIT_CHARS) {
      throw inputError(`the unit is too large (${original.unit.end - original.unit.start} characters; the limit is ${MAX_UNIT_CHARS}): choose one function with --function`);
    }
    verifier = new Verifier(req.lang, { ...req.verify, filePath: req.filePath, signal: req.signal }, req.text);
    // in a project, renames follow references into its other files (returned in `files`)
    if (verifier.project && req.filePath) original = { ...original, project: { workspace: Workspace.forFile(verifier.project.root, req.filePath, req.lang), files: {} } };
    await verifier.prepare(original, tree);
    const baseline = req.baseline === undefined ? undefined : await parseBaseline(loader, req.lang, req.text, original.unit, req.baseline);
    const scorer = createScorer(req.lang, original, tree, { mu: req.mu, minMatch: req.minMatch, baseline });
    // new names avoid the test file's (it is renamed too) and the unit's first ones: a rename back
    // to one would undo an earlier step (synonyms go both ways: `lead_time` <-> `delivery_time`)
    const firstUnit = req.baseline ?? req.text.slice(original.unit.start, original.unit.end);
    const reserved = [...(req.verify.testFile ? testWords(req.verify.testFile) : []), ...identifiersOf(firstUnit)];
    const engine = req.engine ?? 'local';
    if (engine !== 'local' && !req.llm) throw usageError(`the ${engine} engine needs a model: give a base URL, a model and an API key`);
    const onVerdict = req.onVerification && ((method: string, line: number, verdict: Verdict) => req.onVerification!({ method, line, verdict }));
    const runner = new StepRunner(loader, req.lang, verifier, scorer, reserved, req.signal, { engine, llm: req.llm }, original, onVerdict, limits);
    const size = { tokens: scorer.tokenCount(original, tree), lines: lineCount(unitText(original)) };
    const junk = (req.earlierMethods ?? []).filter(isJunkMethod).length;
    const start: Current = { state: original, tree, scores: scorer.score(original, tree), renames: [], size, outside: NO_SIZE, junk };
    const v = verifier;
    return {
      start,
      original,
      runner,
      verifier: v,
      originalSize: scorer.original,
      dispose: () => v.dispose(),
    };
  } catch (e) {
    tree.delete();
    verifier?.dispose();
    throw e;
  }
}

/** Words of the test file: new names must not collide with them either, since the test is renamed too. */
function testWords(file: string): string[] {
  return identifiersOf(fs.readFileSync(file, 'utf8'));
}

function identifiersOf(text: string): string[] {
  return text.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? [];
}

/** The built-in methods, then the designed ones the llm and hybrid engines were given (they run only by prompt). */
function usableMethods(lang: LanguageId, allowed?: ReadonlySet<string>, designed: readonly Method[] = []): Method[] {
  return [...METHODS, ...designed].filter((m) => m.support(lang).applicable && (!allowed || allowed.has(m.id)));
}

/** Checks a `--methods` list: unknown ids are a usage error; known ones not built yet are named. */
export function checkMethodIds(ids: readonly string[], designed: readonly Method[] = []): void {
  for (const id of ids) {
    if (!catalogueEntry(id) && !designed.some((m) => m.id === id)) throw usageError(`unknown method ${id}: \`codemorph methods\` lists them`);
  }
}

/** `--methods` named only methods that cannot act on this language: say why, rather than run a search that cannot move. */
function noUsableMethod(lang: LanguageId, ids: readonly string[]): CodemorphError {
  const why = ids.map((id) => {
    const support = methodById(id)?.support(lang);
    return `${id}: ${!support ? 'no local implementation yet' : support.applicable ? 'applies' : support.reason}`;
  });
  return usageError(`no method given to --methods works on ${lang} (${why.join('; ')}): choose others (\`codemorph methods --lang ${lang}\` lists them)`);
}

function modelInfo(choice: ModelChoice): ModelInfo {
  return { kind: choice.provider.kind, model: choice.provider.model, baseUrl: choice.provider.baseUrl, temperature: choice.temperature };
}

function document(req: EngineRequest, session: Session, outcome: SearchOutcome, started: number, strategy: string): PerturbationDocument {
  const final = outcome.current.state;
  const engine = req.engine ?? 'local';
  const llm = engine !== 'local' && req.llm ? { perturber: modelInfo(req.llm.perturber), voters: req.llm.voters.map(modelInfo) } : undefined;
  return {
    language: req.lang,
    function: session.original.unitKind === 'function' ? session.original.entryPoint : null,
    entryPoint: final.entryPoint,
    strategy,
    engine,
    ...(llm ? { llm } : {}),
    seed: req.search.seed,
    ...documentTexts(req, session.original, final),
    files: sortedFiles(final.project?.files ?? {}),
    similarity: roundedScores(outcome.current.scores),
    growth: growthOf(outcome.current.size, session.originalSize),
    steps: roundedSteps(outcome.steps),
    verification: { ...session.verifier.record },
    ...(llm ? { usage: sumUsage(outcome.steps.map((step) => step.usage)) } : {}),
    elapsedMs: Date.now() - started,
  };
}

/** Other changed files in path order: the same run prints the same document. */
function sortedFiles(files: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of Object.keys(files).sort()) out[rel] = files[rel];
  return out;
}

/** Runs a search strategy over the selected unit (CLI `perturb`, the editor's "Perturb function"). */
export async function perturb(loader: GrammarLoader, req: EngineRequest): Promise<PerturbationDocument> {
  req = inSourceForm(req);
  const started = Date.now();
  const designed = (req.engine ?? 'local') !== 'local' ? (req.llm?.designed ?? []) : [];
  if (req.search.methods) checkMethodIds([...req.search.methods], designed);
  const methods = usableMethods(req.lang, req.search.methods, designed);
  if (req.search.methods && methods.length === 0) throw noUsableMethod(req.lang, [...req.search.methods]);
  const session = await openSession(loader, req, { maxGrowth: req.search.maxGrowth, maxJunk: req.search.maxJunk });
  try {
    const run = {
      runner: session.runner,
      methods,
      options: req.search,
      rng: new Rng(req.search.seed),
      onStep: req.onStep && ((step: StepRecord, after: UnitState) => req.onStep!({ ...step, similarity: step.similarity && roundedScores(step.similarity) }, after)),
    };
    const strategy = { peso, random: randomSearch, beam }[req.search.strategy];
    const outcome = await strategy(run, session.start);
    const doc = document(req, session, outcome, started, req.search.strategy);
    outcome.current.tree.delete();
    return doc;
  } finally {
    session.dispose();
  }
}

/** Applies one method once (CLI `transform`): at `site`, or at a site the seed picks. */
export async function transform(loader: GrammarLoader, req: EngineRequest & { methodId: string; site?: number }): Promise<PerturbationDocument> {
  req = inSourceForm(req);
  const started = Date.now();
  const entry = catalogueEntry(req.methodId);
  if (!entry) throw usageError(`unknown method ${req.methodId}: \`codemorph methods\` lists them`);
  const method = methodById(req.methodId);
  if (!method) throw usageError(`${req.methodId} has no local implementation yet`);
  const support = method.support(req.lang);
  if (!support.applicable) throw new CodemorphError('failed', `${req.methodId} is not applicable to ${req.lang}: ${support.reason}`);
  const session = await openSession(loader, req);
  let current = session.start;
  try {
    const sites = session.runner.sites(method, current);
    if (sites.length === 0) throw new CodemorphError('failed', `${req.methodId} has no site in this unit`);
    if (req.site !== undefined && (req.site < 0 || req.site >= sites.length)) {
      const list = sites.map((s, i) => `${i}: ${s.label}`).join('; ');
      throw usageError(`--site ${req.site} does not exist; ${req.methodId} has ${sites.length} site(s) here (${list})`);
    }
    const rng = new Rng(req.search.seed);
    const attempt = (await session.runner.attempt(req.site === undefined ? method : pinned(method, req.site), current, rng))!;
    const passed = attempt.verdict.reason === null;
    const step = stepRecord(1, attempt, passed, attempt.verdict.reason);
    if (passed) current = session.runner.accept(current, attempt);
    else session.runner.discard(attempt);
    req.onStep?.(step, current.state);
    // a rejected step is still reported: the caller shows why and exits with "failed"
    return document(req, session, { current, steps: [step] }, started, 'transform');
  } finally {
    current.tree.delete();
    session.dispose();
  }
}

/** The method restricted to one of its sites, so the shared attempt logic applies it there. */
function pinned(method: Method, index: number): Method {
  return { ...method, findSites: (ctx) => [method.findSites(ctx)[index]] };
}
