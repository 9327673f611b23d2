import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';
import type { SwitchClause, SwitchContext, SwitchQueries } from '../switchClauses';

/**
 * How Rust writes what transforms/switch-to-if.ts reads of a match: the kind of its subject
 * (which decides between `==`, ranges and `matches!`), an arm's pattern as conditions, and a last
 * arm that binds the value. The syntax layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

export type RustKind = 'num' | 'char' | 'bool' | 'str';

const RUST_NUMBER = /^(i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize)$/;

export function rustTypeKind(type: string): RustKind | null {
  const t = type.replace(/\s+/g, '');
  if (RUST_NUMBER.test(t)) return 'num';
  if (t === 'char') return 'char';
  if (t === 'bool') return 'bool';
  if (/^&('\w+)?str$/.test(t)) return 'str';
  return null;
}

function rustValueKind(value: Node, q: TypeQueries): RustKind | null {
  const v = q.unparenthesize(value);
  if (v.type === 'integer_literal' && !/(f32|f64)$/.test(v.text)) return 'num';
  if (v.type === 'char_literal') return 'char';
  if (v.type === 'boolean_literal') return 'bool';
  if (v.type === 'string_literal') return 'str';
  if (v.type === 'type_cast_expression') return rustTypeKind(v.childForFieldName('type')?.text ?? '');
  return null;
}

/**
 * What a Rust subject is, when its declarations (or the function it calls) say so: the
 * comparisons `==` and ranges need a plain number, char, bool or `&str`; anything else is
 * tested with `matches!`, which takes the pattern as it is.
 */
export function rustSubjectKind(root: Node, subject: Node, q: TypeQueries): RustKind | null {
  const s = q.unparenthesize(subject);
  if (s.type === 'call_expression') {
    const fn = s.childForFieldName('function');
    const method = fn?.type === 'field_expression' ? fn.childForFieldName('field')?.text : null;
    if (method === 'as_str') return 'str';
    if (method === 'len' || method === 'count') return 'num';
    if (fn?.type === 'identifier') {
      const item = q.descendants(root, (d) => d.type === 'function_item' && d.childForFieldName('name')?.text === fn.text);
      const ret = item.length === 1 ? item[0].childForFieldName('return_type') : null;
      return ret ? rustTypeKind(ret.text) : null;
    }
    return null;
  }
  if (s.type === 'type_cast_expression') return rustValueKind(s, q);
  if (s.type !== 'identifier') return null;
  const decls = q.declarationsOf('rust', s, s.text);
  if (decls.length === 0) return null;
  const kinds = new Set(
    decls.map((d) => {
      if (d.kind !== 'other') return d.type ? rustTypeKind(d.type) : d.value ? rustValueKind(d.value, q) : null;
      // `for c in s.chars()`, `for i in 0..n`
      if (d.node.type !== 'for_expression') return null;
      const iter = d.node.childForFieldName('value');
      if (iter?.type === 'range_expression') return q.namedChildren(iter).every((c) => rustValueKind(c, q) === 'num' || c.type === 'identifier') ? 'num' : null;
      if (iter && /\.chars\(\)$/.test(iter.text)) return 'char';
      if (iter && /\.bytes\(\)$/.test(iter.text)) return 'num';
      return null;
    }),
  );
  const [kind] = [...kinds];
  return kinds.size === 1 ? kind : null;
}

const RUST_LITERALS: Record<string, RustKind> = {
  integer_literal: 'num', negative_literal: 'num', char_literal: 'char', boolean_literal: 'bool', string_literal: 'str', raw_string_literal: 'str',
};

