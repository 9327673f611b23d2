import type { SwitchRules } from '../languageProfile';

/** How C writes a switch and what its cases mean (transforms/switch-to-if.ts). */
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
  nothingToDo: () => '/* nothing to do */',
};
