import fs = require('fs');
import path = require('path');
import type { EngineRequest, PerturbationDocument } from '../core/engine';
import { inputError, usageError } from '../core/errors';
import { checkWritableFile, writeFileAtomic } from '../core/files';
import { redact } from '../core/redact';
import { profileOf } from '../core/languages/profiles';
import { decodeAny, decodeSource, encodeText, FileEncoding } from '../core/text/encoding';
import { fileProblem, readUserText } from '../core/userFiles';
import { detectProject, projectAt } from '../core/verify/project';
import { isLanguageId, LANGUAGE_IDS, LanguageId, languageFromPath } from '../core/languages/languageIds';
import { DEFAULT_PROFILE, isProfileId, PROFILES, SearchLimits, searchLimits } from '../core/search/profiles';
import { TINY_UNIT_SLACK } from '../core/search/growth';
import { DEFAULT_SEARCH, STRATEGIES, Strategy } from '../core/search/types';
import { VERIFY_LEVELS, VerifyLevel } from '../core/verify/verifier';
import { FlagSpec, fraction, integer, list, num, Parsed, str } from './args';

/** Flags of every command that reads one source file. */
export const SOURCE_FLAGS: Record<string, FlagSpec> = {
  lang: { type: 'string', value: 'LANG', help: 'the language, when the file extension does not say it' },
  encoding: { type: 'string', value: 'NAME', help: 'the file\'s encoding when it is not UTF-8, UTF-16 with a BOM or a declared coding (latin1, cp1252...)' },
  function: { type: 'string', value: 'NAME', help: 'the function to work on (Class.method for a method); without it, the whole file' },
};

/** How each step is checked: the commands that run the engine share them. */
export const VERIFY_FLAGS: Record<string, FlagSpec> = {
  verify: { type: 'string', value: VERIFY_LEVELS.join('|'), help: 're-parse, compile, or run the tests (or the program) and compare with the original' },
  'test-file': { type: 'string', value: 'PATH', help: 'the tests of the code, renamed along with it' },
  'test-cmd': { type: 'string', value: 'CMD', help: 'the test command, with {file}, {dir}, {test} and {entry}' },
  'build-cmd': { type: 'string', value: 'CMD', help: 'the build command, with {file} and {dir}, instead of the language\'s compiler or the project\'s build' },
  project: { type: 'string', value: 'DIR', help: 'the project the file belongs to (found from its build file otherwise)' },
  'no-project': { type: 'boolean', help: 'check the file alone, not the project around it' },
  input: { type: 'string', value: 'FILE', help: 'standard input of the program, when the program is run to compare its output' },
  args: { type: 'string', value: '"A B"', empty: true, help: 'arguments of the program, when it is run to compare its output' },
  toolchain: { type: 'string', value: 'LANG=PATH', repeat: true, help: 'the compiler or interpreter to use for a language' },
  timeout: { type: 'number', value: 'SECONDS', help: 'time limit of each compile, build or test, killed with all it started (60)' },
};

/** What a run's score weighs and its seed: every command that runs the engine. */
export const SCORE_FLAGS: Record<string, FlagSpec> = {
  seed: { type: 'number', value: 'N', help: 'the seed: the same input, options and seed give the same output (1)' },
  mu: { type: 'number', value: 'X', help: 'the weight of surface similarity in the overall score (0.5)' },
  'min-match': { type: 'number', value: 'N', help: 'the shortest token run structural similarity counts (per language)' },
};

/** Where the result goes. */
export const OUTPUT_FLAGS: Record<string, FlagSpec> = {
  out: { type: 'string', value: 'FILE', help: 'write the perturbed file there (only when a step was kept)' },
  json: { type: 'boolean', help: 'print one JSON document on stdout; the step table goes to stderr' },
  quiet: { type: 'boolean', help: 'no step table while the run goes' },
};

