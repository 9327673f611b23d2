import type { Node } from 'web-tree-sitter';
import type { CaseLabelSyntax, SwitchRules } from '../languageProfile';

/** Python's value patterns: dotted names (`Color.RED`, `self.limit`); a bare name would capture. */
function dottedName(n: Node): boolean {
  if (n.type === 'identifier') return true;
  if (n.type !== 'attribute') return false;
  const object = n.childForFieldName('object');
  return object !== null && n.childForFieldName('attribute')?.type === 'identifier' && dottedName(object);
}

/** Python's literal patterns (numbers but complex ones, strings but f-strings) and value patterns. */
function caseLabel(n: Node, negative: boolean): CaseLabelSyntax | null {
  const text = n.text;
  if (n.type === 'integer' || n.type === 'float' || negative) return /j$/i.test(text) ? null : { form: 'literal', kind: 'int', by: 'value' };
  if (n.type === 'string' && !n.namedChildren.some((c) => c?.type === 'interpolation')) return { form: 'literal', kind: 'string', by: 'value' };
  if (n.type === 'concatenated_string' && !/(^|\s)[a-zA-Z]*[fF][a-zA-Z]*['"]/.test(text)) return { form: 'literal', kind: 'string', by: 'text' };
  if (n.type === 'attribute' && dottedName(n)) return { form: 'literal', kind: 'other', by: 'text' };
  return null;
}

/** How Python writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  node: 'match_statement',
  equals: '==',
  or: ' or ',
  keyword: 'match',
  subjectField: 'subject',
  casesInSwitchNode: false,
  tagless: false,
  caseRanges: false,
  typedLabels: false,
  valueSwitch: null,
  ifHeaderStatement: false,
  temporary: (name, value) => `${name} = ${value}`,
  form: 'case-blocks',
  arrowRules: false,
  yields: false,
  casesEndThemselves: true,
  sharedCaseScope: true,
  exhaustiveUnions: false,
  and: ' and ',
  bareConditions: true,
  emptyBlock: '{ }',
  casesAtSwitchIndent: false,
  unreachableBreakRejected: false,
  constVariableLabels: false,
  scopedEnumLabels: false,
  containerElementSubjects: false,
  nothingToDo: () => 'pass  # nothing to do',
  caseLabel,
  integralOnly: false,
  subjectTypes: null,
  typedPatterns: false,
  kinds: ['match_statement'],
};
