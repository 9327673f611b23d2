import type { Node } from 'web-tree-sitter';
import type { CaseLabelSyntax, SwitchRules } from '../languageProfile';

/** Go's case labels: number, string and rune literals, `true`, `false` and `nil`, and names the file declares as constants. */
function caseLabel(n: Node, negative: boolean): CaseLabelSyntax | null {
  if (['int_literal', 'float_literal', 'interpreted_string_literal', 'raw_string_literal'].includes(n.type) || negative) return { form: 'literal', kind: null, by: 'value' };
  if (n.type === 'rune_literal') return { form: 'literal', kind: 'char', by: 'value' };
  if (n.type === 'true' || n.type === 'false' || n.type === 'nil') return { form: 'literal', kind: 'other', by: 'text' };
  if (n.type === 'identifier') return { form: 'file-constant', shadowedBy: 'locals' };
  return null;
}

/** How Go writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  node: 'expression_switch_statement',
  equals: '==',
  or: ' || ',
  keyword: 'switch',
  subjectField: 'value',
  casesInSwitchNode: true,
  tagless: true,
  caseRanges: false,
  typedLabels: false,
  valueSwitch: null,
  ifHeaderStatement: true,
  temporary: (name, value) => `${name} := ${value}`,
  form: 'case-labels',
  arrowRules: false,
  yields: false,
  casesEndThemselves: true,
  sharedCaseScope: false,
  exhaustiveUnions: false,
  and: ' && ',
  bareConditions: true,
  emptyBlock: '{ }',
  casesAtSwitchIndent: true,
  unreachableBreakRejected: false,
  constVariableLabels: false,
  scopedEnumLabels: false,
  containerElementSubjects: false,
  nothingToDo: (inline) => (inline ? '/* nothing to do */' : '// nothing to do'),
  caseLabel,
  integralOnly: false,
  subjectTypes: null,
  typedPatterns: false,
  kinds: ['expression_switch_statement', 'type_switch_statement', 'select_statement'],
};
