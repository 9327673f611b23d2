import fs = require('fs');
import path = require('path');
import { applyPerturbation, gbcCountOption, injectionOption, mhcTaskOption, perturbationOption, rtfCountOption, unchangedNote } from '../core/codecrash';
import { appendEntry, DEFAULT_ENTRIES_FILE, entryFromDocument } from '../core/benchmark/entries';
import type { GrammarLoader } from '../core/languages/grammarLoader';
import { toolVersion } from '../core/version';
import { EngineRequest, perturb, PerturbationDocument, transform } from '../core/engine';
import { usageError } from '../core/errors';
import { profileOf } from '../core/languages/profiles';
import { decodeAny } from '../core/text/encoding';
import { LANGUAGE_IDS } from '../core/languages/languageIds';
import type { StepRecord } from '../core/search/types';
import { CATALOGUE, CATEGORIES } from '../core/transforms/catalogue';
import { methodById } from '../core/transforms/registry';
import { bool, CommandSpec, integer, num, parseArgs, Parsed, str } from './args';
import { checkOutputFlags, engineRequest, languageOption, OUTPUT_FLAGS, readSource, SCORE_FLAGS, SEARCH_FLAGS, SOURCE_FLAGS, SourceInput, VERIFY_FLAGS, writeOutputs } from './options';
import { engineOption, llmSetup, LLM_FLAGS } from './llmOptions';
import { STEP_HEADER, stepLine, summaryLines } from './report';
import { SIMILARITY, similarityCommand } from './similarityCommand';
import { DATASET, datasetCommand } from './datasetCommand';
import { PAIR, pairCommand } from './pairCommand';
import { COMPLETION, completionCommand } from './completionCommand';
import { EVALUATE, evaluateCommand } from './evaluateCommand';
import { REWRITE, rewriteCommand } from './rewriteCommand';
import { DESIGN, designCommand } from './designCommand';

export interface Io {
  out(text: string): void;
  err(text: string): void;
}

export type Command = (argv: string[], loader: GrammarLoader, io: Io) => Promise<number>;

function json(io: Io, value: unknown): void {
  io.out(`${JSON.stringify(value, null, 2)}\n`);
}

function availability(id: string, lang: (typeof LANGUAGE_IDS)[number]): { local: boolean; reason: string | null } {
  const method = methodById(id);
  if (!method) return { local: false, reason: 'no local implementation yet' };
  const support = method.support(lang);
  return support.applicable ? { local: true, reason: null } : { local: false, reason: support.reason };
}

const METHODS: CommandSpec = {
  name: 'methods',
  args: '',
  summary: 'The 26 methods by category, and where each can act.',
  groups: [
    {
      title: 'Options',
      flags: {
        lang: { type: 'string', value: 'LANG', help: 'one language only' },
        matrix: { type: 'boolean', help: 'a table of methods by language' },
        json: { type: 'boolean', help: 'one JSON document, with the reason a method cannot act in a language' },
      },
    },
  ],
};

const methodsCommand: Command = async (argv, _loader, io) => {
  const p = parseArgs(argv, METHODS);
  if (p.positionals.length) throw usageError(`methods takes no file, got ${p.positionals[0]}`);
  const langs = languageOption(p) ? [languageOption(p)!] : [...LANGUAGE_IDS];
  const rows = CATALOGUE.map((m) => ({
    id: m.id,
    category: m.category,
    description: m.description,
    languages: Object.fromEntries(langs.map((l) => [l, availability(m.id, l)])),
  }));
  if (bool(p, 'json')) {
    json(io, { methods: rows });
    return 0;
  }
  if (bool(p, 'matrix')) {
    io.out(`${'method'.padEnd(26)}${langs.map((l) => l.padEnd(12)).join('')}\n`);
    for (const row of rows) {
      io.out(`${row.id.padEnd(26)}${langs.map((l) => (row.languages[l].local ? '✓' : 'n/a').padEnd(12)).join('')}\n`);
    }
    const reasons = rows.flatMap((r) => langs.filter((l) => !r.languages[l].local).map((l) => `  ${r.id} / ${l}: ${r.languages[l].reason}`));
    if (reasons.length) io.out(`\nn/a:\n${[...new Set(reasons)].join('\n')}\n`);
    return 0;
  }
  for (const category of CATEGORIES) {
    io.out(`${category}\n`);
    for (const row of rows.filter((r) => r.category === category)) {
      const local = langs.filter((l) => row.languages[l].local);
      const status = local.length === langs.length ? '✓' : local.length ? `✓ ${local.join(' ')}` : 'n/a';
      io.out(`  ${row.id.padEnd(26)}${status.padEnd(8)}${row.description}\n`);
    }
  }
  return 0;
};