/** An arm's pattern as conditions; null when it binds names or is not understood. */
export function rustTests(pattern: Node, subject: Node, kind: RustKind | null, q: TypeQueries): ((s: string) => string)[] | null {
  const pieces: Node[] = [];
  const flatten = (p: Node) => {
    if (p.type === 'or_pattern') q.namedChildren(p).forEach(flatten);
    else pieces.push(p);
  };
  q.namedChildren(pattern).filter((c) => !pattern.childForFieldName('condition')?.equals(c)).forEach(flatten);
  if (pieces.length === 0) return [];
  const literalKind = (p: Node) => (p.type === 'char_literal' && p.text.startsWith('b') ? 'num' : RUST_LITERALS[p.type]);
  const simple = pieces.every((p) => {
    if (RUST_LITERALS[p.type]) return literalKind(p) === kind && !/(f32|f64)$/.test(p.text) && !p.text.includes('.');
    if (p.type === 'range_pattern') return kind === 'num' || kind === 'char';
    return false;
  });
  const allowed = pieces.every((p) => RUST_LITERALS[p.type] || p.type === 'range_pattern' || p.type === 'scoped_identifier');
  if (!allowed) return null; // bindings, tuples, structs, bare names (a constant or a binding?)
  const text = pieces.map((p) => p.text).join(' | ');
  const paren = subject.type === 'unary_expression' || subject.type === 'type_cast_expression' || subject.type === 'binary_expression';
  if (!simple) return [(s) => `matches!(${s}, ${text})`];
  return pieces.map((p) => (s) => {
    const left = s === subject.text && paren ? `(${s})` : s;
    if (p.type === 'boolean_literal') return p.text === 'true' ? s : `!${left}`;
    if (p.type !== 'range_pattern') return `${left} == ${p.text}`;
    const lo = p.childForFieldName('left');
    const hi = p.childForFieldName('right');
    const inclusive = p.children.some((c) => c?.type === '..=');
    if (lo && hi) return `(${lo.text}${inclusive ? '..=' : '..'}${hi.text}).contains(&${s})`;
    if (lo) return `${left} >= ${lo.text}`;
    return `${left} ${inclusive ? '<=' : '<'} ${hi!.text}`;
  });
}

/**
 * The name a last arm `n => ...` binds, when binding it by a `let` is a copy: the subject is a
 * number, char, bool or `&str`, or a temporary nothing else uses. A bare name that is a
 * constant of the file is a constant pattern, not a binding.
 */
export function rustCatchAll(root: Node, pattern: Node, copyable: boolean, q: TypeQueries): string | null {
  const parts = q.namedChildren(pattern);
  if (parts.length !== 1 || parts[0].type !== 'identifier' || !copyable) return null;
  const name = parts[0].text;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) return null;
  const items = q.descendants(root, (d) => ['const_item', 'static_item'].includes(d.type) && d.childForFieldName('name')?.text === name);
  return items.length === 0 ? name : null;
}

/** A match's arms as the branches of an if-chain, or null where one is not understood. */
export function rustClauses<C extends SwitchContext>(ctx: C, node: Node, subject: Node, temp: boolean, q: SwitchQueries<C>): SwitchClause[] | null {
  const body = node.childForFieldName('body');
  if (!body) return null;
  const arms = q.namedChildren(body).filter((c) => c.type === 'match_arm');
  if (q.namedChildren(body).some((c) => c.type !== 'match_arm' && !q.isComment(ctx, c))) return null;
  const kind = rustSubjectKind(ctx.root, subject, q); // a temporary has the subject's type
  const clauses: SwitchClause[] = [];
  for (const [index, arm] of arms.entries()) {
    const pattern = arm.childForFieldName('pattern');
    const value = arm.childForFieldName('value');
    if (!pattern || !value || arm.children.some((c) => c?.type === 'attribute_item')) return null;
    const guardNode = pattern.childForFieldName('condition');
    if (guardNode && (guardNode.type === 'let_condition' || guardNode.type === 'let_chain')) return null;
    const binding = index === arms.length - 1 && !guardNode ? rustCatchAll(ctx.root, pattern, kind !== null || temp, q) : null;
    const tests = binding ? [] : rustTests(pattern, subject, kind, q);
    if (!tests) return null;
    const wildcard = tests.length === 0;
    const isLast = index === arms.length - 1;
    // A compiled match is exhaustive: its last arm, unguarded, takes whatever is left.
    const isDefault = (wildcard && !guardNode) || (isLast && !guardNode);
    const guard = guardNode ? (q.precedenceOf('rust', guardNode) <= (q.binaryPrecedence('rust', '&&') ?? 20) ? `(${guardNode.text})` : guardNode.text) : null;
    if (wildcard && guardNode) clauses.push({ tests: [() => guardNode.text], guard: null, isDefault: false, items: [], base: null, holes: [] });
    else clauses.push({ tests: isDefault ? [] : tests, guard, isDefault, items: [], base: null, holes: [] });
    const clause = clauses[clauses.length - 1];
    if (binding) clause.prelude = (s) => `let ${binding} = ${s};`;
    if (value.type === 'block') clause.items = q.bodyItems(ctx, value);
    else {
      clause.items = [value];
      clause.base = ctx.indentOf(arm);
    }
  }
  return clauses;
}
