import type { Node } from 'web-tree-sitter';
import type { CaseLabelSyntax, SwitchRules } from '../languageProfile';

/**
 * JavaScript's labels that read as constants: numbers, strings and templates without
 * substitutions, `true`, `false`, `null`, `undefined`, and names written as constants are
 * (`MAX_SIZE`, `Color.RED`), compared by their text.
 */
function caseLabel(n: Node, negative: boolean): CaseLabelSyntax | null {
  const text = n.text;
  if (n.type === 'number' || negative) return { form: 'literal', kind: 'int', by: 'value' };
  if (n.type === 'string' || (n.type === 'template_string' && !n.namedChildren.some((c) => c?.type === 'template_substitution'))) {
    return { form: 'literal', kind: 'string', by: 'value-or-text' };
  }
  if (['true', 'false', 'null', 'undefined'].includes(n.type) || (n.type === 'identifier' && text === 'undefined')) return { form: 'literal', kind: 'other', by: 'text' };
  if (n.type === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(text)) return { form: 'literal', kind: 'other', by: 'text' };
  if (n.type === 'member_expression' && /^[A-Z]\w*(\.\w+)+$/.test(text)) return { form: 'literal', kind: 'other', by: 'text' };
  return null;
}

/** How JavaScript writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  node: 'switch_statement',
  equals: '===',
  or: ' || ',
  keyword: 'switch',
  subjectField: 'value',
  casesInSwitchNode: false,
  tagless: false,
  caseRanges: false,
  typedLabels: false,
  valueSwitch: null,
  ifHeaderStatement: false,
  temporary: (name, value) => `const ${name} = ${value};`,
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
  nothingToDo: (inline) => (inline ? '/* nothing to do */' : '// nothing to do'),
  caseLabel,
  integralOnly: false,
  subjectTypes: null,
  typedPatterns: false,
  kinds: ['switch_statement'],
};
