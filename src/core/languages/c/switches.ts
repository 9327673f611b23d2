import type { Node } from 'web-tree-sitter';
import type { CaseLabelSyntax, SwitchRules } from '../languageProfile';

/**
 * C's and C++'s case labels: number literals (integer ones only: integralOnly), character
 * literals, names the file defines as constants (enumerators, macros) and C++'s `Color::Red`.
 */
export function cCaseLabel(n: Node, negative: boolean): CaseLabelSyntax | null {
  if (n.type === 'number_literal' || negative) return { form: 'literal', kind: 'int', by: 'value' };
  if (n.type === 'char_literal') return { form: 'literal', kind: 'char', by: 'value' };
  if (n.type === 'identifier') return { form: 'file-constant', shadowedBy: 'locals' };
  if (n.type === 'qualified_identifier') return { form: 'scoped-enumerator' };
  return null;
}

/** How C writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  node: 'switch_statement',
  equals: '==',
  or: ' || ',
  keyword: 'switch',
  subjectField: 'condition',
  casesInSwitchNode: false,
  tagless: false,
  caseRanges: true,
  typedLabels: false,
  valueSwitch: null,
  ifHeaderStatement: false,
  temporary: null,
  form: 'case-labels',
  arrowRules: false,
  yields: false,
  casesEndThemselves: false,
  sharedCaseScope: true,
  exhaustiveUnions: false,
  and: ' && ',
  bareConditions: false,
  emptyBlock: '{ }',
  casesAtSwitchIndent: false,
  unreachableBreakRejected: false,
  constVariableLabels: false,
  scopedEnumLabels: false,
  containerElementSubjects: false,
  nothingToDo: () => '/* nothing to do */',
  caseLabel: cCaseLabel,
  integralOnly: true,
  subjectTypes: null,
  typedPatterns: false,
  kinds: ['switch_statement'],
};
