import type { Node } from 'web-tree-sitter';
import { notOnlyCalled } from './calledOnly';
import { bindings } from './bindings';
import { pythonKindOf } from './kinds';
import { pythonNestedScope, pythonScope } from './scope';
import { NUMBER, rootOf } from '../numericTypes';
import type { NumericQueries, NumType } from '../numericTypes';

/** What Python's literals, int-valued builtins and the bindings of names prove about an expression: an int, a float or a number. */
export function numericType(node: Node, q: NumericQueries): NumType | null {
  return pythonType(node, q);
}

const PY_INT_OPS = new Set(['+', '-', '*', '//', '%', '<<', '>>', '&', '|', '^']);
const PY_NUM_OPS = new Set(['+', '-', '*', '/', '//', '%', '**']);

function pyShadowed(root: Node, name: string, q: NumericQueries): boolean {
  return q.perTree(root.tree, `py-shadowed:${root.id}:${name}`, () => pyBinds(root, name, q));
}

function pyBinds(root: Node, name: string, q: NumericQueries): boolean {
  return q.identifiersWhere(root, name, 'py binds', (id) => {
    const p = id.parent;
    if (!p) return false;
    if (p.type === 'call' && q.fieldName(id) === 'function') return false;
    if (p.type === 'argument_list') return false;
    return bindings.declarationOf(id, q) !== null || ['function_definition', 'class_definition'].includes(p.type) || ['aliased_import', 'dotted_name'].includes(p.type);
    // a region that only calls it binds nothing: its text says so without reading its nodes
  }, notOnlyCalled(name, q)).length > 0;
}

function pythonType(node: Node, q: NumericQueries): NumType | null {
  if (pythonInt(node, new Set(), q)) return INT_PY;
  const n = q.unparenthesize(node);
  if (n.type === 'float') return { family: 'float', unsigned: false, rank: 0, spelling: null };
  if (n.type === 'identifier') return pythonKindOf(n, n.text, q) === 'num' ? NUMBER : null;
  const b = n.type === 'binary_operator' ? q.asBinary('python', n) : null;
  if (b && PY_NUM_OPS.has(b.operator) && pythonType(b.left, q) && pythonType(b.right, q)) return NUMBER;
  if (n.type === 'unary_operator') {
    const arg = n.childForFieldName('argument');
    return arg && pythonType(arg, q) ? NUMBER : null;
  }
  return null;
}

const INT_PY: NumType = { family: 'int', unsigned: false, rank: 0, spelling: null };

/** Whether a Python expression is certainly an int (or a bool), from literals, int-valued builtins and the bindings of names. */
function pythonInt(node: Node, assumed: Set<string>, q: NumericQueries): boolean {
  const n = q.unparenthesize(node);
  switch (n.type) {
    case 'integer':
    case 'true':
    case 'false':
      return true;
    case 'identifier':
      return pythonIntName(n, assumed, q);
    case 'unary_operator': {
      const arg = n.childForFieldName('argument');
      return arg !== null && pythonInt(arg, assumed, q);
    }
    case 'binary_operator': {
      const b = q.asBinary('python', n);
      return b !== null && PY_INT_OPS.has(b.operator) && pythonInt(b.left, assumed, q) && pythonInt(b.right, assumed, q);
    }
    case 'call': {
      const fn = n.childForFieldName('function');
      return fn?.type === 'identifier' && ['len', 'int', 'ord'].includes(fn.text) && !pyShadowed(rootOf(n), fn.text, q);
    }
    default:
      return false;
  }
}

/**
 * A name bound only by int-valued assignments, int-preserving augmented assignments, `for` over
 * `range(...)` and `int`-annotated parameters in its scope. Names being solved are assumed int
 * (a greatest fixed point: `i = i + 1` keeps an int an int).
 */
function pythonIntName(id: Node, assumed: Set<string>, q: NumericQueries): boolean {
  const name = id.text;
  if (assumed.has(name)) return true;
  if (pythonKindOf(id, name, q) !== 'num') return false;
  const scope = pythonScope(id);
  if (!scope) return false;
  // the scope's bindings of the name decide, wherever it is read
  return q.perTreeUnguarded(assumed, id.tree, `py-int:${scope.id}:${name}`, () => pythonIntIn(scope, rootOf(id), name, assumed, q));
}

function pythonIntIn(scope: Node, root: Node, name: string, assumed: Set<string>, q: NumericQueries): boolean {
  const inner = new Set([...assumed, name]);
  let bindings = 0;
  let ok = true;
  if (scope.type === 'function_definition') {
    for (const param of q.namedChildren(scope.childForFieldName('parameters') ?? scope)) {
      const pname = param.type === 'identifier' ? param : (param.childForFieldName('name') ?? q.namedChildren(param).find((c) => c.type === 'identifier'));
      if (pname?.text !== name) continue;
      bindings++;
      if (param.childForFieldName('type')?.text.trim() !== 'int') ok = false;
    }
  }
  const start = scope.type === 'function_definition' ? (scope.childForFieldName('body') ?? scope) : scope;
  for (const n of q.identifiersNamed(start, name)) {
    if (!ok) break;
    if (pythonNestedScope(n, scope, start)) continue; // that inner scope's own `name`
    const binder = n.parent && ['assignment', 'augmented_assignment', 'for_statement'].includes(n.parent.type);
    if (binder && q.fieldName(n) === 'left') {
      const p = n.parent!;
      const right = p.childForFieldName('right');
      bindings++;
      if (p.type === 'assignment') ok = right !== null && right.type !== 'assignment' && pythonInt(right, inner, q);
      else if (p.type === 'augmented_assignment') {
        const op = p.childForFieldName('operator')?.text.slice(0, -1) ?? '';
        ok = right !== null && PY_INT_OPS.has(op) && pythonInt(right, inner, q);
      } else if (p.type === 'for_statement') {
        ok = right?.type === 'call' && right.childForFieldName('function')?.text === 'range' && !pyShadowed(root, 'range', q);
      } else ok = false;
    }
  }
  return ok && bindings > 0;
}

