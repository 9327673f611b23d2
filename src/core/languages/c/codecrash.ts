import type { CodeCrashRules } from '../languageProfile';

/** C has no local functions: GBC's dead-loop function goes before the function. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: true,
  shadowingGlobals: 'top-level',
  globalDeclaration: (name, value) => `static int ${name} = ${value};`,
  runsFromSource: false,
  hintFromCall: false,
  conditionOwners: ['if_statement', 'while_statement', 'do_statement'],
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} ? 1 : 0`, (e) => `1 && ${e}`, (e) => `0 || ${e}`, (e) => `!(!${e})`, (e) => `${e} != 0`],
};
