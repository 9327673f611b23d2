import type { Node, Tree } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * What a Go file says about an expression's type without a type checker: the declarations of the
 * names it reads, literals, conversions, len/cap, elements and struct fields. Null is "don't
 * know", and callers decline on it (extract-arithmetic and the Go helper of syntax/helpers.ts
 * paramHelper, reached where `helpers.resultTypes` is 'declared-operands' or
 * `helpers.parameterHelper` is 'function'). The syntax layer's answers come in `q`
 * (syntax/declarations.ts TYPE_QUERIES).
 */

/** The unit a Go expression is read in (syntax/context.ts UnitContext): its file, and the words it holds, read only for len/cap. */
export interface GoUnit {
  readonly tree: Tree;
  readonly root: Node;
  readonly words: { has(word: string): boolean };
}

/** Go's arithmetic and bitwise operators. */
const GO_ARITHMETIC = new Set(['+', '-', '*', '/', '%', '<<', '>>', '&', '|', '^', '&^']);

/** Go's predeclared numeric types (and their conversions). */
export const GO_BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'float32', 'float64', 'byte', 'rune',
  'complex64', 'complex128',
]);

/** A Go type as written, or 'untyped' for constants and literals that take their type from context. */
type GoType = string;

/** The Go nodes goDeclaredType reads. */
const GO_DECLARING = new Set([
  'parameter_declaration', 'variadic_parameter_declaration', 'var_spec', 'const_spec', 'short_var_declaration', 'range_clause',
  'type_switch_statement', 'receive_statement',
]);

/** Declarations of a Go name in a function (parameters, results, var, :=, range) and the file's package-level ones. */
function goDeclaredType(ctx: GoUnit, at: Node, name: string, depth: number, q: TypeQueries): GoType | null {
  if (depth > 8) return null;
  const outerFn = q.ancestor(at, ['function_declaration', 'method_declaration']);
  // the answer is about the function's (or the file's) declarations of the name, wherever it is
  // asked from: asked afresh for every operand of every site, it scanned the function each time.
  // The depth is part of the question, since the depth limit can cut a deeper answer short
  return q.perTree(ctx.tree, `go-declared-type:${outerFn?.id ?? 'file'}:${name}:${depth}`, () => goDeclarations(ctx, outerFn, name, depth, q));
}

function goDeclarations(ctx: GoUnit, outerFn: Node | null, name: string, depth: number, q: TypeQueries): GoType | null {
  const types: (GoType | null)[] = [];
  const scan = (scope: Node, topLevelOnly: boolean) => {
    const nested = (n: Node) => topLevelOnly && n !== scope && (n.type === 'function_declaration' || n.type === 'method_declaration');
    // the table's walk, once per scope: every name an expression reads is looked up in the same list
    const declaring = q.perTree(ctx.tree, `go-declaring:${scope.id}:${topLevelOnly}`, () =>
      q.descendants(scope, (d) => GO_DECLARING.has(d.type) && !nested(d), nested),
    );
    for (const n of declaring) {
      switch (n.type) {
        case 'parameter_declaration':
        case 'variadic_parameter_declaration':
          if (n.childrenForFieldName('name').some((x) => x?.text === name)) {
            const t = n.childForFieldName('type')?.text ?? null;
            types.push(n.type === 'variadic_parameter_declaration' ? null : t);
          }
          break;
        case 'var_spec':
        case 'const_spec': {
          const names = n.childrenForFieldName('name');
          const index = names.findIndex((x) => x?.text === name);
          if (index < 0) break;
          const t = n.childForFieldName('type');
          if (t) types.push(t.text);
          else {
            const values = q.namedChildren(n.childForFieldName('value') ?? n).filter((c) => c.type !== 'comment');
            const v = n.childForFieldName('value') ? values[index] : undefined;
            types.push(v ? (n.type === 'const_spec' ? 'untyped' : goValueType(ctx, v, depth + 1, q)) : null);
          }
          break;
        }
        case 'short_var_declaration': {
          const left = q.namedChildren(n.childForFieldName('left') ?? n);
          const index = left.findIndex((x) => x.text === name);
          if (index < 0) break;
          const right = q.namedChildren(n.childForFieldName('right') ?? n);
          types.push(right.length === left.length ? goValueType(ctx, right[index], depth + 1, q) : null);
          break;
        }
        case 'range_clause': {
          const left = q.namedChildren(n.childForFieldName('left') ?? n);
          const index = left.findIndex((x) => x.text === name);
          if (index < 0) break;
          const over = n.childForFieldName('right');
          const overType = over ? goExpressionType(ctx, over, q, depth + 1) : null;
          if (index === 0) types.push(overType && /^(\[\d*\]|string$)/.test(overType) ? 'int' : null);
          else types.push(overType?.startsWith('[') ? overType.replace(/^\[\d*\]/, '') : overType === 'string' ? 'rune' : null);
          break;
        }
        case 'type_switch_statement':
        case 'receive_statement':
          if (new RegExp(`\\b${name}\\b`).test((n.childForFieldName('alias') ?? n.childForFieldName('left'))?.text ?? '')) types.push(null);
          break;
      }
    }
  };
  if (outerFn) scan(outerFn, false);
  if (types.length === 0) scan(ctx.root, true);
  if (types.length === 0) return null;
  return agree(types);
}

