import type { SwitchRules } from '../languageProfile';

/** How JavaScript writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
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
};
