import fs = require('fs');
import { CodemorphError, inputError } from '../errors';
import { jsonLines } from '../dataset/records';
import { checkWritableFile } from '../files';
import type { ChatMessage, ChatProvider, TokenUsage } from '../llm/chat';
import type { GrammarLoader } from '../languages/grammarLoader';
import { Limiter } from '../llm/limiter';
import { redactSecrets } from '../redact';
import { warmTool } from '../verify/toolchains';
import { cacheKey, ResponseCache } from './cache';
import { ExecutionOptions, judge } from './execution';
import type { EvaluationItem, ItemSide } from './items';
import type { Pace } from './pace';
import { extractAnswer, generationHeader, Task, taskMessages } from './prompts';

export const SIDES = ['original', 'perturbed'] as const;
export type Side = (typeof SIDES)[number];

/** The settings an evaluation's answers depend on: a resumed run must have the same. */
export interface EvaluationSettings {
  task: Task;
  model: string;
  n: number;
  temperature: number;
  maxTokens: number | null;
  cot: boolean;
}

/** One sample of one side of one item, as the results file holds it (one JSON object per line). */
export interface SampleResult {
  item: string;
  side: Side;
  sample: number;
  /** What was taken from the model's text and judged. */
  answer: string;
  passed: boolean;
  reason: string | null;
  edit_similarity?: number;
  usage: TokenUsage;
  /** Whether the answer came from the cache (no request sent). */
  cached: boolean;
  /** Wall time of the answer's own build and run. */
  process_ms: number;
}

export interface EvaluationProgress {
  done: number;
  total: number;
  elapsedMs: number;
  requests: number;
  cached: number;
}

export interface RunOptions {
  loader: GrammarLoader;
  items: readonly EvaluationItem[];
  settings: EvaluationSettings;
  provider: ChatProvider;
  cache?: ResponseCache;
  pace: Pace;
  concurrency: number;
  execution: ExecutionOptions;
  /** Results are appended here line by line; with `resume`, the lines already there are kept and not redone. */
  resultsFile: string;
  resume: boolean;
  /** Cancels the run: its requests and its answers' runs alike (a cancel keeps the answers judged so far). */
  signal?: AbortSignal;
  onProgress?: (p: EvaluationProgress) => void;
}

export interface RunOutcome {
  results: SampleResult[];
  /** Items with no task on one side or both, with why. */
  skipped: { item: string; reason: string }[];
  /** Lines of the results file resumed from that held no answer (their samples were done again). */
  unread: UnreadResult[];
  requests: number;
  cached: number;
  /** Summed wall time of the answers' own builds and runs in this run, and the run's own wall time. */
  processMs: number;
  elapsedMs: number;
}

interface Unit {
  item: EvaluationItem;
  side: Side;
  sample: number;
  messages: ChatMessage[];
}

const ANSWER_LIMIT = 20_000;

function settingsLine(settings: EvaluationSettings): string {
  return JSON.stringify({ codemorph_evaluate: 1, settings });
}

/**
 * A run that stopped part way (a cancel, a refused key, a missing toolchain): its kind and message
 * are the cause's, and the answers judged before it are in the results file. How to continue is
 * the caller's to say (the CLI's --resume, the editor's running the command again).
 */
export class EvaluationStopped extends CodemorphError {
  constructor(
    readonly stoppedBy: CodemorphError,
    /** The answers in the results file, those of a resumed run included. */
    readonly kept: number,
    readonly resultsFile: string,
  ) {
    super(stoppedBy.kind, stoppedBy.message, stoppedBy.detail);
  }
}

/** A line of the results file that was not read, with why: reported, and its sample done again. */
export interface UnreadResult {
  line: number;
  reason: string;
}

function isSampleResult(value: unknown): value is SampleResult {
  const r = value as Partial<SampleResult> | null;
  return typeof r === 'object' && r !== null && typeof r.item === 'string' && (SIDES as readonly unknown[]).includes(r.side) && Number.isInteger(r.sample) && typeof r.passed === 'boolean';
}

