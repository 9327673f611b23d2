import fs = require('fs');
import path = require('path');
import { CodemorphError, inputError, stopsRun, usageError } from '../core/errors';
import { ResponseCache } from '../core/evaluate/cache';
import { chartFiles } from '../core/evaluate/charts';
import { DEFAULT_COMPLETION_LINES, parseLineCounts } from '../core/benchmark/completion';
import { DEFAULT_MEMORY_MB, Evaluation, evaluateItems } from '../core/evaluate/evaluateItems';
import { Pace } from '../core/evaluate/pace';
import { Task, TASKS } from '../core/evaluate/prompts';
import { reportMarkdown } from '../core/evaluate/report';
import { EvaluationProgress, EvaluationSettings, EvaluationStopped } from '../core/evaluate/run';
import { checkWritableFile, writeFileAtomic } from '../core/files';
import { EndpointHealth } from '../core/llm/endpointHealth';
import { Limiter } from '../core/llm/limiter';
import { DEFAULT_BASE_URL, OpenAiCompatibleProvider } from '../core/llm/openaiProvider';
import { makeScratchFolder, removeScratchFolder } from '../core/owned';
import { registerSecret } from '../core/redact';
import { bool, CommandSpec, integer, num, parseArgs, Parsed, str } from './args';
import type { Command, Io } from './commands';
import { DEFAULT_MODEL, prices } from './llmOptions';
import { languageOption, toolchains } from './options';

export const EVALUATE: CommandSpec = {
  name: 'evaluate',
  args: '<benchmark.jsonl>',
  summary: 'Runs a model on the original and the perturbed side of every item, executes its answers, and reports the drop.',
  groups: [
    {
      title: 'Input',
      flags: {
        lang: { type: 'string', value: 'LANG', help: 'the language of records that do not name theirs' },
        original: { type: 'string', value: 'FILE', help: 'the file codemorph dataset read, for its output in a published format (HumanEval, HumanEval-X, MBPP, CRUXEval, LiveCodeBench): the original side of each task' },
        task: { type: 'string', value: TASKS.join('|'), help: 'what the model is asked (generation)' },
        cot: { type: 'boolean', help: 'output and input prediction: let the model reason, then answer between [ANSWER] tags' },
        lines: { type: 'string', value: 'N,...', help: `completion: how many lines the tasks made from dataset records mask (${DEFAULT_COMPLETION_LINES.join(',')})` },
      },
    },
    {
      title: 'Model',
      flags: {
        'base-url': { type: 'string', value: 'URL', help: `an OpenAI-compatible endpoint (${DEFAULT_BASE_URL}); the key comes from CODEMORPH_API_KEY or OPENAI_API_KEY` },
        model: { type: 'string', value: 'NAME', help: `the model evaluated (${DEFAULT_MODEL})` },
        n: { type: 'number', value: 'N', help: 'samples per side of each item (1)' },
        k: { type: 'string', value: 'K,...', help: 'the k of pass@k reported, each at most --n (1, and 5 when n >= 5)' },
        temperature: { type: 'number', value: 'T', help: 'sampling temperature, 0 to 2 (0)' },
        'max-tokens': { type: 'number', value: 'N', help: 'the most tokens an answer may have (the endpoint\'s default)' },
        concurrency: { type: 'number', value: 'N', help: 'requests and answer runs at once (4)' },
        rate: { type: 'number', value: 'RPM', help: 'at most this many requests per minute (no limit)' },
        'llm-timeout': { type: 'number', value: 'SECONDS', help: 'deadline of each request, retries included (120)' },
        price: { type: 'string', value: 'MODEL=IN/OUT', repeat: true, help: 'USD per million prompt and completion tokens, for the cost of each side' },
        cache: { type: 'string', value: 'DIR', help: 'answers kept by model, prompt and sampling: a re-run sends no request' },
      },
    },
    {
      title: 'Execution',
      flags: {
        timeout: { type: 'number', value: 'SECONDS', help: 'time limit of each answer\'s build and run, killed with all it started (60)' },
        memory: { type: 'number', value: 'MB', help: `address-space cap of each answer's program (${DEFAULT_MEMORY_MB})` },
        toolchain: { type: 'string', value: 'LANG=PATH', repeat: true, help: 'the compiler or interpreter to use for a language' },
      },
    },
    {
      title: 'Output',
      flags: {
        out: { type: 'string', value: 'FILE', help: 'the report as JSON; the answers go beside it as they are judged (report.json: report.results.jsonl)' },
        results: { type: 'string', value: 'FILE', help: 'where the answers go instead, one line each' },
        resume: { type: 'boolean', help: 'continue a stopped run from its results file' },
        markdown: { type: 'string', value: 'FILE', help: 'the report as a Markdown summary' },
        charts: { type: 'string', value: 'DIR', help: 'SVG charts: pass@1 by language, drop against similarity' },
        seed: { type: 'number', value: 'N', help: 'seed of the bootstrap intervals (0)' },
        json: { type: 'boolean', help: 'print the report as JSON on stdout (else the Markdown summary)' },
        quiet: { type: 'boolean', help: 'no progress on stderr' },
      },
    },
  ],
  notes: [
    'Input: the output of codemorph dataset (records with code, perturbed_code, test, perturbed_test, entry_point;',
    'or HumanEval, HumanEval-X, MBPP, CRUXEval, LiveCodeBench records with a codemorph object, given with --original),',
    'or an entries file (perturbed entries, pairs, and completion tasks from codemorph completion).',
    'Completion on dataset records masks 1, 3 and 5 lines and runs the record\'s tests on the answer put back.',
    'Answers run as untrusted code: a scratch folder each, the time limit, the memory cap, no secrets in the environment.',
  ],
};

