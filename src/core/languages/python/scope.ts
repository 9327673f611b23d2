import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * Python's scopes and bindings as the source shows them: the scope a name lives in, the ways its
 * scope binds it, and whether it is certainly bound where it is read. The syntax layer's answers
 * come in `q` (syntax/declarations.ts TYPE_QUERIES); the kinds of values bound are kinds.ts's.
 */

/** What a Python name is proved to hold: a number or a str (kinds.ts). */
export type PyKind = 'num' | 'str';

const PY_SCOPES = new Set([
  'function_definition', 'class_definition', 'lambda',
  'list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression',
]);
/** Parents of an identifier that bind it other than by assignment, augmented assignment, for loop or parameter. */
const PY_OTHER_BINDERS = new Set([
  'pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern', 'dictionary_splat_pattern', 'as_pattern_target',
  'as_pattern', 'aliased_import', 'dotted_name', 'global_statement', 'nonlocal_statement', 'delete_statement', 'case_pattern',
  'keyword_pattern', 'splat_pattern',
]);

/** One way a name gets a value: `=` value, an augmented operator and its operand, `in` an iterable, or a fixed kind. */
export interface PyBinding {
  op: '=' | 'in' | 'fixed' | string;
  value: Node | null;
  fixed: PyKind | null;
}

/** The scope a Python name used at `at` lives in: its function or the module; null in a class body or comprehension. */
export function pythonScope(at: Node): Node | null {
  for (let n = at.parent; n; n = n.parent) {
    if (n.type === 'function_definition' || n.type === 'module') return n;
    if (PY_SCOPES.has(n.type)) return null;
  }
  return null;
}

function isIdentifier(n: Node | null): n is Node {
  return n !== null && n.type === 'identifier';
}

function walrusTarget(parent: Node, n: Node): boolean {
  return parent.type === 'named_expression' && sameNode(parent.childForFieldName('name'), n);
}

function sameNode(a: Node | null, b: Node): boolean {
  return a !== null && a.startIndex === b.startIndex && a.endIndex === b.endIndex;
}

/** A Python function's parameters with the identifier each binds (`*args` and `**kw` included). */
function pythonParameters(fn: Node): { name: Node; param: Node }[] {
  const out: { name: Node; param: Node }[] = [];
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!param) continue;
    const name = param.type === 'identifier' ? param : (param.childForFieldName('name') ?? param.namedChildren.find(isIdentifier));
    if (name) out.push({ name, param });
  }
  return out;
}

/** The names an assignment or for-loop target binds: `x`, `a, (b, c)`; not fields or elements. */
function pythonTargetNames(target: Node): string[] {
  if (target.type === 'identifier') return [target.text];
  if (['pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern', 'parenthesized_expression'].includes(target.type)) {
    return target.namedChildren.flatMap((c) => (c ? pythonTargetNames(c) : []));
  }
  return [];
}

/**
 * Bindings per scope and name, once per tree: every statement's dataflow asks whether its names
 * are bound, and each answer walks the whole scope, so without this a step's site search grows
 * with the square of the unit.
 */
export function pythonBindings(scope: Node, name: string, q: TypeQueries): readonly PyBinding[] {
  return q.perTree(scope.tree, `py-bindings:${scope.id}:${name}`, () => scopeBindings(scope, name, q));
}

/**
 * The outermost def, class, lambda or comprehension other than `scope` between `within` (not
 * included) and the name `n`, or null: a name under one belongs to that inner scope.
 */
export function pythonNestedScope(n: Node, scope: Node, within: Node): Node | null {
  let nested: Node | null = null;
  for (let p = n.parent; p && p.id !== within.id; p = p.parent) if (p.id !== scope.id && PY_SCOPES.has(p.type)) nested = p;
  return nested;
}

function scopeBindings(scope: Node, name: string, q: TypeQueries): PyBinding[] {
  const out: PyBinding[] = [];
  const unknown = () => out.push({ op: 'fixed', value: null, fixed: null });
  // A `global` or `nonlocal` declaration anywhere lets other functions rebind the name.
  let root = scope;
  while (root.parent) root = root.parent;
  if (new RegExp(`\\b(global|nonlocal)\\s[^\\n]*\\b${name}\\b`).test(root.text)) unknown();
  if (scope.type === 'function_definition') {
    for (const { name: pname, param } of pythonParameters(scope)) {
      if (pname.text !== name) continue;
      // Annotations are the only evidence about a parameter; `x=0` says nothing about what callers pass.
      const annotation = param.type.startsWith('typed') ? param.childForFieldName('type')?.text.trim() : undefined;
      const fixed = annotation === 'int' || annotation === 'float' ? 'num' : annotation === 'str' ? 'str' : null;
      out.push({ op: 'fixed', value: null, fixed });
    }
  }
  const body = scope.type === 'function_definition' ? scope.childForFieldName('body') : scope;
  if (!body) return out;
  for (const n of q.identifiersNamed(body, name)) {
    const nested = pythonNestedScope(n, scope, body);
    if (nested) {
      if (sameNode(nested.childForFieldName('name'), n)) unknown(); // a nested def or class binds its name here
      continue;
    }
    const parent = n.parent;
    if (parent) {
      const isLeft = sameNode(parent.childForFieldName('left'), n);
      if (isLeft && parent.type === 'assignment') {
        let value = parent.childForFieldName('right');
        while (value?.type === 'assignment') value = value.childForFieldName('right');
        if (value) out.push({ op: '=', value, fixed: null }); // `x: int` alone binds nothing
      } else if (isLeft && parent.type === 'augmented_assignment') {
        out.push({ op: parent.childForFieldName('operator')?.text ?? '?', value: parent.childForFieldName('right'), fixed: null });
      } else if (isLeft && parent.type === 'for_statement') {
        const iter = parent.childForFieldName('right');
        const range = iter?.type === 'call' && iter.childForFieldName('function')?.text === 'range' && !shadowsBuiltin(scope, 'range', q);
        out.push(range ? { op: 'fixed', value: null, fixed: 'num' } : { op: 'in', value: iter, fixed: null });
      } else if (PY_OTHER_BINDERS.has(parent.type) || walrusTarget(parent, n)) {
        unknown();
      }
    }
  }
  return out;
}

