import type { SwitchRules } from '../languageProfile';

/** How C writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
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
};