/**
 * The results already in the file, and the lines that hold none: a last line cut short by a kill,
 * a line whose bytes are not UTF-8 or that is no result. Never read with U+FFFD in place of a byte.
 */
function readResults(file: string, settings: EvaluationSettings): { results: SampleResult[]; unread: UnreadResult[] } {
  const lines = jsonLines(fs.readFileSync(file));
  if (!lines[0]?.text.trim()) return { results: [], unread: [] };
  let head: { settings?: EvaluationSettings } | undefined;
  try {
    head = JSON.parse(lines[0].text) as { settings?: EvaluationSettings };
  } catch {
    head = undefined;
  }
  if (!head?.settings) throw inputError(`${file} is not the results file of an evaluation: remove it, or write the results to another file`);
  if (JSON.stringify(head.settings) !== JSON.stringify(settings)) {
    throw inputError(`${file} was made with other settings (${JSON.stringify(head.settings)}): resume with the same ones, or remove it to start over`);
  }
  const results: SampleResult[] = [];
  const unread: UnreadResult[] = [];
  for (const { line, text, notUtf8 } of lines.slice(1)) {
    if (notUtf8) {
      unread.push({ line, reason: notUtf8.replace(/: convert the file.*$/, '') });
      continue;
    }
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      // the line a kill cut short is one of these
      unread.push({ line, reason: `not valid JSON (${(e as Error).message})` });
      continue;
    }
    if (isSampleResult(value)) results.push(value);
    else unread.push({ line, reason: 'not an answer (item, side, sample, passed)' });
  }
  return { results, unread };
}

function unitKey(item: string, side: Side, sample: number): string {
  return JSON.stringify([item, side, sample]);
}

/** The messages of each side of an item, or why the item cannot be asked. */
async function itemMessages(loader: GrammarLoader, item: EvaluationItem, settings: EvaluationSettings): Promise<Record<Side, ChatMessage[]> | string> {
  const out: Partial<Record<Side, ChatMessage[]>> = {};
  for (const side of SIDES) {
    const s: ItemSide = item[side];
    const header = settings.task === 'generation' && !s.prompt ? await generationHeader(loader, item.language, s.code, s.entryPoint).catch(() => null) : null;
    const messages = taskMessages(settings.task, item.language, s, header, settings.cot);
    if (!messages) return `the ${side} side has no ${settings.task} task (${whyNoTask(settings.task, s)})`;
    out[side] = messages;
  }
  return out as Record<Side, ChatMessage[]>;
}

function whyNoTask(task: Task, side: ItemSide): string {
  switch (task) {
    case 'generation':
      return side.test ? 'its function was not found for the prompt' : 'no test to run the answer with';
    case 'completion':
      return 'it has no masked lines (a pair, or a record without steps)';
    default:
      return 'no call with a known result: give "input" and "output" or a test that asserts one';
  }
}