const PERTURB: CommandSpec = {
  name: 'perturb',
  args: '<file>',
  summary: 'Rewrites a function (or the whole file) into a variant that behaves the same, step by step, each step verified.',
  groups: [
    { title: 'Input', flags: SOURCE_FLAGS },
    { title: 'Search', flags: { ...SEARCH_FLAGS, ...SCORE_FLAGS } },
    { title: 'Verification', flags: VERIFY_FLAGS },
    {
      title: 'Output',
      flags: {
        ...OUTPUT_FLAGS,
        save: { type: 'boolean', help: 'append the result as a benchmark entry' },
        entries: { type: 'string', value: 'FILE', help: `the entries file --save appends to (${DEFAULT_ENTRIES_FILE})` },
      },
    },
    { title: 'LLM engines', flags: LLM_FLAGS },
  ],
  notes: ['Verification is at the compile level unless --verify says otherwise.'],
};

const TRANSFORM: CommandSpec = {
  name: 'transform',
  args: '<file>',
  summary: 'Applies one method at one site and verifies it.',
  groups: [
    { title: 'Input', flags: SOURCE_FLAGS },
    {
      title: 'Method',
      flags: {
        method: { type: 'string', value: 'ID', help: 'the method (codemorph methods lists them)' },
        site: { type: 'number', value: 'N', help: 'which of its sites, from 0 (drawn with the seed otherwise)' },
        ...SCORE_FLAGS,
      },
    },
    { title: 'Verification', flags: VERIFY_FLAGS },
    { title: 'Output', flags: OUTPUT_FLAGS },
    { title: 'LLM engines', flags: LLM_FLAGS },
  ],
  notes: ['Verification is at the syntax level unless --verify says otherwise.'],
};

/** The engine part of a request: local, or an LLM engine with its models. */
function withEngine(req: EngineRequest, p: Parsed, file: string): EngineRequest {
  const engine = engineOption(p);
  return engine === 'local' ? req : { ...req, engine, llm: llmSetup(p, file) };
}

function finish(doc: PerturbationDocument, p: Parsed, io: Io, live: boolean, input?: SourceInput): number {
  const out = str(p, 'out');
  const succeeded = doc.steps.some((s) => s.accepted);
  // a run that changed nothing leaves --out as it was: the user's file is not replaced by a copy of the input
  if (out && succeeded) writeOutputs(out, doc, input, p);
  if (bool(p, 'save') && input && succeeded) {
    const file = str(p, 'entries') ?? DEFAULT_ENTRIES_FILE;
    const entry = entryFromDocument(doc, path.relative(process.cwd(), path.resolve(input.file)), toolVersion());
    appendEntry(file, entry);
    io.err(`saved entry ${entry.id} to ${file}\n`);
  }
  const kept = doc.steps.filter((s) => s.accepted).length;
  if (bool(p, 'json')) json(io, doc);
  else {
    if (!live) io.out(`${[STEP_HEADER, ...doc.steps.map(stepLine)].join('\n')}\n`);
    io.out(`\n${summaryLines(doc).join('\n')}\n\n${doc.perturbed}\n`);
  }
  const note = unchangedNote(doc);
  if (kept === 0 && note) io.err(`codemorph: ${note}\n`);
  else if (kept === 0) {
    const last = [...doc.steps].reverse().find((s) => s.reason);
    io.err(`codemorph: nothing could be perturbed${last ? `: ${last.reason}` : ''}\n`);
    return 1;
  }
  return 0;
}