/** How a run searches (or which CodeCrash perturbation it applies instead): perturb and dataset share them. */
export const SEARCH_FLAGS: Record<string, FlagSpec> = {
  strategy: { type: 'string', value: STRATEGIES.join('|'), help: 'the search (peso)' },
  'max-iter': { type: 'number', value: 'N', help: `iterations of the search, one step each; the opening renames spend none (${DEFAULT_SEARCH.maxIter})` },
  threshold: { type: 'number', value: 'X', help: `stop once the overall similarity is at or below it (${DEFAULT_SEARCH.threshold})` },
  temperature: { type: 'number', value: 'T', help: `PESO's Boltzmann temperature (${DEFAULT_SEARCH.temperature})` },
  'beam-width': { type: 'number', value: 'N', help: 'candidates the beam search keeps (3)' },
  methods: { type: 'string', value: 'ID,...', help: 'only these methods (codemorph methods lists them)' },
  profile: { type: 'string', value: PROFILES.join('|'), help: `growth budget and junk bound together (${DEFAULT_PROFILE})` },
  'max-growth': { type: 'string', value: 'X|off', help: `no step makes the unit longer than X times its original's tokens (or ${TINY_UNIT_SLACK} more tokens, for a unit so short that this is more)` },
  'max-junk': { type: 'string', value: 'N|off', help: 'junk-insertion steps a unit may take' },
  perturbation: { type: 'string', value: 'ren|rtf|gbc|psc-all|mcc|mps|mhc', help: 'apply one of CodeCrash\'s perturbations instead of a search' },
  'gbc-count': { type: 'number', value: 'N', help: 'dead shapes GBC inserts per function (a seeded 2 to 4)' },
  'rtf-count': { type: 'number', value: 'N', help: 'conditions RTF rewrites, a seeded choice (all of them)' },
  p: { type: 'number', value: 'P', help: 'MCC and MPS: the probability that each spot gets its comment or print (1: every spot)' },
  once: { type: 'boolean', help: 'MCC and MPS: one comment or print per function, at a seeded spot' },
  task: { type: 'string', value: 'output|input', help: 'MHC: the hint gives a wrong output for the example call (output), or a wrong input for its result (input)' },
};

const MAX_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

export interface SourceInput {
  file: string;
  lang: LanguageId;
  text: string;
  /** How the file is stored: what it is written back in. */
  encoding: FileEncoding;
}

export function languageOption(p: Parsed): LanguageId | undefined {
  const lang = str(p, 'lang');
  if (lang === undefined) return undefined;
  if (!isLanguageId(lang)) throw usageError(`unknown language ${lang}: use one of ${LANGUAGE_IDS.join(', ')}`);
  return lang;
}

export function readSource(file: string | undefined, p: Parsed, what = 'a source file'): SourceInput {
  if (!file) throw usageError(`give ${what} to read`);
  let bytes: Buffer;
  try {
    if (fs.statSync(file).isDirectory()) throw inputError(`${file} is a folder: give a source file`);
    bytes = fs.readFileSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw inputError(`${file}: no such file`);
    if ((e as NodeJS.ErrnoException).code === 'EACCES') throw inputError(`${file}: permission denied`);
    throw fileProblem(e, file) ?? e;
  }
  const lang = languageOption(p) ?? languageFromPath(file);
  if (!lang) throw inputError(`cannot tell the language of ${file} from its extension: pass --lang with one of ${LANGUAGE_IDS.join(', ')}`);
  const decoded = decodeSource(bytes, { encoding: str(p, 'encoding'), declared: profileOf(lang).codingDeclaration });
  if (!('text' in decoded)) throw inputError(undecodable(file, decoded, str(p, 'encoding')));
  if (decoded.text.includes('\u0000')) throw inputError(`${file} looks like a binary file, not ${lang} source${decoded.encoding.name === 'utf-8' ? ' (UTF-16 without a byte order mark? then pass --encoding utf-16le or utf-16be)' : ''}`);
  return { file, lang, text: decoded.text, encoding: decoded.encoding };
}

/** The one line for a file that is not text in the encoding it was read in: where, and what to do. */
function undecodable(file: string, decoded: { problem: string; at?: { line: number; byte: number } }, given: string | undefined): string {
  if (!decoded.at) return `${file}: ${decoded.problem}: convert the file to UTF-8${given === undefined ? '' : ', or name another encoding with --encoding'}`;
  const byte = `0x${decoded.at.byte.toString(16).toUpperCase().padStart(2, '0')}`;
  const what = `${file}: line ${decoded.at.line} has byte ${byte}, which is not ${decoded.problem}`;
  if (given !== undefined) return `${what}: check the file's encoding and name it with --encoding, or convert the file to UTF-8`;
  return `${what}: convert the file to UTF-8, or name its encoding with --encoding (e.g. --encoding latin1); nothing was changed`;
}

export function toolchains(p: Parsed): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of list(p, 'toolchain')) {
    const eq = entry.indexOf('=');
    const lang = entry.slice(0, eq);
    if (eq < 0 || !isLanguageId(lang) || !entry.slice(eq + 1)) throw usageError(`--toolchain needs LANG=PATH (e.g. --toolchain go=/usr/lib/go/bin/go), not "${entry}"`);
    out[lang] = entry.slice(eq + 1);
  }
  return out;
}

