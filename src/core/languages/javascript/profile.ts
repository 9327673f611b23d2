import { field, jsName, jsOuter } from '../declaratorNames';
import { ONLY_DEFINITIONS, scriptInert } from '../inertCode';
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
import { rewriteLoop } from '../c/loopRewrites';

export const JS_KEYWORDS = `break case catch class const continue debugger default delete do else enum export extends false finally
  for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let
  static implements interface package private protected public await async of get set`;

/** The language's globals, Node's, and the lowercase globals of the DOM (lib.dom.d.ts) a top-level declaration would redeclare. */
export const JS_BUILTINS = `undefined NaN Infinity globalThis arguments eval constructor Object Function Array Number Boolean Symbol
  String BigInt Math Date RegExp Map Set WeakMap WeakSet WeakRef JSON Promise Reflect Proxy Intl ArrayBuffer DataView
  Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array Int32Array Uint32Array Float32Array Float64Array
  BigInt64Array BigUint64Array Atomics Error EvalError RangeError ReferenceError SyntaxError TypeError URIError AggregateError
  parseFloat parseInt isNaN isFinite decodeURI decodeURIComponent encodeURI encodeURIComponent escape unescape
  require module exports process console Buffer __dirname __filename global setTimeout setInterval clearTimeout clearInterval
  setImmediate clearImmediate queueMicrotask structuredClone fetch URL URLSearchParams TextEncoder TextDecoder
  addEventListener alert atob blur btoa caches cancelAnimationFrame cancelIdleCallback captureEvents clientInformation close
  closed confirm cookieStore createImageBitmap crossOriginIsolated crypto customElements devicePixelRatio dispatchEvent document
  event external focus frameElement frames getComputedStyle getSelection history indexedDB innerHeight innerWidth
  isSecureContext length localStorage location locationbar matchMedia menubar moveBy moveTo name navigation navigator open opener
  orientation origin originAgentCluster outerHeight outerWidth pageXOffset pageYOffset parent performance personalbar
  postMessage print prompt releaseEvents removeEventListener reportError requestAnimationFrame requestIdleCallback resizeBy
  resizeTo scheduler screen screenLeft screenTop screenX screenY scroll scrollBy scrollTo scrollX scrollY scrollbars self
  sessionStorage speechSynthesis status statusbar stop toolbar top visualViewport webkitURL window`;

export const JS_PROTOCOL = 'toString valueOf toJSON toLocaleString then next inspect constructor hasOwnProperty isPrototypeOf';

/** A script runs its top-level statements: one that is not a definition runs code. */
export function scriptRunsNothing(root: Parameters<LanguageProfile['runsNothing']>[0]): string | null {
  return root.namedChildren.every((c) => c !== null && scriptInert(c)) ? ONLY_DEFINITIONS : null;
}

const KEYWORDS = words(JS_KEYWORDS);
const BUILTINS = words(JS_BUILTINS);

export const javascript: LanguageProfile & { id: 'javascript' } = {
  id: 'javascript',
  ...identity,
  definitionLine: braceDefinitionLine,
  declaratorChain: false,
  voidParameters: false,
  preprocessor: false,
  functionTypes: ['function_declaration', 'generator_function_declaration', 'method_definition', 'arrow_function', 'function_expression'],
  containerTypes: ['class_declaration', 'class'],
  nameOf: jsName,
  namedFromParent: ['arrow_function', 'function_expression'],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: jsOuter,
  commentTypes: ['comment'],
  reservedNames: { keywords: KEYWORDS, builtins: BUILTINS, protocol: words(JS_PROTOCOL) },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('constructor main'),
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
  runsNothing: scriptRunsNothing,
  blocks,
  loops: {
    rewrite: rewriteLoop,
    forms: 'while-and-three-clause-for',
    alwaysTrue: 'true',
    commaOperator: true,
    perIterationBindings: true,
    automaticSemicolons: true,
    iterating: ['for_in_statement'],
    headerClauses: false,
    closuresShareIndex: false,
    counted: 'three-clause',
    forAndWhile: ['for_statement', 'while_statement'],
    statementSlots: ['statement_block', 'switch_case', 'switch_default'],
    kinds: ['for_statement', 'for_in_statement', 'while_statement', 'do_statement'],
  },
  spelling,
  switches,
  expressions,
  variables,
  modules: 'exports',
  parameters,
  codecrash,
  helpers,
  toolchain,
  decisionPoints: ['if_statement', 'for_statement', 'for_in_statement', 'while_statement', 'do_statement', 'catch_clause', 'ternary_expression', 'switch_case'],
  minimumMatch: 12,
  importNodes: ['import_statement', 'export_statement'],
  introspection: {
    words: ['eval', 'Reflect'],
    members: ['stack', 'trace', 'callee', 'caller', 'getOwnPropertyNames'],
  },
};
