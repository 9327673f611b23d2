import type { SwitchRules } from '../languageProfile';

/** How Java writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
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
};
