import type { Node } from 'web-tree-sitter';
import type { CaseLabelSyntax, SwitchRules } from '../languageProfile';

/**
 * Rust's patterns: integer, character and string literals (not byte strings), booleans, and a
 * name written as a constant is (SCREAMING_CASE) that no declaration reaches: any other bare
 * name would bind a new variable.
 */
function caseLabel(n: Node, negative: boolean): CaseLabelSyntax | null {
  const operand = n.namedChildren.filter((c) => c !== null)[0];
  if (n.type === 'integer_literal' || (negative && operand?.type === 'integer_literal')) return { form: 'literal', kind: 'int', by: 'value' };
  if (n.type === 'char_literal') return { form: 'literal', kind: 'char', by: 'value' };
  if (n.type === 'string_literal' || n.type === 'raw_string_literal') return /^b/.test(n.text) ? null : { form: 'literal', kind: 'string', by: 'value' };
  if (n.type === 'boolean_literal') return { form: 'literal', kind: 'bool', by: 'text' };
  if (n.type === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(n.text)) return { form: 'file-constant', shadowedBy: 'declarations' };
  return null;
}

/** How Rust writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  node: 'match_expression',
  equals: '==',
  or: ' || ',
  keyword: 'match',
  subjectField: 'value',
  casesInSwitchNode: false,
  tagless: false,
  caseRanges: false,
  typedLabels: false,
  valueSwitch: 'if-expression',
  ifHeaderStatement: false,
  temporary: (name, value) => `let ${name} = ${value};`,
  form: 'match-arms',
  arrowRules: false,
  yields: false,
  casesEndThemselves: true,
  sharedCaseScope: false,
  exhaustiveUnions: false,
  and: ' && ',
  bareConditions: true,
  emptyBlock: '{}',
  casesAtSwitchIndent: false,
  unreachableBreakRejected: false,
  constVariableLabels: false,
  scopedEnumLabels: false,
  containerElementSubjects: false,
  nothingToDo: (inline) => (inline ? '/* nothing to do */' : '// nothing to do'),
  caseLabel,
  integralOnly: false,
  subjectTypes: null,
  typedPatterns: true,
  kinds: ['match_expression'],
};
