import fs = require('fs');
import path = require('path');
import { usageError } from '../core/errors';
import { installRoot } from '../core/install';
import type { ModelChoice } from '../core/llm/chat';
import { EndpointHealth } from '../core/llm/endpointHealth';
import { Limiter } from '../core/llm/limiter';
import { ENGINES, EngineKind, LlmSetup } from '../core/llm/llmEngine';
import { DEFAULT_BASE_URL, OpenAiCompatibleProvider } from '../core/llm/openaiProvider';
import { PromptLibrary } from '../core/llm/prompts';
import type { PriceTable } from '../core/llm/usage';
import { registerSecret } from '../core/redact';
import { asMethod, loadDesignedMethods } from '../core/design/methodFile';
import { FlagSpec, integer, list, num, Parsed, str } from './args';

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const PERTURB_TEMPERATURE = 0.7;
/** Three voters on the perturbation model by default, at spread temperatures so they do not answer as one. */
export const DEFAULT_VOTER_TEMPERATURES = [0, 0.5, 1];

export const LLM_FLAGS: Record<string, FlagSpec> = {
  engine: { type: 'string', value: ENGINES.join('|'), help: 'who rewrites: the local methods, an LLM, or the LLM where no local rewrite applies (local)' },
  'base-url': { type: 'string', value: 'URL', help: `an OpenAI-compatible endpoint (${DEFAULT_BASE_URL}); the key comes from CODEMORPH_API_KEY or OPENAI_API_KEY` },
  model: { type: 'string', value: 'NAME', help: `the model that rewrites (${DEFAULT_MODEL})` },
  voter: { type: 'string', value: 'MODEL@T', repeat: true, help: 'a voter that judges each step, with its temperature (three on the model by default)' },
  'llm-timeout': { type: 'number', value: 'SECONDS', help: 'deadline of each LLM request, retries included (120)' },
  'llm-concurrency': { type: 'number', value: 'N', help: 'LLM requests at once (4)' },
  price: { type: 'string', value: 'MODEL=IN/OUT', repeat: true, help: 'USD per million prompt and completion tokens, for the cost of each step' },
  'methods-dir': { type: 'string', value: 'DIR', help: 'designed methods to draw beside the built-in ones (.codemorph/methods in the file\'s folder, above it, or the working folder)' },
};

export function engineOption(p: Parsed): EngineKind {
  const engine = (str(p, 'engine') ?? 'local') as EngineKind;
  if (!ENGINES.includes(engine)) throw usageError(`--engine takes ${ENGINES.join(', ')}, not ${engine}`);
  return engine;
}

export function prices(p: Parsed): PriceTable {
  const table: PriceTable = {};
  for (const entry of list(p, 'price')) {
    const m = /^([^=]+)=([0-9.]+)\/([0-9.]+)$/.exec(entry);
    if (!m) throw usageError(`--price needs MODEL=INPUT/OUTPUT in USD per million tokens (e.g. gpt-4o-mini=0.15/0.6), not "${entry}"`);
    table[m[1]] = { input: Number(m[2]), output: Number(m[3]) };
  }
  return table;
}

/** `.codemorph/<kind>` in the file's folder or any folder above it, and in the working folder. */
function overrideDirs(file: string, kind = 'prompts'): string[] {
  const dirs: string[] = [];
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, '.codemorph', kind);
    if (fs.existsSync(candidate)) {
      dirs.push(candidate);
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  const cwd = path.join(process.cwd(), '.codemorph', kind);
  if (fs.existsSync(cwd) && !dirs.includes(cwd)) dirs.push(cwd);
  return dirs;
}

/**
 * The LLM setup for `--engine llm|hybrid`: one OpenAI-compatible endpoint (`--base-url`,
 * `--model`), the key from CODEMORPH_API_KEY or OPENAI_API_KEY (never from a flag, so it stays
 * out of shell history and process lists), three voters, prompts with workspace overrides.
 */
export function llmSetup(p: Parsed, file: string, env: NodeJS.ProcessEnv = process.env): LlmSetup {
  const apiKey = env.CODEMORPH_API_KEY || env.OPENAI_API_KEY;
  // both are secrets, whichever is used: neither may reach the output
  registerSecret(env.CODEMORPH_API_KEY);
  registerSecret(env.OPENAI_API_KEY);
  if (!apiKey) throw usageError('the llm and hybrid engines need an API key: set CODEMORPH_API_KEY (or OPENAI_API_KEY); for a local server any value will do');
  const baseUrl = str(p, 'base-url') ?? env.CODEMORPH_BASE_URL ?? DEFAULT_BASE_URL;
  if (!/^https?:\/\//.test(baseUrl)) throw usageError(`--base-url needs an http(s) URL, not ${baseUrl}`);
  const model = str(p, 'model') ?? DEFAULT_MODEL;
  const timeout = num(p, 'llm-timeout') ?? 120;
  if (timeout <= 0) throw usageError('--llm-timeout needs a number of seconds above 0');
  const limiter = new Limiter(integer(p, 'llm-concurrency', 1, 64) ?? 4);
  const health = new EndpointHealth();
  const providers = new Map<string, OpenAiCompatibleProvider>();
  const provider = (name: string) => {
    let existing = providers.get(name);
    if (!existing) {
      existing = new OpenAiCompatibleProvider({ baseUrl, apiKey, model: name, timeoutMs: timeout * 1000, maxRetries: 3, limiter, health });
      providers.set(name, existing);
    }
    return existing;
  };
  const voterSpecs = list(p, 'voter');
  if (voterSpecs.length !== 0 && voterSpecs.length !== 3) throw usageError(`give three --voter options (MODEL or MODEL@TEMPERATURE), not ${voterSpecs.length}`);
  const voters: ModelChoice[] = voterSpecs.length
    ? voterSpecs.map((spec) => {
        const [name, t] = spec.split('@');
        const temperature = t === undefined ? 0 : Number(t);
        if (!name || !Number.isFinite(temperature) || temperature < 0 || temperature > 2) throw usageError(`--voter takes MODEL or MODEL@TEMPERATURE (0 to 2), not "${spec}"`);
        return { provider: provider(name), temperature, maxTokens: 16 };
      })
    : DEFAULT_VOTER_TEMPERATURES.map((temperature) => ({ provider: provider(model), temperature, maxTokens: 16 }));
  const given = str(p, 'methods-dir');
  if (given && !fs.existsSync(given)) throw usageError(`--methods-dir ${given} does not exist: give the folder \`codemorph design-methods\` wrote`);
  const designedDirs = given ? [path.resolve(given)] : overrideDirs(file, 'methods');
  return {
    perturber: { provider: provider(model), temperature: PERTURB_TEMPERATURE },
    voters,
    prompts: new PromptLibrary(path.join(installRoot(), 'prompts'), overrideDirs(file), designedDirs),
    prices: prices(p),
    designed: designedDirs.flatMap(loadDesignedMethods).map(asMethod),
  };
}
