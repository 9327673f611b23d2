/**
 * A list's items split at the commas outside brackets (`Map<K, V> m, int n` is two parameters,
 * `f({1, 2}, 3)` two arguments), each with its offset in `text`. `angles` counts `<...>` as
 * brackets (type arguments; `->` is no closing one); `quotes` skips string and character
 * literals, which a signature may not hold as such (a Rust lifetime is `'a`).
 */
export function splitTopLevel(text: string, options: { angles?: boolean; quotes?: boolean } = {}): { start: number; text: string }[] {
  const open = options.angles ? '(<[{' : '([{';
  const close = options.angles ? ')>]}' : ')]}';
  const out: { start: number; text: string }[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (options.quotes && (c === '"' || c === "'")) {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (open.includes(c)) depth++;
    else if (close.includes(c) && !(c === '>' && text[i - 1] === '-')) depth--;
    else if (c === ',' && depth === 0) {
      out.push({ start: from, text: text.slice(from, i) });
      from = i + 1;
    }
  }
  out.push({ start: from, text: text.slice(from) });
  return out;
}
