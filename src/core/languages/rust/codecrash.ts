import type { CodeCrashRules } from '../languageProfile';

/** Rust never gets GBC's shadowed global: a const or static in scope makes a parameter's pattern a constant pattern. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'none',
  globalDeclaration: (name, value) => `static ${name}: i32 = ${value};`,
  runsFromSource: false,
  hintFromCall: false,
  conditionOwners: ['if_expression', 'while_expression'],
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} == true`, (e) => `true && ${e}`, (e) => `${e} != false`, (e) => `false || ${e}`, (e) => `!(!${e})`],
};
