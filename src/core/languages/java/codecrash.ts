import type { CodeCrashRules } from '../languageProfile';

/** Java's constructors get no garbage; GBC's global is a static field. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: false,
  indentedGarbage: false,
  constructorTypes: ['constructor_declaration'],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'anywhere',
  globalDeclaration: (name, value) => `static int ${name} = ${value};`,
  runsFromSource: false,
  hintFromCall: false,
  conditionOwners: ['if_statement', 'while_statement', 'do_statement'],
  conditionTemplates: [(e) => `!!${e}`, (e) => `${e} == true`, (e) => `true && ${e}`, (e) => `${e} ? true : false`, (e) => `${e} != false`, (e) => `false || ${e}`, (e) => `!(!${e})`],
};
