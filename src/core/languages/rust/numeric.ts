import type { Node } from 'web-tree-sitter';
import { agree, same, ARITHMETIC, BITWISE } from '../numericTypes';
import type { NumericQueries, NumType } from '../numericTypes';

/** What Rust's literals, casts and declarations prove about an expression's numeric type (an unsuffixed literal takes the other operand's). */
export function numericType(node: Node, q: NumericQueries): NumType | null {
  return rustType(node, new Set(), q);
}

function rustNamed(text: string): NumType | null {
  const m = /^(i|u|f)(8|16|32|64|128|size)$/.exec(text.trim());
  if (!m) return null;
  if (m[1] === 'f') return m[2] === '32' || m[2] === '64' ? { family: 'float', unsigned: false, rank: 0, spelling: text.trim() } : null;
  return { family: 'int', unsigned: m[1] === 'u', rank: 0, spelling: text.trim() };
}

const RUST_INFERRED_INT: NumType = { family: 'int', unsigned: false, rank: 0, spelling: null };
const RUST_INFERRED_FLOAT: NumType = { family: 'float', unsigned: false, rank: 0, spelling: null };

function rustLiteral(n: Node): NumType | null {
  const suffix = /(i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize|f32|f64)$/.exec(n.text);
  if (n.type === 'integer_literal') {
    if (suffix) return rustNamed(suffix[1]);
    return /^0x/i.test(n.text) || !/[eE]/.test(n.text) ? RUST_INFERRED_INT : null;
  }
  if (n.type === 'float_literal') return suffix ? rustNamed(suffix[1]) : RUST_INFERRED_FLOAT;
  return null;
}

function rustUnify(a: NumType, b: NumType): NumType | null {
  if (a.family !== b.family) return null;
  if (a.spelling === null) return b;
  if (b.spelling === null) return a;
  return same(a, b) ? a : null;
}

function rustNameType(at: Node, name: string, seen: Set<string>, q: NumericQueries): NumType | null {
  if (seen.has(name)) return null;
  // declarationsOf reads the enclosing function's declarations, wherever in it the name is read
  const fn = q.enclosingFunction('rust', at);
  return q.perTreeUnguarded(seen, at.tree, `rust-name-type:${fn?.id ?? 'file'}:${name}`, () => rustDeclaredType(at, name, seen, q));
}

function rustDeclaredType(at: Node, name: string, seen: Set<string>, q: NumericQueries): NumType | null {
  const inner = new Set([...seen, name]);
  const decls = q.declarationsOf('rust', at, name);
  if (decls.length === 0) return null;
  return agree(
    decls.map((d) => {
      if (d.node.type === 'for_expression') {
        // `for i in a..b`: i has the bounds' type
        const range = d.node.childForFieldName('value');
        if (d.node.childForFieldName('pattern')?.text !== name || range?.type !== 'range_expression') return null;
        const bounds = q.namedChildren(range).map((b) => rustType(b, inner, q));
        if (bounds.length === 0 || bounds.some((b) => b === null || b.family !== 'int')) return null;
        return bounds.reduce<NumType | null>((acc, b) => (acc ? rustUnify(acc, b!) : null), bounds[0]);
      }
      if (d.kind === 'other') return null;
      if (d.type !== null) return rustNamed(d.type);
      return d.value ? rustType(d.value, inner, q) : null;
    }),
  );
}

function rustType(node: Node, seen: Set<string>, q: NumericQueries): NumType | null {
  const n = q.unparenthesize(node);
  switch (n.type) {
    case 'integer_literal':
    case 'float_literal':
      return rustLiteral(n);
    case 'identifier':
      return rustNameType(n, n.text, seen, q);
    case 'type_cast_expression': {
      const type = n.childForFieldName('type');
      return type ? rustNamed(type.text) : null;
    }
    case 'index_expression': {
      // an element of a slice, array or Vec of numbers the declarations name
      const [base, index] = q.namedChildren(n);
      if (base?.type !== 'identifier' || !index || index.type === 'range_expression') return null;
      const decls = q.declarationsOf('rust', n, base.text);
      if (decls.length === 0) return null;
      return agree(
        decls.map((d) => {
          const m = d.type && /^&?(mut )?(\[\s*(\w+)\s*(;[^\]]*)?\]|Vec<(\w+)>)$/.exec(d.type);
          return m ? rustNamed(m[3] ?? m[5]) : null;
        }),
      );
    }
    case 'call_expression': {
      // `v.len()` is a usize
      const fn = n.childForFieldName('function');
      const args = q.namedChildren(n.childForFieldName('arguments') ?? n);
      if (fn?.type === 'field_expression' && fn.childForFieldName('field')?.text === 'len' && args.length === 0) return rustNamed('usize');
      return null;
    }
    case 'unary_expression': {
      const op = n.children[0]?.text;
      const arg = q.namedChildren(n)[0];
      const t = arg && rustType(arg, seen, q);
      return t && op === '-' && !t.unsigned ? t : null;
    }
    case 'binary_expression': {
      const b = q.asBinary('rust', n);
      if (!b) return null;
      const x = rustType(b.left, seen, q);
      const y = rustType(b.right, seen, q);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>') return x.family === 'int' && y.family === 'int' ? x : null;
      if (!ARITHMETIC.has(b.operator) && !BITWISE.has(b.operator)) return null;
      return rustUnify(x, y);
    }
    default:
      return null;
  }
}

