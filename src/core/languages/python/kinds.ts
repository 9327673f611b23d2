import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';
import { pythonBindings, pythonScope, shadowsBuiltin } from './scope';
import type { PyBinding, PyKind } from './scope';

/**
 * Whether a Python name only ever holds numbers or strs, solved over its bindings in its scope
 * (scope.ts), for rewrites that differ on lists (`a += b` changes a list in place). The syntax
 * layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

const PY_NUM_BUILTINS = new Set(['int', 'float', 'len', 'ord', 'round']);
const PY_STR_BUILTINS = new Set(['str', 'chr', 'repr', 'format']);
const PY_STR_METHODS = new Set([
  'join', 'upper', 'lower', 'strip', 'lstrip', 'rstrip', 'replace', 'format', 'capitalize', 'title', 'center', 'ljust', 'rjust', 'zfill',
]);
const PY_ARITHMETIC = new Set(['+', '-', '*', '/', '//', '%', '**', '<<', '>>', '&', '|', '^']);

/**
 * What a Python name holds where `at` uses it, when its bindings in its scope prove it: 'num'
 * when every binding gives an int, float or bool, 'str' when every one gives a str. Parameters
 * without an int/float/str annotation, tuple targets, imports and globals make a name unknown.
 * (Lists are what this guards against: `a += b` extends a list in place, `a = a + b` copies it.)
 */
export function pythonKindOf(at: Node, name: string, q: TypeQueries): PyKind | null {
  const scope = pythonScope(at);
  if (!scope) return null;
  // a fact about the scope's bindings of the name, asked for every operand of every site
  return q.perTree(scope.tree, `py-kind:${scope.id}:${name}`, () => pythonKindIn(scope, name, q));
}

function pythonKindIn(scope: Node, name: string, q: TypeQueries): PyKind | null {
  const bindings = new Map<string, readonly PyBinding[]>();
  // Every name the target's bindings read, transitively: the kinds to solve for.
  const pending = [name];
  while (pending.length > 0) {
    const n = pending.pop()!;
    if (bindings.has(n)) continue;
    const bs = pythonBindings(scope, n, q);
    bindings.set(n, bs);
    for (const b of bs) if (b.value) pending.push(...q.identifiersIn(b.value));
  }
  // Greatest fixed point: guess each name's kind from one of its bindings (literals first, then
  // names already guessed), then drop every guess some binding contradicts, until none does.
  // What survives holds by induction over the program's assignments.
  const guesses = new Map<string, PyKind | null>();
  const reads = (n: string) => guesses.get(n) ?? null;
  for (let guessed = true; guessed; ) {
    guessed = false;
    for (const [n, bs] of bindings) {
      if (guesses.get(n)) continue;
      for (const b of bs) {
        const kind = b.op === 'fixed' ? b.fixed : b.op === '=' && b.value ? pythonExpressionKind(b.value, reads, q) : null;
        if (kind) {
          guesses.set(n, kind);
          guessed = true;
          break;
        }
      }
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [n, guess] of guesses) {
      if (guess && !bindings.get(n)!.every((b) => bindingKind(b, guess, reads, q) === guess)) {
        guesses.set(n, null);
        changed = true;
      }
    }
  }
  return guesses.get(name) ?? null;
}

function bindingKind(b: PyBinding, current: PyKind, reads: (n: string) => PyKind | null, q: TypeQueries): PyKind | null {
  if (b.op === 'fixed') return b.fixed;
  if (!b.value) return null;
  const value = pythonExpressionKind(b.value, reads, q);
  if (b.op === '=') return value;
  if (b.op === 'in') return value === 'str' ? 'str' : null; // iterating a str yields strs
  const op = b.op.slice(0, -1);
  // An operand of unknown kind cannot turn a number or a str into a list (int + list and
  // str + list raise), except by repetition: 2 * [0] is a list.
  if (value === null) {
    const keeps = current === 'num' ? PY_ARITHMETIC.has(op) && op !== '*' : ['+', '%', '*'].includes(op);
    return keeps ? current : null;
  }
  return combine(current, op, value);
}

function combine(left: PyKind | null, op: string, right: PyKind | null): PyKind | null {
  if (!left || !right) return null;
  if (left === 'num' && right === 'num') return PY_ARITHMETIC.has(op) ? 'num' : null;
  if (op === '+' && left === 'str' && right === 'str') return 'str';
  if (op === '*' && left !== right) return 'str';
  if (op === '%' && left === 'str') return 'str';
  return null;
}

/** The kind of a Python expression, given the kinds of the names it reads. */
export function pythonExpressionKind(node: Node, reads: (name: string) => PyKind | null, q: TypeQueries): PyKind | null {
  const n = q.unparenthesize(node);
  switch (n.type) {
    case 'integer':
    case 'float':
    case 'true':
    case 'false':
      return 'num';
    case 'string':
    case 'concatenated_string':
      return /^[rRfFuU]*["']/.test(n.text) ? 'str' : null; // bytes are not str
    case 'identifier':
      return reads(n.text);
    case 'unary_operator': {
      const arg = n.childForFieldName('argument');
      return arg && pythonExpressionKind(arg, reads, q) === 'num' ? 'num' : null;
    }
    case 'binary_operator': {
      const b = q.asBinary('python', n);
      return b ? combine(pythonExpressionKind(b.left, reads, q), b.operator, pythonExpressionKind(b.right, reads, q)) : null;
    }
    case 'conditional_expression': {
      const [a, , c] = n.namedChildren;
      if (!a || !c) return null;
      const k = pythonExpressionKind(a, reads, q);
      return k && k === pythonExpressionKind(c, reads, q) ? k : null;
    }
    case 'call': {
      const fn = n.childForFieldName('function');
      if (fn?.type === 'identifier') {
        if (PY_NUM_BUILTINS.has(fn.text) && !shadowsBuiltin(n, fn.text, q)) return 'num';
        if (PY_STR_BUILTINS.has(fn.text) && !shadowsBuiltin(n, fn.text, q)) return 'str';
      } else if (fn?.type === 'attribute') {
        const object = fn.childForFieldName('object');
        const method = fn.childForFieldName('attribute')?.text ?? '';
        if (object && PY_STR_METHODS.has(method) && pythonExpressionKind(object, reads, q) === 'str') return 'str';
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * Where Python's `a op= b` and `a = a op b` do the same (modify-operations, reached where
 * `variables.augmentedAssignmentInPlace` holds): `a += b` mutates a list in place where
 * `a = a + b` rebinds a new one; only numbers and strs are safe.
 */
export function pythonFits(target: Node, op: string, q: TypeQueries): boolean {
  const kind = pythonKindOf(target, target.text, q);
  return kind === 'num' || (kind === 'str' && op === '+');
}
