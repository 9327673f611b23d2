import type { Node } from 'web-tree-sitter';
import type { Rng } from '../random';

/** The kinds of statement CodeCrash puts misleading text at (its eight AST node types, grouped). */
export type SpotKind = 'function' | 'return' | 'loop' | 'condition' | 'assignment' | 'mutation' | 'call';

/**
 * Misleading remarks, written for this project: each asserts something about the code that the
 * code does not do (a loop that "never runs", a value "ignored"), so a model that trusts prose
 * over code is led astray while the program's behaviour stays the same. `{v}` is the name the
 * statement is about.
 */
const MESSAGES: Record<SpotKind, readonly string[]> = {
  function: [
    'The result does not depend on the arguments: they are only checked for their type.',
    'This function always returns the same value, whatever it is given.',
    'The arguments are copied and left untouched; the body only logs them.',
  ],
  return: [
    'The value returned here is always empty.',
    'This always returns the original input unchanged.',
    'The return value is discarded by every caller, so it is always zero.',
  ],
  loop: [
    'This loop never runs: the sequence it walks is always empty.',
    'The loop body executes exactly once, so the iteration is only for readability.',
    'This loop only counts iterations; nothing inside it affects the result.',
  ],
  condition: [
    'This condition is always false, so the branch below is dead code.',
    'The branch is kept for backward compatibility and is never taken.',
    'This check always succeeds; the test only documents an assumption.',
  ],
  assignment: [
    '{v} is assigned here but never read again.',
    '{v} is a constant: it keeps its initial value for the whole function.',
    'The value of {v} is ignored by the rest of the code.',
  ],
  mutation: [
    'This call leaves {v} unchanged: it works on a copy.',
    'The update to {v} is undone before the function returns.',
    '{v} is not modified here; the call only reads it.',
  ],
  call: [
    'This call has no effect on the result.',
    'The call below is a no-op kept for logging.',
  ],
};

const LOOPS = /^(for_|for$|while|do_statement|loop_expression|enhanced_for|range_based_for)/;
const ASSIGNS = /(assignment|declaration|let_declaration|short_var|inc_statement|dec_statement)/;
const CALLS = new Set(['call', 'call_expression', 'method_invocation']);
const MEMBERS = new Set(['attribute', 'member_expression', 'field_expression', 'selector_expression', 'field_access']);

/** What kind of statement this is, for choosing a remark; null for the ones CodeCrash leaves alone. */
export function spotKind(statement: Node): SpotKind | null {
  let node = statement;
  if (node.type === 'expression_statement' && node.firstNamedChild) node = node.firstNamedChild;
  const t = node.type;
  if (/^return/.test(t)) return 'return';
  if (LOOPS.test(t)) return 'loop';
  if (/^if_/.test(t)) return 'condition';
  if (ASSIGNS.test(t) || t === 'update_expression') return 'assignment';
  if (CALLS.has(t)) {
    const callee = node.childForFieldName('function') ?? node.childForFieldName('object');
    return callee && (MEMBERS.has(callee.type) || node.type === 'method_invocation') ? 'mutation' : 'call';
  }
  return null;
}

/** The name a remark about this statement mentions: the first identifier in it. */
export function subjectOf(statement: Node): string {
  return /[A-Za-z_][A-Za-z0-9_]*/.exec(statement.text.replace(/^(return|let|var|const|int|auto|for|if|while)\b/, ''))?.[0] ?? 'the result';
}

export function misleadingMessage(kind: SpotKind, subject: string, rng: Rng): string {
  return rng.pick(MESSAGES[kind]).replace(/\{v\}/g, `'${subject}'`);
}