function taskOption(p: Parsed): Task {
  const task = (str(p, 'task') ?? 'generation') as Task;
  if (!TASKS.includes(task)) throw usageError(`--task takes ${TASKS.join(', ')}, not ${task}`);
  return task;
}

function ksOption(p: Parsed, n: number): number[] {
  const text = str(p, 'k');
  if (text === undefined) return n >= 5 ? [1, 5] : [1];
  const ks: number[] = [];
  for (const part of text.split(',').map((s) => s.trim()).filter(Boolean)) {
    const k = Number(part);
    if (!Number.isInteger(k) || k < 1) throw usageError(`--k takes whole numbers from 1, like 1,5, not "${part}"`);
    if (k > n) throw usageError(`--k ${k} needs at least ${k} samples per side: raise --n to ${k}`);
    if (!ks.includes(k)) ks.push(k);
  }
  if (!ks.length) throw usageError('--k needs one or more numbers, like 1,5');
  return ks;
}

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** Progress on stderr: a bar redrawn in place on a terminal, otherwise a line every twentieth of the run. */
function progressReporter(io: Io, tty: boolean): (p: EvaluationProgress) => void {
  return (p) => {
    const every = Math.max(10, Math.ceil(p.total / 20));
    const rate = p.elapsedMs > 0 ? (p.done * 1000) / p.elapsedMs : 0;
    const eta = rate > 0 ? duration(((p.total - p.done) / rate) * 1000) : '?';
    const text = `${p.done}/${p.total} answers, ${rate.toFixed(2)}/s, ETA ${eta}, ${p.requests} requests, ${p.cached} cached`;
    if (tty) {
      const width = 24;
      const full = p.total ? Math.round((p.done / p.total) * width) : width;
      io.err(`\r[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${text}\u001b[K${p.done === p.total ? '\n' : ''}`);
    } else if (p.done % every === 0 || p.done === p.total) io.err(`${text}\n`);
  };
}

/**
 * `codemorph evaluate <benchmark>`: the model answers both sides of every item with the same
 * template and sampling, every answer is executed, and the report gives pass@1 and pass@k on
 * each side, the drop, the exact McNemar test, bootstrap intervals, and the breakdowns by
 * language, method and similarity.
 */
