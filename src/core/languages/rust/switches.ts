import type { SwitchRules } from '../languageProfile';

/** How Rust writes a switch and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
export const switches: SwitchRules = {
  keyword: 'match',
  subjectField: 'value',
  casesInSwitchNode: false,
  tagless: false,
  caseRanges: false,
  typedLabels: false,
  valueSwitch: 'if-expression',
  ifHeaderStatement: false,
  temporary: (name, value) => `let ${name} = ${value};`,
  form: 'match-arms',
  arrowRules: false,
  yields: false,
  casesEndThemselves: true,
  sharedCaseScope: false,
  exhaustiveUnions: false,
  and: ' && ',
  bareConditions: true,
  emptyBlock: '{}',
  casesAtSwitchIndent: false,
  unreachableBreakRejected: false,
  constVariableLabels: false,
  scopedEnumLabels: false,
  containerElementSubjects: false,
  nothingToDo: (inline) => (inline ? '/* nothing to do */' : '// nothing to do'),
};
