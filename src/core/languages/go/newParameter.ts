import type { Node } from 'web-tree-sitter';
import type { ParameterRules, ParameterUnit } from '../languageProfile';

/** Methods the standard interfaces name: a type may implement one with its method. */
const INTERFACE_METHODS = new Set(['String', 'Error', 'Format', 'GoString', 'Len', 'Less', 'Swap', 'Read', 'Write', 'Close', 'ServeHTTP',
  'MarshalJSON', 'UnmarshalJSON', 'MarshalText', 'UnmarshalText', 'Scan', 'Value', 'Push', 'Pop', 'Unwrap', 'Is', 'As']);

/** A list's items, without its comments. */
function elements(list: Node): Node[] {
  return list.namedChildren.filter((c): c is Node => c !== null && !c.type.includes('comment'));
}

/**
 * How many arguments a call of the function must pass (`a, b int` is two), or null for a variadic
 * one (transforms/add-arguments.ts, for `parameters.spreadArguments`: `f(g())` may pass several).
 */
export function argumentCount(list: Node): number | null {
  let count = 0;
  for (const p of elements(list)) {
    if (p.type === 'variadic_parameter_declaration') return null;
    count += Math.max(1, p.childrenForFieldName('name').length);
  }
  return count;
}

/** Not `init` or a test, not exported from a package other than main, not generic, not a method an interface may name. */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  const name = fn.name;
  const node = fn.node;
  if (name === 'init' || /^(Test|Benchmark|Example|Fuzz)/.test(name)) return false;
  const pkg = unit.root.namedChildren.find((c) => c?.type === 'package_clause');
  if (/^[A-Z]/.test(name) && pkg?.namedChildren[0]?.text !== 'main') return false;
  if (node.childForFieldName('type_parameters')) return false; // generic calls parse as conversions
  if (node.type === 'method_declaration') {
    if (INTERFACE_METHODS.has(name)) return false;
    const spec = (n: Node) => (n.type === 'method_spec' || n.type === 'method_elem') && n.childForFieldName('name')?.text === name;
    if (unit.descendants(unit.root, spec).length > 0) return false;
  }
  return true;
};

/** The type of a method's receiver (`T` for `(s *T)`), or null. */
function receiverType(fn: Node): string | null {
  const receiver = fn.childForFieldName('receiver');
  const param = receiver ? elements(receiver)[0] : null;
  const type = param?.childForFieldName('type');
  return type ? type.text.replace(/^\*/, '').replace(/\[.*$/, '') : null;
}

/** A variable's type from its declarations in the function: a parameter, `var x T`, `x := T{}` or `x := &T{}`. */
function variableType(unit: ParameterUnit, id: Node): string | null {
  const fn = unit.ancestor(id, ['function_declaration', 'method_declaration', 'func_literal']);
  if (!fn) return null;
  const types = new Set<string>();
  for (const n of unit.descendants(fn, (d) => d.type === 'identifier' && d.text === id.text)) {
    if (!unit.declares(n)) continue;
    const p = n.parent!;
    if (p.type === 'parameter_declaration' || p.type === 'var_spec') {
      const t = p.childForFieldName('type');
      if (t) {
        types.add(t.text.replace(/^\*/, ''));
        continue;
      }
    }
    if (p.type === 'expression_list' && p.parent?.type === 'short_var_declaration') {
      const left = elements(p);
      const right = elements(p.parent.childForFieldName('right')!);
      const v = left.length === right.length ? right[left.findIndex((x) => x.id === n.id)] : null;
      const lit = v?.type === 'unary_expression' ? v.childForFieldName('operand') : v;
      if (lit?.type === 'composite_literal') {
        types.add(lit.childForFieldName('type')?.text ?? '?');
        continue;
      }
    }
    return null;
  }
  return types.size === 1 ? [...types][0] : null;
}

/** The receiver of a method of the same type, or a variable declared of that type. */
export const ownReceiver: ParameterRules['ownReceiver'] = (fn, r, unit) => {
  const type = receiverType(fn.node);
  if (!type || r.type !== 'identifier') return false;
  const method = unit.ancestor(r, ['method_declaration', 'function_declaration']);
  if (method?.type === 'method_declaration' && receiverType(method) === type) {
    const recvName = elements(method.childForFieldName('receiver')!)[0]?.childForFieldName('name')?.text;
    if (recvName === r.text) return true;
  }
  return variableType(unit, r) === type;
};
