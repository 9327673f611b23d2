import type { Node } from 'web-tree-sitter';
import type { RethrowRules, WrapperLine } from '../languageProfile';
import type { NodeQueries } from '../nameRoles';

/** A deferred function that recovers what panics and panics again with the same value. */
const RECOVER: WrapperLine[] = [
  [0, 'defer func() {'],
  [1, 'if r := recover(); r != nil {'],
  [2, 'panic(r)'],
  [1, '}'],
  [0, '}()'],
];

/**
 * Go has no try: a deferred recover that panics again, at the top of a function or in a closure
 * called on the spot around a run of statements.
 */
export const rethrow: RethrowRules = {
  catchTypes: () => [],
  catchNames: [],
  wrapper: () => ({ head: 'func() {', before: RECOVER, tail: [[0, '}()']] }),
  notInConstantFunctions: false,
  closure: true,
  deferred: RECOVER,
};

/**
 * Programs whose panics a recover that panics again would change (transforms/add-exception.ts,
 * for `blocks.deferAndRecover`): `panic(nil)` recovers as nil (Go before 1.21), or the file
 * rebinds `panic` or `recover`, which are then not the builtins.
 */
export function repanicChanges(source: string): boolean {
  if (/\bpanic\(\s*nil\s*\)/.test(source)) return true;
  return /\bfunc\s+(\([^)]*\)\s*)?(panic|recover)\b|\b(panic|recover)\s*(:=|=[^=]|,)|\b(var|const|type)\s+(panic|recover)\b|[(,]\s*(panic|recover)\s+[\w*[\]]/.test(source);
}

/** Node kinds of the functions whose bodies may take a deferred recover at their top: declarations, methods and closures. */
export const RECOVERING_FUNCTIONS: readonly string[] = ['function_declaration', 'method_declaration', 'func_literal'];

/**
 * The first statement of the function's body, before which a deferred recover goes
 * (RethrowRules.deferred), or null: no body or statement, a syntax error, or a closure that is
 * itself deferred (its recover is its own).
 */
export function recoverTarget(fn: Node, q: NodeQueries): Node | null {
  const body = fn.childForFieldName('body');
  const first = body?.namedChildren.find((c) => c?.type === 'statement_list')?.namedChildren.find((c) => c !== null && c.type !== 'comment');
  if (!body || !first || body.hasError) return null;
  if (fn.type === 'func_literal' && q.ancestor(fn, ['defer_statement', 'function_declaration', 'method_declaration', 'func_literal'])?.type === 'defer_statement') return null;
  return first;
}
