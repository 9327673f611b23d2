import { field, jsName, jsOuter } from '../declaratorNames';
import { JS_BUILTINS, JS_KEYWORDS, JS_PROTOCOL, scriptRunsNothing } from '../javascript/profile';
import type { LanguageProfile } from '../languageProfile';
import { blocks } from './blocks';
import { identity } from './identity';
import { spelling } from './spelling';
import { unionOf, words } from '../words';

/** TypeScript's keywords beyond JavaScript's (its types and type operators). */
const TS_KEYWORDS = `any unknown never number string boolean symbol bigint object type namespace declare readonly abstract as is
  keyof infer satisfies asserts unique override accessor`;

const KEYWORDS = words(JS_KEYWORDS, TS_KEYWORDS);
const BUILTINS = words(JS_BUILTINS);

export const typescript: LanguageProfile & { id: 'typescript' } = {
  id: 'typescript',
  ...identity,
  declaratorChain: false,
  functionTypes: ['function_declaration', 'generator_function_declaration', 'method_definition', 'arrow_function', 'function_expression'],
  containerTypes: ['class_declaration', 'class', 'abstract_class_declaration'],
  nameOf: jsName,
  namedFromParent: ['arrow_function', 'function_expression'],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: jsOuter,
  commentTypes: ['comment'],
  reservedNames: { keywords: KEYWORDS, builtins: BUILTINS, protocol: words(JS_PROTOCOL) },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('constructor main'),
  naming: 'camel',
  lineComment: '//',
  runsNothing: scriptRunsNothing,
  blocks,
  loops: {
    forms: 'while-and-three-clause-for',
    alwaysTrue: 'true',
    commaOperator: true,
    perIterationBindings: true,
    automaticSemicolons: true,
  },
  spelling,
};
