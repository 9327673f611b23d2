import fs = require('fs');
import path = require('path');
import { CorpusProgram, DesignDocument, designMethods } from '../core/design/designer';
import { METHODS_DIR } from '../core/design/methodFile';
import { inputError, usageError } from '../core/errors';
import { installRoot } from '../core/install';
import { isLanguageId, LANGUAGE_IDS, LanguageId } from '../core/languages/languageIds';
import { bool, CommandSpec, fraction, integer, num, parseArgs, str } from './args';
import type { Command } from './commands';
import { LLM_FLAGS, llmSetup } from './llmOptions';
import { toolchains } from './options';

const { engine: _engine, 'methods-dir': _dir, ...MODEL_FLAGS } = LLM_FLAGS;

export const DESIGN: CommandSpec = {
  name: 'design-methods',
  args: '',
  summary: 'Has an LLM design new methods (Auto-SPT), keeps the best on the conformance corpus as prompts the llm and hybrid engines draw.',
  groups: [
    {
      title: 'Design',
      flags: {
        language: { type: 'string', value: 'LANG', help: `the language the methods are for (${LANGUAGE_IDS.join(', ')})` },
        candidates: { type: 'number', value: 'N', help: 'methods the LLM proposes, each distinct from those before (5)' },
        keep: { type: 'number', value: 'K', help: 'the best K by correctness × similarity drop are kept (2)' },
        'min-correct': { type: 'number', value: 'X', help: 'drop a method whose applications pass verification less often than this (0.5)' },
        seed: { type: 'number', value: 'N', help: 'the seed of the programs shown and of each application (1)' },
        'measure-steps': { type: 'number', value: 'K', help: 'also measure the kept set at k steps: every sequence of K kept methods is applied to every program (1: none)' },
      },
    },
    {
      title: 'Validation',
      flags: {
        corpus: { type: 'string', value: 'DIR', help: 'the conformance corpus: a folder with <language>/manifest.json (CodeMorph\'s test/corpus)' },
        programs: { type: 'number', value: 'N', help: 'validate on the first N programs of the corpus (all)' },
        toolchain: { type: 'string', value: 'LANG=PATH', repeat: true, help: 'the compiler or interpreter to use for a language' },
        timeout: { type: 'number', value: 'SECONDS', help: 'time limit of each compile or run (60)' },
      },
    },
    { title: 'Model', flags: MODEL_FLAGS },
    {
      title: 'Output',
      flags: {
        out: { type: 'string', value: 'DIR', help: `where the kept methods are written (${METHODS_DIR})` },
        json: { type: 'boolean', help: 'print one JSON document on stdout' },
        quiet: { type: 'boolean', help: 'no line per candidate while the run goes' },
      },
    },
  ],
  notes: [
    'Each application is one llm-engine step on a corpus function, verified by running the program against the original\'s output and voted on.',
    '`perturb --engine llm|hybrid` draws the kept methods from .codemorph/methods (or --methods-dir DIR).',
  ],
};

function corpusPrograms(dir: string, lang: LanguageId, limit: number | undefined): CorpusProgram[] {
  const folder = fs.existsSync(path.join(dir, 'manifest.json')) ? dir : path.join(dir, lang);
  const manifest = path.join(folder, 'manifest.json');
  if (!fs.existsSync(manifest)) throw inputError(`no conformance corpus for ${lang} at ${folder} (no manifest.json): give --corpus DIR, CodeMorph's test/corpus`);
  let entries: { file: string; function: string }[];
  try {
    entries = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  } catch (e) {
    throw inputError(`${manifest} is not valid JSON (${(e as Error).message}): it lists {"file", "function"} objects`);
  }
  if (!Array.isArray(entries) || entries.some((e) => typeof e?.file !== 'string' || typeof e?.function !== 'string')) {
    throw inputError(`${manifest} must be a list of {"file": ..., "function": ...} objects`);
  }
  return entries.slice(0, limit).map((e) => {
    const file = path.join(folder, e.file);
    return { file, function: e.function, text: fs.readFileSync(file, 'utf8') };
  });
}

/** Sequences of kept methods a run may apply for --measure-steps, each an LLM step and a verification. */
const MAX_COMPOSED_APPLICATIONS = 2000;

const pct = (v: number) => `${Math.round(v * 100)}%`;
const fixed = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3));

