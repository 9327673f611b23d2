import type { Node } from 'web-tree-sitter';
import { bindings } from './bindings';
import { agree, rootOf, same, ARITHMETIC, BITWISE } from '../numericTypes';
import type { NumericQueries, NumType } from '../numericTypes';

/** What Go's literals, conversions and declarations prove about an expression's numeric type, untyped constants taking the other operand's type. */
export function numericType(node: Node, q: NumericQueries): NumType | null {
  return goType(node, new Set(), q)?.type ?? null;
}

const GO_TYPES = new Set([
  'int', 'int8', 'int16', 'int32', 'int64', 'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr', 'byte', 'rune', 'float32', 'float64',
]);

function goNamed(name: string): NumType | null {
  if (!GO_TYPES.has(name)) return null;
  if (name.startsWith('float')) return { family: 'float', unsigned: false, rank: 0, spelling: name };
  return { family: 'int', unsigned: name.startsWith('u') || name === 'byte', rank: 0, spelling: name };
}

/** A Go type with whether it is an untyped constant (which takes the other operand's type). */
interface GoTyped {
  type: NumType;
  untyped: boolean;
}

function goOutermostFunction(node: Node): Node | null {
  let out: Node | null = null;
  for (let p = node.parent; p; p = p.parent) if (['function_declaration', 'method_declaration', 'func_literal'].includes(p.type)) out = p;
  return out;
}

/** Whether the file declares `name` itself anywhere (so a builtin or a type name may be shadowed). */
function goDeclares(root: Node, name: string, q: NumericQueries): boolean {
  // kept per tree and name: every numeric question about the file asks of the same few type names
  return q.perTree(root.tree, `go-declares:${root.id}:${name}`, () =>
    // whether a region declares it is a fact about the region: a region a step left alone is not read again
    q.nodesOfType(root, ['identifier', 'type_identifier'], q.holdingWord([name]), {
      question: { key: `go declares ${name}`, keep: (n) => n.text === name && declaringName(n, q) },
    }).length > 0,
  );
}

function declaringName(n: Node, q: NumericQueries): boolean {
  const p = n.parent;
  if (!p) return false;
  if (['function_declaration', 'type_spec', 'type_alias'].includes(p.type)) return q.fieldName(n) === 'name';
  return bindings.declarationOf(n, q) !== null;
}

/** A Go identifier outside every function that declares its name (what a whole-file search for globals keeps). */
function goDeclaredOutside(id: Node, q: NumericQueries): boolean {
  return !q.ancestor(id, ['function_declaration', 'method_declaration']) && bindings.declarationOf(id, q) !== null;
}

/** The types the declarations of `name` (in the function around `at`, and at package level) give it. */
function goNameType(at: Node, name: string, seen: Set<string>, q: NumericQueries): GoTyped | null {
  if (seen.has(name)) return null;
  const fn = goOutermostFunction(at);
  // the function's and the file's declarations decide, wherever the name is read
  return q.perTreeUnguarded(seen, at.tree, `go-name-type:${fn?.id ?? 'file'}:${name}`, () => goDeclaredIn(rootOf(at), fn, name, seen, q));
}

function goDeclaredIn(root: Node, fn: Node | null, name: string, seen: Set<string>, q: NumericQueries): GoTyped | null {
  const inner = new Set([...seen, name]);
  const scopes = fn ? [fn] : [];
  const ids = [
    ...scopes.flatMap((s) => q.identifiersNamed(s, name)).filter((id) => bindings.declarationOf(id, q) !== null),
    ...q.identifiersWhere(root, name, 'go declared outside functions', (id) => goDeclaredOutside(id, q)),
  ];
  if (ids.length === 0) return null;
  const results: (GoTyped | null)[] = ids.map((id) => {
    const p = id.parent!;
    switch (p.type) {
      case 'parameter_declaration':
      case 'var_spec':
      case 'const_spec': {
        const type = p.childForFieldName('type');
        if (type) return goNamed(type.text) && !goDeclares(root, type.text, q) ? { type: goNamed(type.text)!, untyped: p.type === 'const_spec' } : null;
        if (p.type === 'parameter_declaration') return null;
        const names = p.childrenForFieldName('name').filter((c): c is Node => c !== null);
        const values = q.namedChildren(p.childForFieldName('value') ?? p).filter((c) => c.type !== 'comment');
        const value = p.childForFieldName('value') ? values[names.findIndex((c) => c.id === id.id)] : undefined;
        if (!value || names.length !== values.length) return null;
        const t = goType(value, inner, q);
        return t ? { type: t.type, untyped: p.type === 'const_spec' && t.untyped } : null;
      }
      case 'expression_list': {
        const owner = p.parent!;
        if (owner.type === 'range_clause') {
          // the index of a range over a slice, array or string is an int
          const index = q.namedChildren(p)[0];
          const over = owner.childForFieldName('right');
          if (index?.id !== id.id || !over || over.type !== 'identifier') return null;
          return goRangeable(over, inner, q) ? { type: goNamed('int')!, untyped: false } : null;
        }
        if (owner.type !== 'short_var_declaration') return null;
        const lefts = q.namedChildren(p);
        const rights = q.namedChildren(owner.childForFieldName('right') ?? owner);
        if (lefts.length !== rights.length) return null;
        const t = goType(rights[lefts.findIndex((c) => c.id === id.id)], inner, q);
        // `x := 1` makes x an int variable: typed from here on
        return t ? { type: t.type, untyped: false } : null;
      }
      default:
        return null;
    }
  });
  if (results.some((r) => r === null)) return null;
  const first = results[0]!;
  return results.every((r) => same(r!.type, first.type) && r!.untyped === first.untyped) ? first : null;
}

