import { Category, CATEGORIES } from '../transforms/catalogue';

export interface Design {
  name: string;
  description: string;
  preconditions: string;
  category: Category;
  example: { before: string; after: string };
}

export type ParsedDesign = { ok: true; design: Design } | { ok: false; reason: string };

/** The JSON object of an answer: the whole text, a fenced block, or its outermost braces. */
function objectIn(text: string): Record<string, unknown> | null {
  const tries = [text.trim()];
  for (const m of text.matchAll(/```[a-zA-Z0-9_+-]*[ \t]*\n([\s\S]*?)```/g)) tries.push(m[1].trim());
  const open = text.indexOf('{');
  const close = text.lastIndexOf('}');
  if (open >= 0 && close > open) tries.push(text.slice(open, close + 1));
  for (const t of tries) {
    try {
      const v: unknown = JSON.parse(t);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // the next form
    }
  }
  return null;
}

const MAX_FIELD = 4000;

/** The designer's proposal, checked field by field: it only ever becomes text in a prompt. */
export function parseDesign(text: string): ParsedDesign {
  const o = objectIn(text);
  if (!o) return { ok: false, reason: 'not a JSON object' };
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name = str(o.name).replace(/\s+/g, ' ');
  const description = str(o.description);
  if (!name || !/[a-z0-9]/i.test(name)) return { ok: false, reason: 'no name' };
  if (!description) return { ok: false, reason: 'no description' };
  const example = (o.example && typeof o.example === 'object' ? o.example : {}) as Record<string, unknown>;
  const before = typeof example.before === 'string' ? example.before : '';
  const after = typeof example.after === 'string' ? example.after : '';
  if (!before.trim() || !after.trim()) return { ok: false, reason: 'no example (before and after)' };
  if ([name, description, before, after].some((f) => f.length > MAX_FIELD)) return { ok: false, reason: `a field is longer than ${MAX_FIELD} characters` };
  const category = str(o.category).toLowerCase() as Category;
  return {
    ok: true,
    design: {
      name,
      description,
      preconditions: str(o.preconditions),
      // a category only steers PESO's draw; one the designer misnames falls back to the broadest
      category: CATEGORIES.includes(category) ? category : 'decomposition',
      example: { before, after },
    },
  };
}