function progress(p: Parsed, io: Io): ((step: StepRecord) => void) | undefined {
  if (bool(p, 'quiet')) return undefined;
  // with --json, stdout holds exactly the document, so the table goes to stderr
  const write = bool(p, 'json') ? io.err : io.out;
  let started = false;
  return (step) => {
    if (!started) write(`${STEP_HEADER}\n`);
    started = true;
    write(`${stepLine(step)}\n`);
  };
}

const perturbCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, PERTURB);
  const perturbation = perturbationOption(str(p, 'perturbation'));
  const gbcCount = gbcCountOption(perturbation, integer(p, 'gbc-count', 1, 50));
  const rtfCount = rtfCountOption(perturbation, integer(p, 'rtf-count', 1, 1000));
  const injection = injectionOption(perturbation, num(p, 'p'), bool(p, 'once'));
  const mhcTask = mhcTaskOption(perturbation, str(p, 'task'));
  if (p.positionals.length > 1) throw usageError(`perturb takes one file, got ${p.positionals.length}`);
  const input = readSource(p.positionals[0], p);
  checkOutputFlags(p, ['out', ...(bool(p, 'save') ? ['entries'] : [])]);
  const req = withEngine(engineRequest(input, p, { verify: 'compile', showRejections: true }), p, input.file);
  const onStep = progress(p, io);
  const exampleSource = req.verify.testFile ? decodeAny(fs.readFileSync(req.verify.testFile), profileOf(input.lang).codingDeclaration).text : undefined;
  const doc = perturbation ? await applyPerturbation(loader, { ...req, onStep, perturbation, exampleSource, gbcCount, rtfCount, injection, mhcTask }) : await perturb(loader, { ...req, onStep });
  return finish(doc, p, io, onStep !== undefined && !bool(p, 'json'), input);
};

const transformCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, TRANSFORM);
  if (p.positionals.length > 1) throw usageError(`transform takes one file, got ${p.positionals.length}`);
  const methodId = str(p, 'method');
  if (!methodId) throw usageError('transform needs --method ID (`codemorph methods` lists them)');
  const input = readSource(p.positionals[0], p);
  checkOutputFlags(p, ['out']);
  const req = withEngine(engineRequest(input, p, { verify: 'syntax', showRejections: true }), p, input.file);
  const doc = await transform(loader, { ...req, methodId, site: integer(p, 'site', 0) });
  const step = doc.steps[0];
  if (!step.accepted) {
    if (bool(p, 'json')) json(io, doc);
    io.err(`codemorph: ${methodId} was rejected: ${step.reason}\n`);
    return 1;
  }
  return finish(doc, p, io, false, input);
};

/** Every subcommand: what it runs, and the table its parser and its help are made from. */
export const COMMANDS: Record<string, { spec: CommandSpec; run: Command }> = {
  methods: { spec: METHODS, run: methodsCommand },
  transform: { spec: TRANSFORM, run: transformCommand },
  perturb: { spec: PERTURB, run: perturbCommand },
  similarity: { spec: SIMILARITY, run: similarityCommand },
  dataset: { spec: DATASET, run: datasetCommand },
  pair: { spec: PAIR, run: pairCommand },
  completion: { spec: COMPLETION, run: completionCommand },
  evaluate: { spec: EVALUATE, run: evaluateCommand },
  rewrite: { spec: REWRITE, run: rewriteCommand },
  'design-methods': { spec: DESIGN, run: designCommand },
};
