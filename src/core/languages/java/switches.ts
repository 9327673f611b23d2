import type { Node } from 'web-tree-sitter';
import type { CaseLabelSyntax, SwitchRules } from '../languageProfile';

/** Java's case constants: int and char literals (not long ones), string literals (not text blocks), and constant variables. */
function caseLabel(n: Node, negative: boolean): CaseLabelSyntax | null {
  const text = n.text;
  const long = /[lL]$/.test(text);
  if (/^(decimal|hex|octal|binary)_integer_literal$/.test(n.type) && !long) return { form: 'literal', kind: 'int', by: 'value' };
  const operand = n.namedChildren.filter((c) => c !== null)[0];
  if (negative && !long && /integer_literal$/.test(operand?.type ?? '')) return { form: 'literal', kind: 'int', by: 'value' };
  if (n.type === 'character_literal') return { form: 'literal', kind: 'char', by: 'value' };
  if (n.type === 'string_literal' && !text.startsWith('"""')) return { form: 'literal', kind: 'string', by: 'value' };
  if (n.type === 'identifier') return { form: 'final-variable' };
  return null;
}

const INT = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/** How Java writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  node: 'switch_expression',
  equals: '==',
  or: ' || ',
  keyword: 'switch',
  subjectField: 'condition',
  casesInSwitchNode: false,
  tagless: false,
  caseRanges: false,
  typedLabels: true,
  valueSwitch: 'ternary',
  ifHeaderStatement: false,
  temporary: (name, value) => `var ${name} = ${value};`,
  form: 'case-labels',
  arrowRules: true,
  yields: true,
  casesEndThemselves: false,
  sharedCaseScope: true,
  exhaustiveUnions: false,
  and: ' && ',
  bareConditions: false,
  emptyBlock: '{ }',
  casesAtSwitchIndent: false,
  unreachableBreakRejected: true,
  constVariableLabels: false,
  scopedEnumLabels: false,
  containerElementSubjects: false,
  nothingToDo: (inline) => (inline ? '/* nothing to do */' : '// nothing to do'),
  caseLabel,
  integralOnly: false,
  // a boxed subject takes labels of its own primitive only
  subjectTypes: {
    int: { ...INT, label: null },
    short: { min: -32768, max: 32767, label: null },
    byte: { min: -128, max: 127, label: null },
    char: { min: 0, max: 65535, label: null },
    Integer: { ...INT, label: 'int' },
    Character: { min: 0, max: 65535, label: 'char' },
    String: 'strings',
  },
  typedPatterns: false,
  kinds: ['switch_expression'],
};