/** `showRejections`: a rejected step's compiler or test output goes to stderr (perturb, transform; not dataset's many records). */
export function engineRequest(input: SourceInput, p: Parsed, defaults: { verify: VerifyLevel; showRejections?: boolean }): EngineRequest {
  const verify = (str(p, 'verify') ?? defaults.verify) as VerifyLevel;
  if (!VERIFY_LEVELS.includes(verify)) throw usageError(`--verify takes ${VERIFY_LEVELS.join(', ')}, not ${verify}`);
  const testFile = str(p, 'test-file');
  if (testFile) readUserText(testFile, `--test-file ${testFile}`);
  const testCmd = str(p, 'test-cmd');
  if ((testFile || testCmd) && verify !== 'test') throw usageError('--test-file and --test-cmd need --verify test');
  if (testFile && !testCmd) throw usageError('--test-file needs --test-cmd, the command that runs it (use {test} for its path)');
  const strategy = (str(p, 'strategy') ?? DEFAULT_SEARCH.strategy) as Strategy;
  if (!STRATEGIES.includes(strategy)) throw usageError(`--strategy takes ${STRATEGIES.join(', ')}, not ${strategy}`);
  const methods = str(p, 'methods');
  const methodIds = methods?.split(',').map((m) => m.trim()).filter(Boolean);
  if (methodIds && methodIds.length === 0) throw usageError('--methods needs one or more method ids separated by commas (`codemorph methods` lists them)');
  const temperature = num(p, 'temperature') ?? DEFAULT_SEARCH.temperature;
  if (temperature <= 0) throw usageError('--temperature must be above 0');
  const buildCmd = str(p, 'build-cmd');
  if (buildCmd && verify === 'syntax') throw usageError('--build-cmd needs --verify compile or --verify test');
  const project = projectOption(p);
  const stdinFile = str(p, 'input');
  const stdin = stdinFile === undefined ? undefined : readUserText(stdinFile, `--input ${stdinFile}`);
  const args = str(p, 'args');
  if ((stdinFile !== undefined || args !== undefined) && verify !== 'test') throw usageError('--input and --args feed differential runs: they need --verify test');
  const timeout = num(p, 'timeout') ?? 60;
  if (timeout <= 0) throw usageError('--timeout needs a number of seconds above 0');
  // a process timer holds at most 2^31 - 1 ms: Node turns a longer one into 1 ms
  if (timeout > MAX_TIMEOUT_SECONDS) throw usageError(`--timeout takes at most ${MAX_TIMEOUT_SECONDS} seconds (24 days), not ${timeout}`);
  return {
    lang: input.lang,
    text: input.text,
    encoding: input.encoding,
    filePath: input.file,
    selector: { functionName: str(p, 'function') },
    search: {
      strategy,
      maxIter: integer(p, 'max-iter', 0, 10_000) ?? DEFAULT_SEARCH.maxIter,
      threshold: fraction(p, 'threshold') ?? DEFAULT_SEARCH.threshold,
      temperature,
      seed: integer(p, 'seed', 0, 2 ** 32 - 1) ?? 1,
      beamWidth: integer(p, 'beam-width', 1, 100),
      methods: methodIds && new Set(methodIds),
      ...limitsOption(p),
    },
    verify: {
      level: verify,
      toolchains: toolchains(p),
      timeoutMs: timeout * 1000,
      testCmd,
      testFile,
      ...(buildCmd ? { compileCmd: buildCmd } : {}),
      ...(project !== undefined ? { project } : {}),
      ...(stdin !== undefined ? { input: stdin } : {}),
      ...(args !== undefined ? { args: args.split(/\s+/).filter(Boolean) } : {}),
    },
    mu: fraction(p, 'mu') ?? 0.5,
    minMatch: integer(p, 'min-match', 1, 1000),
    ...(defaults.showRejections && !p.flags.has('quiet') ? { onVerification: showRejection } : {}),
  };
}

