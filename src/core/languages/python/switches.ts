import type { SwitchRules } from '../languageProfile';

/** How Python writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
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
};
