import type { CodeCrashRules } from '../languageProfile';

/** C++ shadows globals of free functions only; its dead-loop function is a lambda. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: [],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'free',
  globalDeclaration: (name, value) => `static int ${name} = ${value};`,
  runsFromSource: false,
  hintFromCall: false,
  conditionOwners: ['if_statement', 'while_statement', 'do_statement'],
  // a condition is contextually converted to bool, so `!!` and `?:` keep class types with an explicit `operator bool` working
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} ? true : false`, (e) => `true && ${e}`, (e) => `false || ${e}`, (e) => `!(!${e})`, (e) => `static_cast<bool>${e}`],
};