/**
 * Asks the model every sample of both sides of every item and judges each answer. Each answer is
 * appended to the results file as soon as it is judged, so a killed run loses nothing; `resume`
 * keeps what the file holds and does the rest. Requests go through the cache first, then the
 * pace (requests per minute) and the provider's own limiter, deadlines and retries.
 */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const { settings } = options;
  const started = Date.now();
  checkWritableFile(options.resultsFile, 'the results file');
  const exists = fs.existsSync(options.resultsFile) && fs.statSync(options.resultsFile).size > 0;
  // the caller says whether a file already there is continued: never appended to unasked
  if (exists && !options.resume) throw inputError(`${options.resultsFile} already holds answers: continue that run, or remove it to start over`);
  const { results: kept, unread } = exists ? readResults(options.resultsFile, settings) : { results: [], unread: [] };
  if (!exists) fs.writeFileSync(options.resultsFile, `${settingsLine(settings)}\n`);
  else if (!fs.readFileSync(options.resultsFile).subarray(-1).equals(Buffer.from('\n'))) fs.appendFileSync(options.resultsFile, '\n');
  // a version manager's shim is asked for its interpreter while prompts are made and the first requests go out
  const warming = Promise.all([...new Set(options.items.map((i) => i.language))].map((lang) => warmTool(lang, options.execution.toolchains)));
  const done = new Map(kept.map((r) => [unitKey(r.item, r.side, r.sample), r]));
  const skipped: RunOutcome['skipped'] = [];
  const units: Unit[] = [];
  for (const item of options.items) {
    const messages = await itemMessages(options.loader, item, settings);
    if (typeof messages === 'string') {
      skipped.push({ item: item.id, reason: messages });
      continue;
    }
    for (let sample = 0; sample < settings.n; sample++) {
      for (const side of SIDES) {
        if (!done.has(unitKey(item.id, side, sample))) units.push({ item, side, sample, messages: messages[side] });
      }
    }
  }
  const results: SampleResult[] = [...done.values()];
  const outcome: RunOutcome = { results, skipped, unread, requests: 0, cached: 0, processMs: 0, elapsedMs: 0 };
  const total = units.length;
  let next = 0;
  let finished = 0;
  let stop: unknown;
  const fd = fs.openSync(options.resultsFile, 'a');
  // answers run `concurrency` at a time, and as many requests are in flight beside them: the
  // next answer is fetched while one runs, so a process slot never waits on the network
  const runs = new Limiter(Math.max(1, options.concurrency));
  const worker = async () => {
    while (stop === undefined && next < units.length) {
      if (options.signal?.aborted) {
        stop ??= new CodemorphError('cancelled', 'cancelled');
        return;
      }
      const unit = units[next++];
      try {
        const result = await runUnit(unit, options, outcome, runs, warming);
        // an answer whose run a cancel killed was not judged: it is not written
        if (options.signal?.aborted) stop ??= new CodemorphError('cancelled', 'cancelled');
        if (stop !== undefined) return;
        // one write per line: a kill leaves whole lines and at most one cut short, which resume drops
        fs.writeSync(fd, `${redactSecrets(JSON.stringify(result))}\n`);
        results.push(result);
        finished++;
        options.onProgress?.({ done: finished, total, elapsedMs: Date.now() - started, requests: outcome.requests, cached: outcome.cached });
      } catch (e) {
        stop ??= e;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, Math.min(2 * options.concurrency, units.length)) }, worker));
  } finally {
    fs.closeSync(fd);
  }
  if (stop !== undefined) {
    if (!(stop instanceof CodemorphError)) throw stop;
    throw new EvaluationStopped(stop, results.length, options.resultsFile);
  }
  outcome.elapsedMs = Date.now() - started;
  return outcome;
}

async function runUnit(unit: Unit, options: RunOptions, outcome: RunOutcome, runs: Limiter, warming: Promise<unknown>): Promise<SampleResult> {
  const { settings } = options;
  const hash = cacheKey({ model: settings.model, messages: unit.messages, temperature: settings.temperature, maxTokens: settings.maxTokens, sample: unit.sample });
  let answer = options.cache?.get(hash);
  const cached = answer !== undefined;
  if (answer) outcome.cached++;
  else {
    await options.pace.turn();
    outcome.requests++;
    const response = await options.provider.complete({ messages: unit.messages, temperature: settings.temperature, maxTokens: settings.maxTokens ?? undefined, signal: options.signal });
    answer = { text: response.text, usage: response.usage };
    options.cache?.put(hash, answer);
  }
  const side = unit.item[unit.side];
  const extracted = extractAnswer(settings.task, answer.text, side.entryPoint);
  await warming;
  const execution = options.signal ? { ...options.execution, signal: options.execution.signal ?? options.signal } : options.execution;
  const judged = await runs.run(() => judge(settings.task, unit.item.language, side, extracted, execution));
  outcome.processMs += judged.processMs;
  return {
    item: unit.item.id,
    side: unit.side,
    sample: unit.sample,
    answer: extracted.length > ANSWER_LIMIT ? `${extracted.slice(0, ANSWER_LIMIT)}…` : extracted,
    passed: judged.passed,
    reason: judged.reason,
    ...(judged.editSimilarity !== undefined ? { edit_similarity: judged.editSimilarity } : {}),
    usage: answer.usage,
    cached,
    process_ms: judged.processMs,
  };
}
