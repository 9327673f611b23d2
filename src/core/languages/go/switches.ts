import type { SwitchRules } from '../languageProfile';

/** How Go writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
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
};
