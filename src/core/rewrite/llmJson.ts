/** The first JSON value of `want`'s kind in a model's answer: the whole text, a fenced block, or the outermost brackets. */
export function jsonIn(text: string, want: 'object' | 'array'): unknown {
  const [open, close] = want === 'object' ? ['{', '}'] : ['[', ']'];
  const candidates = [text.trim()];
  for (const m of text.matchAll(/```[a-zA-Z0-9_+-]*[ \t]*\n([\s\S]*?)```/g)) candidates.push(m[1].trim());
  const first = text.indexOf(open);
  const last = text.lastIndexOf(close);
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate);
      if (want === 'array' ? Array.isArray(value) : value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // the next candidate
    }
  }
  return undefined;
}