/** Whether the file binds a builtin's name itself (a def, an assignment, a parameter, an import). */
export function shadowsBuiltin(anyNode: Node, name: string, q: TypeQueries): boolean {
  return q.perTree(anyNode.tree, `shadows-builtin:${name}`, () => {
    const declared = `\\b(def|class|as|import|global|nonlocal)\\s+${name}\\b`;
    const assigned = `(^|[^.\\w])${name}\\s*(:[^=\\n]*)?=[^=]`;
    const parameter = `[(,]\\s*\\*{0,2}${name}\\s*[,):=]`;
    return new RegExp(`${declared}|${assigned}|${parameter}`, 'm').test(anyNode.tree.rootNode.text);
  });
}

/** Whether a statement, run to completion, has bound `name` (an assignment, import, def or class at its top). */
function pythonStatementBinds(statement: Node, name: string): boolean {
  switch (statement.type) {
    case 'expression_statement':
      return statement.namedChildren.some((c) => {
        const assigns = (a: Node | null): a is Node => a !== null && (a.type === 'assignment' || a.type === 'augmented_assignment');
        for (let a: Node | null = c; assigns(a); a = a.childForFieldName('right')) {
          const left = a.childForFieldName('left');
          if (left && pythonTargetNames(left).includes(name)) return true;
          if (a.type === 'augmented_assignment') return false;
        }
        return false;
      });
    case 'function_definition':
    case 'class_definition':
      return statement.childForFieldName('name')?.text === name;
    case 'decorated_definition': {
      const def = statement.childForFieldName('definition');
      return def !== null && pythonStatementBinds(def, name);
    }
    case 'import_statement':
    case 'import_from_statement':
      return new RegExp(`\\b${name}\\b`).test(statement.text);
    default:
      return false;
  }
}

/**
 * Whether a statement of `block` that starts before `offset` binds `name`. Asked for every name a
 * statement reads, of every block around it, so each block's bindings are read once per tree:
 * per name the first statement binding it, and the imports, which pythonStatementBinds matches
 * by their text.
 */
function pythonBoundBefore(block: Node, name: string, offset: number, q: TypeQueries): boolean {
  const { first, imports } = q.perTree(block.tree, `py-block-bindings:${block.id}`, () => {
    const first = new Map<string, number>();
    const imports: Node[] = [];
    const names = (statement: Node): string[] => {
      switch (statement.type) {
        case 'expression_statement':
          return q.namedChildren(statement).flatMap((c) => {
            const out: string[] = [];
            for (let a: Node | null = c; a && (a.type === 'assignment' || a.type === 'augmented_assignment'); a = a.childForFieldName('right')) {
              const left = a.childForFieldName('left');
              if (left) out.push(...pythonTargetNames(left));
              if (a.type === 'augmented_assignment') break;
            }
            return out;
          });
        case 'function_definition':
        case 'class_definition':
          return [statement.childForFieldName('name')?.text ?? ''];
        case 'decorated_definition': {
          const def = statement.childForFieldName('definition');
          return def ? names(def) : [];
        }
        default:
          return [];
      }
    };
    for (const statement of q.namedChildren(block)) {
      if (statement.type === 'import_statement' || statement.type === 'import_from_statement') imports.push(statement);
      for (const bound of names(statement)) if (!first.has(bound)) first.set(bound, statement.startIndex);
    }
    return { first, imports };
  });
  if ((first.get(name) ?? Infinity) < offset) return true;
  return imports.some((statement) => statement.startIndex < offset && pythonStatementBinds(statement, name));
}

/**
 * Whether a Python name is certainly bound when `at` runs: a parameter, a name its scope never
 * binds (a global or builtin), the variable of an enclosing for loop, or bound by a statement
 * that runs before `at` in the same block or an enclosing one. A name bound only in some branches
 * may be unbound (reading it raises), so a rewrite must not make it read where it was not.
 */
export function pythonDefinitelyBound(at: Node, name: string, q: TypeQueries): boolean {
  // A comprehension's or a lambda's own variables are bound inside it; other names come from outside.
  let inner: Node = at;
  for (let n = at.parent; n && !['function_definition', 'class_definition', 'module'].includes(n.type); n = n.parent) {
    if (!PY_SCOPES.has(n.type)) continue;
    const bound = n.type === 'lambda'
      ? pythonParameters(n).some((p) => p.name.text === name)
      : n.namedChildren.some((c) => c?.type === 'for_in_clause' && pythonTargetNames(c.childForFieldName('left') ?? c).includes(name));
    if (bound) return true;
    inner = n;
  }
  const scope = pythonScope(inner);
  if (!scope) return false;
  const bindings = pythonBindings(scope, name, q);
  if (bindings.length === 0) return true;
  if (scope.type === 'function_definition' && pythonParameters(scope).some((p) => p.name.text === name)) return true;
  for (let n: Node = at; n.parent && n !== scope; n = n.parent) {
    const parent = n.parent;
    if (parent.type === 'for_statement' && sameNode(parent.childForFieldName('body'), n)) {
      const left = parent.childForFieldName('left');
      if (left && pythonTargetNames(left).includes(name)) return true;
    }
    if ((parent.type === 'block' || parent.type === 'module') && pythonBoundBefore(parent, name, n.startIndex, q)) return true;
  }
  return false;
}
