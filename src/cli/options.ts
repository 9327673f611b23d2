import * as fs from 'fs';
import type { EngineRequest } from '../core/engine';
import { inputError, usageError } from '../core/errors';
import { isLanguageId, LANGUAGE_IDS, LanguageId, languageFromPath } from '../core/languages/languageIds';
import { DEFAULT_SEARCH, STRATEGIES, Strategy } from '../core/search/types';
import { VERIFY_LEVELS, VerifyLevel } from '../core/verify/verifier';
import { FlagSpec, fraction, integer, list, num, Parsed, str } from './args';

/** Flags shared by every command that reads one source file. */
export const SOURCE_FLAGS: Record<string, FlagSpec> = {
  lang: { type: 'string' },
  function: { type: 'string' },
  json: { type: 'boolean' },
};

/** Flags of commands that run the engine (perturb, transform). */
export const ENGINE_FLAGS: Record<string, FlagSpec> = {
  ...SOURCE_FLAGS,
  seed: { type: 'number' },
  verify: { type: 'string' },
  'test-file': { type: 'string' },
  'test-cmd': { type: 'string' },
  toolchain: { type: 'string', repeat: true },
  timeout: { type: 'number' },
  mu: { type: 'number' },
  'min-match': { type: 'number' },
  out: { type: 'string' },
  quiet: { type: 'boolean' },
};

export interface SourceInput {
  file: string;
  lang: LanguageId;
  text: string;
}

export function languageOption(p: Parsed): LanguageId | undefined {
  const lang = str(p, 'lang');
  if (lang === undefined) return undefined;
  if (!isLanguageId(lang)) throw usageError(`unknown language ${lang}: use one of ${LANGUAGE_IDS.join(', ')}`);
  return lang;
}

export function readSource(file: string | undefined, p: Parsed, what = 'a source file'): SourceInput {
  if (!file) throw usageError(`give ${what} to read`);
  let text: string;
  try {
    if (fs.statSync(file).isDirectory()) throw inputError(`${file} is a folder: give a source file`);
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw inputError(`${file}: no such file`);
    if ((e as NodeJS.ErrnoException).code === 'EACCES') throw inputError(`${file}: permission denied`);
    throw e;
  }
  const lang = languageOption(p) ?? languageFromPath(file);
  if (!lang) throw inputError(`cannot tell the language of ${file} from its extension: pass --lang with one of ${LANGUAGE_IDS.join(', ')}`);
  if (text.includes('\u0000')) throw inputError(`${file} looks like a binary file, not ${lang} source`);
  return { file, lang, text };
}

function toolchains(p: Parsed): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of list(p, 'toolchain')) {
    const eq = entry.indexOf('=');
    const lang = entry.slice(0, eq);
    if (eq < 0 || !isLanguageId(lang) || !entry.slice(eq + 1)) throw usageError(`--toolchain needs LANG=PATH (e.g. --toolchain go=/usr/lib/go/bin/go), not "${entry}"`);
    out[lang] = entry.slice(eq + 1);
  }
  return out;
}

export function engineRequest(input: SourceInput, p: Parsed, defaults: { verify: VerifyLevel }): EngineRequest {
  const verify = (str(p, 'verify') ?? defaults.verify) as VerifyLevel;
  if (!VERIFY_LEVELS.includes(verify)) throw usageError(`--verify takes ${VERIFY_LEVELS.join(', ')}, not ${verify}`);
  const testFile = str(p, 'test-file');
  if (testFile && !fs.existsSync(testFile)) throw inputError(`--test-file ${testFile}: no such file`);
  const testCmd = str(p, 'test-cmd');
  if ((testFile || testCmd) && verify !== 'test') throw usageError('--test-file and --test-cmd need --verify test');
  if (testFile && !testCmd) throw usageError('--test-file needs --test-cmd, the command that runs it (use {test} for its path)');
  const strategy = (str(p, 'strategy') ?? DEFAULT_SEARCH.strategy) as Strategy;
  if (!STRATEGIES.includes(strategy)) throw usageError(`--strategy takes ${STRATEGIES.join(', ')}, not ${strategy}`);
  const methods = str(p, 'methods');
  const temperature = num(p, 'temperature') ?? DEFAULT_SEARCH.temperature;
  if (temperature <= 0) throw usageError('--temperature must be above 0');
  const timeout = num(p, 'timeout') ?? 60;
  if (timeout <= 0) throw usageError('--timeout needs a number of seconds above 0');
  return {
    lang: input.lang,
    text: input.text,
    filePath: input.file,
    selector: { functionName: str(p, 'function') },
    search: {
      strategy,
      maxIter: integer(p, 'max-iter', 0, 10_000) ?? DEFAULT_SEARCH.maxIter,
      threshold: fraction(p, 'threshold') ?? DEFAULT_SEARCH.threshold,
      temperature,
      seed: integer(p, 'seed', 0, 2 ** 32 - 1) ?? 1,
      beamWidth: integer(p, 'beam-width', 1, 100),
      methods: methods === undefined ? undefined : new Set(methods.split(',').map((m) => m.trim()).filter(Boolean)),
    },
    verify: { level: verify, toolchains: toolchains(p), timeoutMs: timeout * 1000, testCmd, testFile },
    mu: fraction(p, 'mu') ?? 0.5,
    minMatch: integer(p, 'min-match', 1, 1000),
  };
}