function summary(doc: DesignDocument, outDir: string): string[] {
  const lines = [`${'candidate'.padEnd(48)}${'correct'.padEnd(9)}${'changed'.padEnd(9)}${'drop'.padEnd(8)}${'reward'.padEnd(8)}verdict`];
  for (const c of doc.candidates) {
    const s = c.scores;
    const cells = s ? `${pct(s.correctShare).padEnd(9)}${String(s.applicable).padEnd(9)}${s.meanDrop.toFixed(3).padEnd(8)}${s.reward.toFixed(3).padEnd(8)}` : ''.padEnd(34);
    lines.push(`${(c.id ?? `#${c.index + 1}`).padEnd(48)}${cells}${c.kept ? `kept: ${c.file}` : `dropped: ${c.reason}`}`);
  }
  const m = doc.measures;
  lines.push(
    '',
    `kept ${doc.kept.length} of ${doc.candidates.length} in ${outDir}`,
    `kept set (k = 1): strength ${fixed(m.kept.strength)}, diameter ${fixed(m.kept.diameter)}, diversity ${fixed(m.kept.diversity)} over ${m.kept.programs} programs`,
    `all validated (k = 1): strength ${fixed(m.validated.strength)}, diameter ${fixed(m.validated.diameter)}, diversity ${fixed(m.validated.diversity)}`,
    ...(m.keptSteps ? [`kept set (k = ${m.keptSteps.steps}): strength ${fixed(m.keptSteps.strength)}, diameter ${fixed(m.keptSteps.diameter)}, diversity ${fixed(m.keptSteps.diversity)} over ${m.keptSteps.programs} programs`] : []),
    `LLM: ${doc.usage.calls} calls, ${doc.usage.promptTokens + doc.usage.completionTokens} tokens`,
  );
  return lines;
}

export const designCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, DESIGN);
  if (p.positionals.length) throw usageError(`design-methods takes no file, got ${p.positionals[0]}`);
  const lang = str(p, 'language');
  if (!lang) throw usageError(`design-methods needs --language LANG (${LANGUAGE_IDS.join(', ')})`);
  if (!isLanguageId(lang)) throw usageError(`--language takes ${LANGUAGE_IDS.join(', ')}, not ${lang}`);
  const candidates = integer(p, 'candidates', 1, 100) ?? 5;
  const keep = integer(p, 'keep', 1, 100) ?? 2;
  const minCorrect = fraction(p, 'min-correct') ?? 0.5;
  const seed = integer(p, 'seed', 0) ?? 1;
  const timeout = num(p, 'timeout') ?? 60;
  if (timeout <= 0) throw usageError('--timeout needs a number of seconds above 0');
  const programs = corpusPrograms(str(p, 'corpus') ?? path.join(installRoot(), 'test', 'corpus'), lang, integer(p, 'programs', 1));
  const measureSteps = integer(p, 'measure-steps', 1, 4) ?? 1;
  // every sequence of k kept methods on every program: say before the run what that would cost
  let composed = 0;
  for (let l = 2; l <= measureSteps; l++) composed += keep ** l * programs.length;
  if (composed > MAX_COMPOSED_APPLICATIONS) {
    throw usageError(`--measure-steps ${measureSteps} with --keep ${keep} on ${programs.length} programs applies up to ${composed} more steps (at most ${MAX_COMPOSED_APPLICATIONS}): lower --measure-steps, --keep or --programs`);
  }
  const outDir = path.resolve(str(p, 'out') ?? METHODS_DIR);
  // the designed prompts under validation must not be mixed with earlier ones: no folder of designed methods
  const llm = { ...llmSetup(p, path.join(process.cwd(), 'design')), designed: [] };
  const quiet = bool(p, 'quiet');
  const write = bool(p, 'json') ? io.err : io.out;
  const doc = await designMethods(
    loader,
    {
      lang,
      candidates,
      keep,
      minCorrect,
      seed,
      programs,
      measureSteps,
      llm,
      toolchains: toolchains(p),
      timeoutMs: timeout * 1000,
      onCandidate: quiet ? undefined : (c) => write(`${c.id}: ${pct(c.scores!.correctShare)} correct, reward ${c.scores!.reward.toFixed(3)}\n`),
    },
    outDir,
  );
  if (bool(p, 'json')) io.out(`${JSON.stringify(doc, null, 2)}\n`);
  else io.out(`${summary(doc, path.relative(process.cwd(), outDir) || '.').join('\n')}\n`);
  if (doc.kept.length === 0) {
    io.err('codemorph: no designed method was kept: none was correct and changed the code often enough (see each one\'s reason)\n');
    return 1;
  }
  return 0;
};
