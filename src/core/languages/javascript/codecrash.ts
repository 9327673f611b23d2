import type { CodeCrashRules } from '../languageProfile';

/** JavaScript runs from its source file; GBC's global is a top-level `var`. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'top-level',
  globalDeclaration: (name, value) => `var ${name} = ${value};`,
  runsFromSource: true,
  hintFromCall: false,
  conditionOwners: ['if_statement', 'while_statement', 'do_statement'],
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} ? true : false`, (e) => `true && ${e}`, (e) => `false || ${e}`, (e) => `!(!${e})`, (e) => `Boolean${e}`, (e) => `[${e}][0]`],
};