export const evaluateCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, EVALUATE);
  if (p.positionals.length !== 1) throw usageError(`evaluate takes one benchmark file (JSON Lines), got ${p.positionals.length}`);
  const input = p.positionals[0];
  if (!fs.existsSync(input)) throw inputError(`${input}: no such file`);
  const task = taskOption(p);
  const n = integer(p, 'n', 1, 1000) ?? 1;
  const ks = ksOption(p, n);
  const temperature = num(p, 'temperature') ?? 0;
  if (temperature < 0 || temperature > 2) throw usageError(`--temperature needs a number from 0 to 2, not ${temperature}`);
  const maxTokens = integer(p, 'max-tokens', 1) ?? null;
  const concurrency = integer(p, 'concurrency', 1, 256) ?? 4;
  const rpm = num(p, 'rate');
  if (rpm !== undefined && rpm <= 0) throw usageError('--rate needs a number of requests per minute above 0');
  const timeout = num(p, 'timeout') ?? 60;
  if (timeout <= 0) throw usageError('--timeout needs a number of seconds above 0');
  const memoryMb = integer(p, 'memory', 64) ?? DEFAULT_MEMORY_MB;
  const llmTimeout = num(p, 'llm-timeout') ?? 120;
  if (llmTimeout <= 0) throw usageError('--llm-timeout needs a number of seconds above 0');
  const seed = integer(p, 'seed', 0) ?? 0;
  const model = str(p, 'model') ?? DEFAULT_MODEL;
  const baseUrl = str(p, 'base-url') ?? process.env.CODEMORPH_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\//.test(baseUrl)) throw usageError(`--base-url needs an http(s) URL, not ${baseUrl}`);
  const priceTable = prices(p);
  const out = str(p, 'out');
  const markdown = str(p, 'markdown');
  const charts = str(p, 'charts');
  for (const [file, what] of [[out, '--out'], [markdown, '--markdown']] as const) if (file) checkWritableFile(file, what);
  const resume = bool(p, 'resume');
  const resultsGiven = str(p, 'results') ?? (out ? `${out.replace(/\.json$/, '')}.results.jsonl` : undefined);
  if (resume && !resultsGiven) throw usageError('--resume needs the run\'s --out (or --results): the answers so far are read from there');
  const apiKey = process.env.CODEMORPH_API_KEY || process.env.OPENAI_API_KEY;
  registerSecret(process.env.CODEMORPH_API_KEY);
  registerSecret(process.env.OPENAI_API_KEY);
  if (!apiKey) throw usageError('evaluate needs an API key: set CODEMORPH_API_KEY (or OPENAI_API_KEY); for a local server any value will do');

  const original = str(p, 'original');
  if (original !== undefined && !fs.existsSync(original)) throw inputError(`--original ${original}: no such file`);
  const lineCounts = str(p, 'lines') === undefined ? [...DEFAULT_COMPLETION_LINES] : parseLineCounts(str(p, 'lines')!);
  if (typeof lineCounts === 'string') throw usageError(`--lines: ${lineCounts}`);
  if (str(p, 'lines') !== undefined && task !== 'completion') throw usageError('--lines goes with --task completion');

  const settings: EvaluationSettings = { task, model, n, temperature, maxTokens, cot: bool(p, 'cot') };
  const provider = new OpenAiCompatibleProvider({ baseUrl, apiKey, model, timeoutMs: llmTimeout * 1000, maxRetries: 3, limiter: new Limiter(concurrency), health: new EndpointHealth() });
  if (resultsGiven && !resume && fs.existsSync(resultsGiven) && fs.statSync(resultsGiven).size > 0) {
    throw inputError(`${resultsGiven} already exists: pass --resume to continue that run, or remove it to start over`);
  }
  // without --out the answers still go line by line to a file: a scratch one, removed however the run ends
  const scratch = resultsGiven ? undefined : makeScratchFolder('codemorph-results-');
  const resultsFile = resultsGiven ?? path.join(scratch!, 'results.jsonl');
  const quiet = bool(p, 'quiet');
  try {
    let evaluation: Evaluation;
    try {
      evaluation = await evaluateItems({
        loader,
        input,
        defaultLang: languageOption(p),
        originalFile: original,
        lines: lineCounts,
        ks,
        seed,
        prices: priceTable,
        settings,
        provider,
        cache: str(p, 'cache') ? new ResponseCache(str(p, 'cache')!) : undefined,
        pace: new Pace(rpm),
        concurrency,
        execution: { timeoutMs: timeout * 1000, memoryMb, toolchains: toolchains(p) },
        resultsFile,
        resume,
        onUnreadLines: (skipped) => {
          for (const s of skipped) io.err(`${input}:${s.line}: ${s.id ? `${s.id}: ` : ''}${s.reason} (skipped)\n`);
        },
        onProgress: quiet ? undefined : progressReporter(io, !!process.stderr.isTTY),
      });
    } catch (e) {
      // a scratch results file goes with the run: only a kept one can be resumed
      if (resultsGiven && e instanceof EvaluationStopped && !stopsRun(e.stoppedBy)) {
        throw new CodemorphError(e.kind, `${e.message} (the answers so far are kept: run again with --resume)`, e.detail);
      }
      throw e;
    }
    const { report, outcome, skipped } = evaluation;
    const chartNames: string[] = [];
    if (charts) {
      for (const [name, svg] of chartFiles(report)) {
        writeFileAtomic(path.join(charts, name), svg);
        chartNames.push(markdown ? path.relative(path.dirname(path.resolve(markdown)), path.resolve(charts, name)) : path.join(charts, name));
      }
    }
    const json = `${JSON.stringify(report, null, 2)}\n`;
    const md = reportMarkdown(report, chartNames);
    if (out) writeFileAtomic(out, json);
    if (markdown) writeFileAtomic(markdown, md);
    io.out(bool(p, 'json') ? json : md);
    for (const s of skipped) io.err(`${s.item}: skipped: ${s.reason}\n`);
    for (const u of outcome.unread) io.err(`${resultsFile}:${u.line}: ${u.reason}: not read, the answer it held was asked again\n`);
    if (!quiet) {
      const ratio = outcome.processMs > 0 ? ` (${(outcome.elapsedMs / outcome.processMs).toFixed(2)}x the answers' own run time)` : '';
      io.err(`${report.items} items evaluated: ${outcome.requests} requests sent, ${outcome.cached} answers from the cache, in ${duration(outcome.elapsedMs)}${ratio}${out ? `; report in ${out}` : ''}\n`);
    }
    if (report.items === 0) {
      io.err('codemorph: no item could be evaluated (see the skipped items above)\n');
      return 1;
    }
    return 0;
  } finally {
    if (scratch) removeScratchFolder(scratch);
  }
};
