/**
 * What a child process must not see. Compilers, builds and tests run the workspace's code (a
 * Makefile, conftest.py, an npm script, node_modules/.bin/tsc): any of them can read and send on
 * every variable it is given. So every process CodeMorph starts gets the environment without the
 * LLM key variables and without the variables the user marks secret. `runProcess` applies this
 * to every command it runs, so no caller can forget it.
 */

/** The variables the LLM key is read from (the CLI's llm and hybrid engines, src/cli/llmOptions.ts). */
export const KEY_VARIABLES: readonly string[] = ['CODEMORPH_API_KEY', 'OPENAI_API_KEY'];

/** Names the user marks secret, comma-separated; a name ending in `*` covers every name it begins. */
export const SECRET_LIST_VARIABLE = 'CODEMORPH_SECRET_ENV';

/**
 * Names marked secret through the engine (the editor's codemorph.secretEnv). Kept for the rest of
 * the process: a name once secret is never handed out again, even after the setting drops it.
 */
const marked = new Set<string>();

export function markSecret(names: Iterable<string> | undefined): void {
  for (const name of names ?? []) {
    const trimmed = name.trim();
    if (trimmed) marked.add(trimmed);
  }
}

function listed(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

/** Every secret name for `env`: the key variables, the user's list (from this process and from `env`), those marked. */
export function secretNames(env: NodeJS.ProcessEnv = process.env): string[] {
  return [...new Set([...KEY_VARIABLES, ...listed(process.env[SECRET_LIST_VARIABLE]), ...listed(env[SECRET_LIST_VARIABLE]), ...marked])];
}

function matcher(names: readonly string[]): (name: string) => boolean {
  const exact = new Set(names.filter((n) => !n.endsWith('*')));
  const prefixes = names.filter((n) => n.endsWith('*')).map((n) => n.slice(0, -1));
  return (name) => exact.has(name) || prefixes.some((p) => name.startsWith(p));
}

/** A copy of `env` without the secret variables. */
export function withoutSecrets(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const secret = matcher(secretNames(env));
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !secret(name)) out[name] = value;
  }
  return out;
}
