import fs = require('fs');
import { detectFormat } from '../core/benchmark/formats';
import type { BenchmarkRecord } from '../core/benchmark/formats';
import { readJobs } from '../core/dataset/records';
import { count } from '../core/text/plural';
import { inputError, usageError } from '../core/errors';
import { checkWritableFile, writeFileAtomic } from '../core/files';
import type { ChatProvider, ChatRequest, ChatResponse } from '../core/llm/chat';
import { EndpointHealth } from '../core/llm/endpointHealth';
import { Limiter } from '../core/llm/limiter';
import { DEFAULT_BASE_URL, OpenAiCompatibleProvider } from '../core/llm/openaiProvider';
import { registerSecret } from '../core/redact';
import { REWRITE_FORMATS, RewriteFormat } from '../core/rewrite/problems';
import { ProblemOutcome, rewriteProblem, RewriteSettings } from '../core/rewrite/run';
import { DEFAULT_POOL_SIZE, DEFAULT_SCENARIO_FILE, growScenarios, loadScenarios, saveScenarios } from '../core/rewrite/scenarios';
import { bool, CommandSpec, integer, num, parseArgs, str } from './args';
import type { Command } from './commands';
import { DEFAULT_MODEL } from './llmOptions';
import { toolchains } from './options';

export const REWRITE: CommandSpec = {
  name: 'rewrite',
  args: '<benchmark.jsonl>',
  summary: 'Rewrites each problem statement into new scenarios with an LLM (DyCodeEval), keeping its solution and tests, each variant validated.',
  groups: [
    {
      title: 'Input',
      flags: {
        format: { type: 'string', value: REWRITE_FORMATS.join('|'), help: 'the records\' format (told from their fields)' },
      },
    },
    {
      title: 'Variants',
      flags: {
        variants: { type: 'number', value: 'N', help: 'variants of each problem (1)' },
        attempts: { type: 'number', value: 'N', help: 'attempts at each variant: a rejected one is generated again up to this many times (3)' },
        seed: { type: 'number', value: 'N', help: 'seed of the scenario drawn for each variant (0)' },
        scenarios: { type: 'string', value: 'FILE', help: `the scenario pool, read, grown and written back (${DEFAULT_SCENARIO_FILE})` },
        'pool-size': { type: 'number', value: 'N', help: `the size the LLM grows the pool to before rewriting (${DEFAULT_POOL_SIZE})` },
      },
    },
    {
      title: 'Model',
      flags: {
        'base-url': { type: 'string', value: 'URL', help: `an OpenAI-compatible endpoint (${DEFAULT_BASE_URL}); the key comes from CODEMORPH_API_KEY or OPENAI_API_KEY` },
        model: { type: 'string', value: 'NAME', help: `the model of the four agents (${DEFAULT_MODEL})` },
        'judge-model': { type: 'string', value: 'NAME', help: 'the validator\'s model (--model)' },
        temperature: { type: 'number', value: 'T', help: 'sampling temperature of the scenarios, contexts and rewrites, 0 to 2 (0.7); the judge answers at 0' },
        concurrency: { type: 'number', value: 'N', help: 'problems rewritten at once (2)' },
        'llm-timeout': { type: 'number', value: 'SECONDS', help: 'deadline of each request, retries included (120)' },
      },
    },
    {
      title: 'Execution',
      flags: {
        timeout: { type: 'number', value: 'SECONDS', help: 'time limit of each run of the canonical solution (60)' },
        toolchain: { type: 'string', value: 'LANG=PATH', repeat: true, help: 'the Python interpreter to use (python=PATH)' },
      },
    },
    {
      title: 'Output',
      flags: {
        out: { type: 'string', value: 'FILE', help: 'the variants as JSON Lines in the input\'s format (stdout)' },
        quiet: { type: 'boolean', help: 'no line per rejected attempt on stderr' },
      },
    },
  ],
  notes: [
    'Each variant is a record of the input\'s format with task_id <task_id>/v<k> and a "rewrite" object (scenario, input meanings, attempts, BLEU-4).',
    'A variant is kept when the canonical solution passes the record\'s tests and the examples its statement states, and the judge finds it asks the same thing.',
    'HumanEval-X: the comment before the function is the statement in C++, Java, JavaScript, Go and Rust; its examples must be kept as written.',
  ],
};

