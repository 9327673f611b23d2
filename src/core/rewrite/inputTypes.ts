/**
 * DyCodeEval's context generator first infers each input's type from the concrete values the
 * tests pass (the paper's recursive inference over ASSERT statements). The values are read by
 * Python itself (testValues.ts: ast.literal_eval), so only their shape arrives here. Inference is
 * sound, not complete: every type it names was seen in a test; a parameter no literal reaches
 * gets `Any`, the one answer that claims nothing.
 */

/** A literal's shape as testValues.ts reports it. */
export type ValueShape =
  | { k: 'int' | 'float' | 'bool' | 'str' | 'bytes' | 'none' }
  | { k: 'list' | 'set' | 'tuple'; items: ValueShape[] }
  | { k: 'dict'; keys: ValueShape[]; values: ValueShape[] }
  | { k: 'other'; name: string };

export type PyType =
  | { kind: 'int' | 'float' | 'bool' | 'str' | 'bytes' | 'none' }
  | { kind: 'list' | 'set'; item: PyUnion }
  /** A tuple of fixed length, element by element. */
  | { kind: 'tuple'; items: PyUnion[] }
  /** Tuples of several lengths seen: `tuple[T, ...]`. */
  | { kind: 'tuple-var'; item: PyUnion }
  | { kind: 'dict'; key: PyUnion; value: PyUnion }
  | { kind: 'other'; name: string };

/** The alternatives a value may take; none known renders as `Any`. */
export type PyUnion = PyType[];

function joinInto(union: PyUnion, t: PyType): PyUnion {
  const out = [...union];
  const same = out.findIndex((u) => u.kind === t.kind || (u.kind === 'tuple' && t.kind === 'tuple-var') || (u.kind === 'tuple-var' && t.kind === 'tuple'));
  if (same < 0) return [...out, t];
  const u = out[same];
  if (t.kind === 'other') {
    if (out.some((o) => o.kind === 'other' && o.name === t.name)) return out;
    return [...out, t];
  }
  out[same] = merge(u, t);
  return out;
}

/** Two types of one kind as one (list[int] and list[str] is list[int | str]). */
function merge(a: PyType, b: PyType): PyType {
  if ((a.kind === 'list' || a.kind === 'set') && a.kind === b.kind) return { kind: a.kind, item: joinUnions(a.item, (b as typeof a).item) };
  if (a.kind === 'dict' && b.kind === 'dict') return { kind: 'dict', key: joinUnions(a.key, b.key), value: joinUnions(a.value, b.value) };
  if (a.kind === 'tuple' && b.kind === 'tuple' && a.items.length === b.items.length) return { kind: 'tuple', items: a.items.map((x, i) => joinUnions(x, b.items[i])) };
  if ((a.kind === 'tuple' || a.kind === 'tuple-var') && (b.kind === 'tuple' || b.kind === 'tuple-var')) {
    const all = (t: typeof a | typeof b): PyUnion => (t.kind === 'tuple' ? t.items.reduce(joinUnions, [] as PyUnion) : t.item);
    return { kind: 'tuple-var', item: joinUnions(all(a), all(b)) };
  }
  return a;
}

export function joinUnions(a: PyUnion, b: PyUnion): PyUnion {
  return b.reduce(joinInto, a);
}

/** The type of one literal, recursively: the join of its elements' types. */
export function typeOfValue(v: ValueShape): PyType {
  switch (v.k) {
    case 'list':
    case 'set':
      return { kind: v.k, item: v.items.map(typeOfValue).reduce(joinInto, [] as PyUnion) };
    case 'tuple':
      return { kind: 'tuple', items: v.items.map((x) => [typeOfValue(x)]) };
    case 'dict':
      return { kind: 'dict', key: v.keys.map(typeOfValue).reduce(joinInto, [] as PyUnion), value: v.values.map(typeOfValue).reduce(joinInto, [] as PyUnion) };
    case 'other':
      return { kind: 'other', name: v.name };
    default:
      return { kind: v.k };
  }
}

/** The type of a parameter from every literal the tests pass it. */
export function inferType(values: readonly ValueShape[]): PyUnion {
  return values.map(typeOfValue).reduce(joinInto, [] as PyUnion);
}

function renderType(t: PyType): string {
  switch (t.kind) {
    case 'none':
      return 'None';
    case 'list':
    case 'set':
      return `${t.kind}[${renderUnion(t.item)}]`;
    case 'tuple':
      return t.items.length ? `tuple[${t.items.map(renderUnion).join(', ')}]` : 'tuple[()]';
    case 'tuple-var':
      return `tuple[${renderUnion(t.item)}, ...]`;
    case 'dict':
      return `dict[${renderUnion(t.key)}, ${renderUnion(t.value)}]`;
    case 'other':
      return t.name;
    default:
      return t.kind;
  }
}

/** Python's typing notation; alternatives sorted so the same values give the same text, None last. */
export function renderUnion(u: PyUnion): string {
  if (u.length === 0) return 'Any';
  const parts = [...new Set(u.map(renderType))].sort((a, b) => (a === 'None' ? 1 : b === 'None' ? -1 : a < b ? -1 : a > b ? 1 : 0));
  return parts.join(' | ');
}
