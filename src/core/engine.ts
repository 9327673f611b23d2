import { CodemorphError, usageError } from './errors';
import type { GrammarLoader } from './languages/grammarLoader';
import type { LanguageId } from './languages/languageIds';
import type { EngineKind, LlmSetup } from './llm/llmEngine';
import { sumUsage, UsageRecord } from './llm/usage';
import { Rng } from './random';
import { stepRecord } from './search/runner';
import { beam, peso, randomSearch } from './search/strategies';
import type { SearchOptions, StepRecord } from './search/types';
import type { Scores } from './similarity/scorer';
import type { Growth } from './similarity/size';
import { catalogueEntry } from './transforms/catalogue';
import type { Method } from './transforms/method';
import { methodById, METHODS } from './transforms/registry';
import { inSourceForm, openSession, Outcome, Session, sessionDocument } from './session';
import type { FileEncoding } from './text/encoding';
import type { UnitSelector, UnitState } from './unit';
import type { Verdict, VerificationRecord, VerifyOptions } from './verify/verifier';
import { roundedScores } from './round';

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

export interface ModelInfo {
  kind: string;
  model: string;
  baseUrl?: string;
  temperature: number;
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

/** The document of a search or a transform: LLM usage is reported for the llm and hybrid engines. */
function document(req: EngineRequest, session: Session, outcome: Outcome, started: number, strategy: string): PerturbationDocument {
  const usage = (req.engine ?? 'local') !== 'local' && req.llm ? sumUsage(outcome.steps.map((step) => step.usage)) : undefined;
  return sessionDocument(req, session, outcome, started, { strategy }, usage);
}

/** Runs a search strategy over the selected unit (CLI `perturb`, the editor's "Perturb function"). */
export async function perturb(loader: GrammarLoader, req: EngineRequest): Promise<PerturbationDocument> {
  req = inSourceForm(req);
  const started = Date.now();
  const designed = (req.engine ?? 'local') !== 'local' ? (req.llm?.designed ?? []) : [];
  if (req.search.methods) checkMethodIds([...req.search.methods], designed);
  const methods = usableMethods(req.lang, req.search.methods, designed);
  if (req.search.methods && methods.length === 0) throw noUsableMethod(req.lang, [...req.search.methods]);
  const session = await openSession(loader, req, { limits: { maxGrowth: req.search.maxGrowth, maxJunk: req.search.maxJunk } });
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