/** Counts the requests a run sends, for its summary. */
class Counted implements ChatProvider {
  requests = 0;
  constructor(private readonly inner: ChatProvider) {}
  get kind(): string {
    return this.inner.kind;
  }
  get model(): string {
    return this.inner.model;
  }
  complete(request: ChatRequest): Promise<ChatResponse> {
    this.requests++;
    return this.inner.complete(request);
  }
}

/** Runs `work` on every item, `limit` at once, the results in the items' order. */
async function inOrder<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function readRecords(file: string): { line: number; rec: BenchmarkRecord }[] {
  const out: { line: number; rec: BenchmarkRecord }[] = [];
  for (const job of readJobs(file)) {
    if (job.unreadable) throw inputError(`${file} ${job.unreadable}`);
    let value: unknown;
    try {
      value = JSON.parse(job.raw);
    } catch (e) {
      throw inputError(`${file} line ${job.line}: not valid JSON (${(e as Error).message}): each line must be one JSON object`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw inputError(`${file} line ${job.line}: not a JSON object: each line must be one benchmark record`);
    out.push({ line: job.line, rec: value as BenchmarkRecord });
  }
  return out;
}

function formatOf(records: { line: number; rec: BenchmarkRecord }[], file: string, given: string | undefined): RewriteFormat {
  if (given !== undefined) {
    if (!(REWRITE_FORMATS as readonly string[]).includes(given)) throw usageError(`--format takes ${REWRITE_FORMATS.join(', ')}, not ${given}`);
    return given as RewriteFormat;
  }
  const found = detectFormat(records, file);
  if ('error' in found) throw inputError(found.error);
  if (!(REWRITE_FORMATS as readonly string[]).includes(found.format)) {
    throw inputError(`${file} holds ${found.format} records: rewrite reads ${REWRITE_FORMATS.join(', ')} records, whose problem statement it rewrites`);
  }
  return found.format as RewriteFormat;
}

/**
 * `codemorph rewrite <benchmark>`: DyCodeEval's four agents. The scenario pool is grown first
 * (and written back to the workspace); then every problem gets its variants, each validated by
 * execution and by the judge, a rejected one generated again up to --attempts times.
 */
export const rewriteCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, REWRITE);
  if (p.positionals.length !== 1) throw usageError(`rewrite takes one benchmark file (JSON Lines), got ${p.positionals.length}`);
  const input = p.positionals[0];
  if (!fs.existsSync(input)) throw inputError(`${input}: no such file`);
  const variants = integer(p, 'variants', 1, 1000) ?? 1;
  const attempts = integer(p, 'attempts', 1, 100) ?? 3;
  const seed = integer(p, 'seed', 0) ?? 0;
  const poolSize = integer(p, 'pool-size', 1, 10_000) ?? DEFAULT_POOL_SIZE;
  const scenarioFile = str(p, 'scenarios') ?? DEFAULT_SCENARIO_FILE;
  const temperature = num(p, 'temperature') ?? 0.7;
  if (temperature < 0 || temperature > 2) throw usageError(`--temperature needs a number from 0 to 2, not ${temperature}`);
  const concurrency = integer(p, 'concurrency', 1, 64) ?? 2;
  const llmTimeout = num(p, 'llm-timeout') ?? 120;
  if (llmTimeout <= 0) throw usageError('--llm-timeout needs a number of seconds above 0');
  const timeout = num(p, 'timeout') ?? 60;
  if (timeout <= 0) throw usageError('--timeout needs a number of seconds above 0');
  const out = str(p, 'out');
  if (out) checkWritableFile(out, '--out');
  const model = str(p, 'model') ?? DEFAULT_MODEL;
  const baseUrl = str(p, 'base-url') ?? process.env.CODEMORPH_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\//.test(baseUrl)) throw usageError(`--base-url needs an http(s) URL, not ${baseUrl}`);
  const apiKey = process.env.CODEMORPH_API_KEY || process.env.OPENAI_API_KEY;
  registerSecret(process.env.CODEMORPH_API_KEY);
  registerSecret(process.env.OPENAI_API_KEY);
  if (!apiKey) throw usageError('rewrite needs an API key: set CODEMORPH_API_KEY (or OPENAI_API_KEY); for a local server any value will do');

  const records = readRecords(input);
  const format = formatOf(records, input, str(p, 'format'));
  let pool = loadScenarios(scenarioFile);

  const limiter = new Limiter(Math.max(4, concurrency * 2));
  const health = new EndpointHealth();
  const provider = (name: string) => new Counted(new OpenAiCompatibleProvider({ baseUrl, apiKey, model: name, timeoutMs: llmTimeout * 1000, maxRetries: 3, limiter, health }));
  const writer = provider(model);
  const judge = str(p, 'judge-model') ? provider(str(p, 'judge-model')!) : writer;

  if (pool.length < poolSize) {
    const grown = await growScenarios(pool, poolSize, { provider: writer, temperature }, seed);
    if (grown.added) saveScenarios(scenarioFile, grown.scenarios);
    if (grown.shortBy) io.err(`codemorph: the scenario pool stays at ${grown.scenarios.length} of ${poolSize}: ${grown.shortBy}\n`);
    pool = grown.scenarios;
  } else if (!fs.existsSync(scenarioFile)) saveScenarios(scenarioFile, pool);

  const settings: RewriteSettings = {
    format,
    variants,
    attempts,
    seed,
    scenarios: pool,
    writer: { provider: writer, temperature },
    judge: { provider: judge, temperature: 0 },
    execution: { toolchains: toolchains(p), timeoutMs: timeout * 1000 },
    loader,
  };
  const quiet = bool(p, 'quiet');
  const outcomes: ProblemOutcome[] = await inOrder(records, concurrency, (r) => rewriteProblem(r.rec, settings));

  const written = outcomes.flatMap((o) => o.records);
  const text = written.map((r) => `${JSON.stringify(r)}\n`).join('');
  if (out) writeFileAtomic(out, text);
  else io.out(text);
  for (const o of outcomes) {
    if (o.skipped) io.err(`${String(o.taskId)}: skipped: ${o.skipped}\n`);
    if (!quiet) for (const r of o.rejected) io.err(`${String(o.taskId)}/v${r.variant}: attempt ${r.attempt} rejected: ${r.reason}\n`);
    for (const f of o.failed) io.err(`${String(o.taskId)}/v${f.variant}: no variant after ${attempts} attempts (last: ${f.reason})\n`);
  }
  const bleus = written.map((r) => (r.rewrite as { bleu4: number }).bleu4);
  const meanBleu = bleus.length ? (bleus.reduce((a, b) => a + b, 0) / bleus.length).toFixed(3) : 'n/a';
  const rejected = outcomes.reduce((s, o) => s + o.rejected.length, 0);
  const skipped = outcomes.filter((o) => o.skipped).length;
  const requests = writer.requests + (judge === writer ? 0 : judge.requests);
  const problems = records.length - skipped;
  io.err(
    `rewrite: ${written.length} of ${count(problems * variants, 'variant')} of ${count(problems, 'problem')} written${skipped ? ` (${skipped} skipped)` : ''}, ` +
      `${count(rejected, 'attempt')} rejected, ${count(requests, 'request')}, ${count(pool.length, 'scenario')}; mean BLEU-4 against the originals ${meanBleu}${out ? `; variants in ${out}` : ''}\n`,
  );
  return written.length === 0 ? 1 : 0;
};
