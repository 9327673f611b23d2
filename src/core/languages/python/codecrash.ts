import type { CodeCrashRules } from '../languageProfile';

/** Python's RTF has the lambda template; its garbage is indented; MHC runs the example call for its hint. */
export const codecrash: CodeCrashRules = {
  lambdaTemplate: true,
  indentedGarbage: true,
  constructorTypes: [],
  deadLoopBeforeFunction: false,
  shadowingGlobals: 'anywhere',
  globalDeclaration: (name, value) => `${name} = ${value}`,
  runsFromSource: true,
  hintFromCall: true,
  conditionOwners: ['if_statement', 'elif_clause', 'while_statement'],
  conditionTemplates: [
    (e) => `(lambda: ${e})()`,
    (e) => `(${e},)[0]`,
    (e) => `[${e}][0]`,
    (e) => `{0: ${e}}[0]`,
    (e) => `not not ${e}`,
    (e) => `True if ${e} else False`,
    (e) => `${e} if True else False`,
  ],
};