/** `--profile` with `--max-growth` and `--max-junk` over it (each takes `off` for no bound). */
function limitsOption(p: Parsed): SearchLimits {
  const profile = str(p, 'profile') ?? DEFAULT_PROFILE;
  if (!isProfileId(profile)) throw usageError(`--profile takes ${PROFILES.join(', ')}, not ${profile}`);
  const overrides: Partial<SearchLimits> = {};
  const growth = str(p, 'max-growth');
  if (growth !== undefined) {
    const value = growth === 'off' ? 0 : Number(growth);
    if (growth.trim() === '' || !Number.isFinite(value) || (value !== 0 && value < 1)) {
      throw usageError(`--max-growth needs a number of times the original's tokens, 1 or more (e.g. 1.5), or off, not "${growth}"`);
    }
    overrides.maxGrowth = value === 0 ? null : value;
  }
  const junk = str(p, 'max-junk');
  if (junk !== undefined) {
    const value = junk === 'off' ? null : Number(junk);
    if (value !== null && (junk.trim() === '' || !Number.isInteger(value) || value < 0)) {
      throw usageError(`--max-junk needs a whole number of junk steps per unit (0 for none), or off, not "${junk}"`);
    }
    overrides.maxJunk = value;
  }
  return searchLimits(profile, overrides);
}

/** A rejected step's compiler or test output (and any note on how a step was checked), on stderr (stdout may hold the JSON document): the table keeps only one line of it. */
function showRejection(report: { method: string; line: number; verdict: { reason: string | null; output: string; notes?: string[] } }): void {
  const { reason, output } = report.verdict;
  // a warm checker that failed, and the cold tool that stood in
  for (const note of report.verdict.notes ?? []) process.stderr.write(redact(`  note: ${note}\n`));
  if (reason === null || !output.trim()) return;
  const lines = output.trim().split('\n');
  const shown = lines.slice(0, 20).map((l) => `    ${l}`);
  if (lines.length > 20) shown.push(`    … ${lines.length - 20} more line(s)`);
  process.stderr.write(redact(`  ${report.method} at line ${report.line} rejected: ${reason}\n${shown.join('\n')}\n`));
}

/** `--project DIR` names the project; `--no-project` verifies the file alone; neither: detected. */
function projectOption(p: Parsed): string | false | undefined {
  const dir = str(p, 'project');
  if (dir !== undefined && p.flags.has('no-project')) throw usageError('--project and --no-project contradict each other: give one');
  if (p.flags.has('no-project')) return false;
  if (dir !== undefined && !(fs.existsSync(dir) && fs.statSync(dir).isDirectory())) throw inputError(`--project ${dir}: no such folder`);
  return dir;
}

/**
 * `--out`: the perturbed file, and the other files a step changed, each written atomically. The
 * other files keep their place relative to the perturbed one, so `--out` on the input file
 * itself updates the project in place.
 */
export function writeOutputs(out: string, doc: PerturbationDocument, input: SourceInput | undefined, p: Parsed): void {
  const others = Object.keys(doc.files);
  const writes: [string, Buffer][] = [];
  if (others.length > 0 && input) {
    const dir = str(p, 'project');
    const project = dir !== undefined ? projectAt(dir, input.file, doc.language) : detectProject(input.file, doc.language);
    if (project) {
      const fromFile = path.relative(path.dirname(path.resolve(input.file)), project.root);
      const outRoot = path.resolve(path.dirname(path.resolve(out)), fromFile);
      // each in its own encoding, as the project holds it
      for (const rel of others) {
        const encoding = decodeAny(fs.readFileSync(path.join(project.root, rel)), profileOf(doc.language).codingDeclaration).encoding;
        writes.push([path.join(outRoot, rel), encoded(doc.files[rel], encoding, rel)]);
      }
    }
  }
  writes.push([out, encoded(doc.file, input?.encoding ?? { name: 'utf-8', bom: false }, input?.file ?? out)]);
  // every file encodes before any is written: a character one cannot hold leaves them all as they were
  for (const [file, bytes] of writes) writeFileAtomic(file, bytes);
}

/** A text made from the input file, as bytes in the input's encoding. */
export function inEncoding(text: string, input: SourceInput): Buffer {
  return encoded(text, input.encoding, input.file);
}

function encoded(text: string, encoding: FileEncoding, name: string): Buffer {
  const bytes = encodeText(text, encoding);
  if (Buffer.isBuffer(bytes)) return bytes;
  throw inputError(`${name}: the result holds a character its encoding (${encoding.name}) cannot hold: nothing was written`);
}

/** Refuses, before the run, an output path that is a folder, FIFO, socket or device (--out, --entries). */
export function checkOutputFlags(p: Parsed, flags: readonly string[]): void {
  for (const flag of flags) {
    const file = str(p, flag);
    if (file !== undefined) checkWritableFile(file, `--${flag}`);
  }
}
