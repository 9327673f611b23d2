/** What a perturbation answer must be: JSON `{"code": ..., "entry_point": ...}`, possibly in a fence. */
export type ParsedAnswer = { ok: true; code: string; entryPoint: string | null } | { ok: false; reason: string };

/** Candidate JSON texts in an answer, most likely first: the whole text, fenced blocks, the first braces. */
function candidates(text: string): string[] {
  const out = [text.trim()];
  for (const m of text.matchAll(/```[a-zA-Z0-9_+-]*[ \t]*\n([\s\S]*?)```/g)) out.push(m[1].trim());
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  if (open >= 0 && close > open) out.push(text.slice(open, close + 1));
  return out;
}

/** Models sometimes fence the code inside the JSON string too. */
function unfence(code: string): string {
  const m = /^\s*```[a-zA-Z0-9_+-]*[ \t]*\n([\s\S]*?)\n?```\s*$/.exec(code);
  return m ? m[1] : code;
}

export function parseAnswer(text: string): ParsedAnswer {
  let parsed: unknown;
  for (const candidate of candidates(text)) {
    try {
      parsed = JSON.parse(candidate);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) break;
      parsed = undefined;
    } catch {
      // try the next candidate
    }
  }
  if (parsed === undefined) return { ok: false, reason: 'the answer is not JSON' };
  const record = parsed as Record<string, unknown>;
  if (typeof record.code !== 'string' || record.code.trim() === '') return { ok: false, reason: 'the answer has no "code" field' };
  const entry = record.entry_point ?? record.entryPoint;
  if (entry !== undefined && entry !== null && typeof entry !== 'string') return { ok: false, reason: 'the answer\'s "entry_point" is not a string' };
  return { ok: true, code: unfence(record.code), entryPoint: typeof entry === 'string' && entry.trim() ? entry.trim() : null };
}

/** A voter's verdict: the first True or False in its answer; anything else is no vote. */
export function parseVote(text: string): boolean | null {
  const m = /\b(true|false|yes|no)\b/i.exec(text);
  if (!m) return null;
  return ['true', 'yes'].includes(m[1].toLowerCase());
}