/** Whether a name is declared only as a slice, array or string (what `range` indexes with ints). */
function goRangeable(name: Node, seen: Set<string>, q: NumericQueries): boolean {
  const fn = goOutermostFunction(name);
  if (!fn) return false;
  const ids = q.identifiersNamed(fn, name.text).filter((id) => bindings.declarationOf(id, q) !== null);
  return (
    ids.length > 0 &&
    ids.every((id) => {
      const p = id.parent!;
      const type = p.type === 'parameter_declaration' || p.type === 'var_spec' ? p.childForFieldName('type') : null;
      if (type) return type.type === 'slice_type' || type.type === 'array_type' || type.text === 'string';
      if (p.type !== 'expression_list' || p.parent?.type !== 'short_var_declaration') return false;
      const lefts = q.namedChildren(p);
      const rights = q.namedChildren(p.parent.childForFieldName('right') ?? p.parent);
      const value = lefts.length === rights.length ? rights[lefts.findIndex((c) => c.id === id.id)] : undefined;
      return value !== undefined && value.type === 'composite_literal' && ['slice_type', 'array_type'].includes(value.childForFieldName('type')?.type ?? '') && !seen.has(id.text);
    })
  );
}

/** The element type of a slice or array every declaration of the name gives it (`xs []int`, `xs := []int{...}`). */
function goElementType(name: Node, q: NumericQueries): NumType | null {
  const fn = goOutermostFunction(name);
  const root = rootOf(name);
  const ids = [
    ...(fn ? q.identifiersNamed(fn, name.text) : []).filter((id) => bindings.declarationOf(id, q) !== null),
    // the identifiers outside functions (what a walk pruned at functions finds)
    ...q.identifiersWhere(root, name.text, 'go declared outside functions', (id) => goDeclaredOutside(id, q)),
  ];
  if (ids.length === 0) return null;
  return agree(
    ids.map((id) => {
      const p = id.parent!;
      let type: Node | null = null;
      if (p.type === 'parameter_declaration' || p.type === 'var_spec') type = p.childForFieldName('type');
      else if (p.type === 'expression_list' && p.parent?.type === 'short_var_declaration') {
        const lefts = q.namedChildren(p);
        const rights = q.namedChildren(p.parent.childForFieldName('right') ?? p.parent);
        const value = lefts.length === rights.length ? rights[lefts.findIndex((c) => c.id === id.id)] : undefined;
        if (value?.type === 'composite_literal') type = value.childForFieldName('type');
      }
      if (!type || (type.type !== 'slice_type' && type.type !== 'array_type')) return null;
      const element = type.childForFieldName('element')?.text ?? '';
      return goDeclares(root, element, q) ? null : goNamed(element);
    }),
  );
}

function goType(node: Node, seen: Set<string>, q: NumericQueries): GoTyped | null {
  const n = q.unparenthesize(node);
  switch (n.type) {
    case 'int_literal':
      return { type: goNamed('int')!, untyped: true };
    case 'rune_literal':
      return { type: goNamed('rune')!, untyped: true };
    case 'float_literal':
      return { type: goNamed('float64')!, untyped: true };
    case 'identifier':
      return goNameType(n, n.text, seen, q);
    case 'index_expression': {
      const operand = n.childForFieldName('operand');
      const element = operand?.type === 'identifier' ? goElementType(operand, q) : null;
      return element ? { type: element, untyped: false } : null;
    }
    case 'call_expression': {
      const fn = n.childForFieldName('function');
      const args = q.namedChildren(n.childForFieldName('arguments') ?? n);
      if (fn?.type !== 'identifier' || goDeclares(rootOf(n), fn.text, q)) return null;
      if ((fn.text === 'len' || fn.text === 'cap') && args.length === 1) return { type: goNamed('int')!, untyped: false };
      const conversion = goNamed(fn.text);
      return conversion && args.length === 1 ? { type: conversion, untyped: false } : null;
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const operand = n.childForFieldName('operand');
      const t = operand && goType(operand, seen, q);
      return t && (op === '-' || op === '+' || (op === '^' && t.type.family === 'int')) ? t : null;
    }
    case 'binary_expression': {
      const b = q.asBinary('go', n);
      if (!b) return null;
      const x = goType(b.left, seen, q);
      const y = goType(b.right, seen, q);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>') return x.untyped ? null : x;
      if (!ARITHMETIC.has(b.operator) && !BITWISE.has(b.operator)) return null;
      if (x.untyped && y.untyped) return x.type.family === 'float' || y.type.family === 'float' ? { type: goNamed('float64')!, untyped: true } : x;
      if (!x.untyped && !y.untyped) return same(x.type, y.type) ? x : null;
      return x.untyped ? y : x;
    }
    default:
      return null;
  }
}