/** The type a Go variable takes from a number, rune or string literal it is initialised with (`1.5` is float64), or null. */
export function goLiteralType(node: Node): GoType | null {
  switch (node.type) {
    case 'int_literal':
      return 'int';
    case 'float_literal':
      return 'float64';
    case 'rune_literal':
      return 'rune';
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return 'string';
    default:
      return null;
  }
}

/** The type of a Go value expression used to initialise a variable (`0` is int, `1.5` float64, `x * 2` x's type). */
function goValueType(ctx: GoUnit, value: Node, depth: number, q: TypeQueries): GoType | null {
  const inner = q.unparenthesize(value);
  const literal = goLiteralType(inner);
  if (literal) return literal;
  if (inner.type === 'composite_literal') return inner.childForFieldName('type')?.text ?? null;
  const t = goExpressionType(ctx, inner, q, depth + 1);
  return t === 'untyped' ? null : t;
}

/**
 * The type of a Go expression, when this can tell: variables with declared or literal types,
 * conversions to basic types, len/cap, elements of slices and arrays, fields of the file's
 * structs; 'untyped' for constant expressions.
 */
export function goExpressionType(ctx: GoUnit, node: Node, q: TypeQueries, depth = 0): GoType | null {
  if (depth > 8) return null;
  const inner = q.unparenthesize(node);
  switch (inner.type) {
    case 'int_literal':
    case 'float_literal':
    case 'rune_literal':
      return 'untyped';
    case 'interpreted_string_literal':
    case 'raw_string_literal':
      return 'string';
    case 'identifier':
      return goDeclaredType(ctx, inner, inner.text, depth + 1, q);
    case 'call_expression': {
      const fn = inner.childForFieldName('function');
      const args = q.namedChildren(inner.childForFieldName('arguments') ?? inner);
      if (!fn) return null;
      if ((fn.text === 'len' || fn.text === 'cap') && !ctx.words.has(`func ${fn.text}`)) return 'int';
      if (GO_BUILTIN_TYPES.has(fn.text) && args.length === 1) return fn.text === 'byte' ? 'uint8' : fn.text === 'rune' ? 'int32' : fn.text;
      return null;
    }
    case 'index_expression': {
      const operand = inner.childForFieldName('operand');
      const t = operand ? goExpressionType(ctx, operand, q, depth + 1) : null;
      if (t?.startsWith('[')) return t.replace(/^\[\d*\]/, '');
      if (t === 'string') return 'uint8';
      return null;
    }
    case 'selector_expression': {
      const operand = inner.childForFieldName('operand');
      const field = inner.childForFieldName('field')?.text;
      const t = operand ? goExpressionType(ctx, operand, q, depth + 1) : null;
      return t && field ? goFieldType(ctx, t.replace(/^\*/, ''), field, q) : null;
    }
    case 'unary_expression': {
      const op = inner.childForFieldName('operator')?.text;
      const arg = inner.childForFieldName('operand');
      return arg && (op === '-' || op === '+' || op === '^') ? goExpressionType(ctx, arg, q, depth + 1) : null;
    }
    case 'binary_expression': {
      const b = q.asBinary('go', inner);
      if (!b || !GO_ARITHMETIC.has(b.operator)) return null;
      const l = goExpressionType(ctx, b.left, q, depth + 1);
      if (b.operator === '<<' || b.operator === '>>') return l;
      const r = goExpressionType(ctx, b.right, q, depth + 1);
      if (!l || !r) return null;
      if (l === 'untyped') return r;
      if (r === 'untyped' || l === r) return l;
      return null;
    }
    default:
      return null;
  }
}

function goFieldType(ctx: GoUnit, typeName: string, field: string, q: TypeQueries): GoType | null {
  for (const spec of q.descendants(ctx.root, (n) => n.type === 'type_spec')) {
    if (spec.childForFieldName('name')?.text !== typeName) continue;
    const struct = spec.childForFieldName('type');
    if (struct?.type !== 'struct_type') return null;
    for (const f of q.descendants(struct, (n) => n.type === 'field_declaration')) {
      if (f.childrenForFieldName('name').some((x) => x?.text === field)) return f.childForFieldName('type')?.text ?? null;
    }
  }
  return null;
}

/** Whether a Go type is numeric (what a closure returning an arithmetic result may declare). */
export function goNumeric(type: string): boolean {
  return GO_BUILTIN_TYPES.has(type) && !type.startsWith('complex');
}

/** The one value all known values agree on, or null when one is unknown or they differ. */
function agree<T>(values: (T | null)[]): T | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.every((v) => v === values[0]) ? values[0] : null;
}
