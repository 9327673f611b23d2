/**
 * The run's secrets (the LLM API key), registered where they are read, and the redaction applied
 * where text leaves CodeMorph: error messages made from an endpoint's answer, the CLI's stdout and
 * stderr, JSON documents, dataset records, benchmark entries and the editor's output channel.
 * Endpoints echo keys in their errors ("Incorrect API key provided: sk-...") and a key must never
 * reach a terminal, a log or a file, not even in part.
 */

const REDACTED = '[redacted]';

/**
 * Shorter values are not treated as secrets: they are the placeholders a local server accepts
 * ("any value will do"), and replacing every "x" or "local" in the output would mangle the code.
 */
export const MIN_SECRET_LENGTH = 8;

const secrets = new Set<string>();

/** Remembers a secret for the rest of the process: every later redaction removes it. */
export function registerSecret(value: string | undefined): void {
  const secret = value?.trim();
  if (!secret || secret.length < MIN_SECRET_LENGTH) return;
  secrets.add(secret);
  if (value !== secret) secrets.add(value!);
}

/** The secret and its form inside a JSON string, longest first so a longer secret is never half-replaced by a shorter one. */
function forms(): string[] {
  const all = new Set<string>();
  for (const s of secrets) {
    all.add(s);
    all.add(JSON.stringify(s).slice(1, -1));
  }
  return [...all].sort((a, b) => b.length - a.length);
}

/**
 * Every registered secret removed, and nothing else changed: for text that carries code (stdout,
 * JSON documents, dataset records, entries), where rewriting anything that merely looks like a
 * credential would change the user's program. Works on raw text and on serialized JSON alike.
 */
export function redactSecrets(text: string): string {
  if (secrets.size === 0) return text;
  let out = text;
  for (const form of forms()) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

/** Credentials in header form: `Authorization: <scheme> <value>`, `Bearer <value>`, `api-key: <value>`. */
const HEADER_VALUES = [
  /\b(authorization["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token)\s+)?[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b(bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
  /\b((?:x-)?api-key["']?\s*[:=]\s*["']?)[A-Za-z0-9._~+/=-]{8,}/gi,
];

/** A word: what a key echoed in a message would be part of. */
const WORD = /[^\s"'`<>()[\]{},;]+/g;

/** A masked echo, as endpoints print a wrong key: "sk-proj-****...abcd". */
function masked(word: string): boolean {
  return word.length >= MIN_SECRET_LENGTH && /[*•]{3,}/.test(word) && /[A-Za-z0-9]{2,}/.test(word);
}

/**
 * Whether a word carries the start of a secret (its first 8 characters), as a truncated echo
 * does ("sk-proj-Ab12..."). Ends are not matched: a key's last few characters are too likely to
 * occur in ordinary words and paths of a log, and endpoints that show the end mask the rest.
 */
function partOfSecret(word: string): boolean {
  if (word.length < MIN_SECRET_LENGTH) return false;
  for (const s of secrets) if (word.includes(s.slice(0, MIN_SECRET_LENGTH))) return true;
  return false;
}

/**
 * A message made safe to show: the registered secrets, header-style credentials (any
 * Authorization or Bearer value, known or not), masked key echoes and words holding the start of
 * a secret are replaced by "[redacted]". For messages and logs, not for code.
 */
export function redact(text: string): string {
  let out = text;
  for (const pattern of HEADER_VALUES) out = out.replace(pattern, (_m, head: string) => `${head}${REDACTED}`);
  out = redactSecrets(out);
  return out.replace(WORD, (word) => (masked(word) || partOfSecret(word) ? REDACTED : word));
}

/** Forgets every secret: for tests, which register their own. */
export function clearSecrets(): void {
  secrets.clear();
}
