import { field } from '../declaratorNames';
import { hasTopLevel } from '../inertCode';
import { braceDefinitionLine } from '../definitionLines';
import type { LanguageProfile } from '../languageProfile';
import { blocks } from './blocks';
import { expressions } from './expressions';
import { helpers } from './helpers';
import { identity } from './identity';
import { spelling } from './spelling';
import { parameters } from './parameters';
import { codecrash } from './codecrash';
import { toolchain } from './toolchain';
import { switches } from './switches';
import { variables } from './variables';
import { unionOf, words } from '../words';
import { renameAllowed } from './renames';
import { rewriteLoop } from './loopRewrites';

const KEYWORDS = words(`break case chan const continue default defer else fallthrough for func go goto if import interface map
  package range return select struct switch type var`);

/** Go's predeclared identifiers, the special functions, and the standard packages a file commonly imports. */
const BUILTINS = words(`any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string
  uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make max min
  new panic print println real recover main init
  fmt strings strconv sort math errors os time bytes unicode utf8 io bufio regexp sync slices maps`);

export const go: LanguageProfile & { id: 'go' } = {
  id: 'go',
  ...identity,
  definitionLine: braceDefinitionLine,
  declaratorChain: false,
  voidParameters: false,
  preprocessor: false,
  functionTypes: ['function_declaration', 'method_declaration'],
  containerTypes: [],
  nameOf: (fn) => field(fn, 'name'),
  namedFromParent: [],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: (fn) => fn,
  commentTypes: ['comment'],
  reservedNames: { keywords: KEYWORDS, builtins: BUILTINS, protocol: words('String Error') },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('main init'),
  renameAllowed,
  naming: 'camel',
  namingFromFile: false,
  unusedPrefix: '',
  lineComment: '//',
  blockComments: true,
  backslashContinuations: false,
  definiteAssignment: false,
  codingDeclaration: null,
  isFunctionDocstring: () => false,
  macroInvocations: false,
  narrowsOnTests: false,
  runsNothing: (root) =>
    hasTopLevel(root, (n) => n.type === 'function_declaration' && n.childForFieldName('name')?.text === 'main') ? null : 'the file has no func main to run',
  blocks,
  loops: {
    rewrite: rewriteLoop,
    forms: 'for-only',
    alwaysTrue: 'true',
    commaOperator: false,
    perIterationBindings: false,
    automaticSemicolons: false,
    iterating: [],
    headerClauses: true,
    closuresShareIndex: true,
    counted: 'three-clause',
    forAndWhile: ['for_statement'],
    statementSlots: ['statement_list'],
    kinds: ['for_statement'],
  },
  spelling,
  switches,
  expressions,
  variables,
  modules: 'packages',
  parameters,
  codecrash,
  helpers,
  toolchain,
  decisionPoints: ['if_statement', 'for_statement', 'expression_case', 'type_case', 'communication_case'],
  minimumMatch: 8,
  importNodes: ['import_declaration'],
  introspection: {
    words: ['runtime', 'reflect'],
    members: [],
  },
};
