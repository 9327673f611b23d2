import { field } from '../declaratorNames';
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

const KEYWORDS = words(`abstract assert boolean break byte case catch char class const continue default do double else enum
  extends final finally float for goto if implements import instanceof int interface long native new package private protected
  public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false
  null var record yield sealed permits when module open requires exports`);

/** java.lang (always imported) and the java.util types every program names. */
const BUILTINS = words(`main String Object Math StrictMath System Integer Long Double Float Short Byte Boolean Character Number
  StringBuilder StringBuffer Thread Runnable Iterable Comparable CharSequence Class Enum Record Void Process Runtime Throwable
  Exception RuntimeException Error ArithmeticException ArrayIndexOutOfBoundsException IllegalArgumentException
  IllegalStateException NullPointerException NumberFormatException UnsupportedOperationException IndexOutOfBoundsException
  ClassCastException AssertionError Override Deprecated SuppressWarnings FunctionalInterface List Map Set Arrays Collections
  ArrayList HashMap HashSet Optional`);

export const java: LanguageProfile & { id: 'java' } = {
  id: 'java',
  ...identity,
  definitionLine: braceDefinitionLine,
  declaratorChain: false,
  voidParameters: false,
  preprocessor: false,
  functionTypes: ['method_declaration', 'constructor_declaration'],
  containerTypes: ['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration'],
  nameOf: (fn) => field(fn, 'name'),
  namedFromParent: [],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: (fn) => fn,
  commentTypes: ['line_comment', 'block_comment'],
  reservedNames: {
    keywords: KEYWORDS,
    builtins: BUILTINS,
    protocol: words(
      'toString equals hashCode getClass notify notifyAll wait clone finalize compareTo iterator close run call get apply accept test compare values valueOf',
    ),
  },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('main'),
  renameAllowed,
  naming: 'camel',
  namingFromFile: false,
  unusedPrefix: '',
  lineComment: '//',
  blockComments: true,
  backslashContinuations: false,
  definiteAssignment: true,
  codingDeclaration: null,
  isFunctionDocstring: () => false,
  macroInvocations: false,
  narrowsOnTests: false,
  runsNothing: (root) => (/\bstatic\s+(?:final\s+)?void\s+main\s*\(/.test(root.text) ? null : 'the file has no main method to run'),
  blocks,
  loops: {
    rewrite: rewriteLoop,
    forms: 'while-and-three-clause-for',
    alwaysTrue: 'true',
    commaOperator: false,
    perIterationBindings: false,
    automaticSemicolons: false,
    iterating: ['enhanced_for_statement'],
    headerClauses: false,
    closuresShareIndex: false,
    counted: 'three-clause',
    forAndWhile: ['for_statement', 'while_statement'],
    statementSlots: ['block', 'switch_block_statement_group', 'constructor_body'],
    kinds: ['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement'],
  },
  spelling,
  switches,
  expressions,
  variables,
  modules: 'classes',
  parameters,
  codecrash,
  helpers,
  toolchain,
  decisionPoints: ['if_statement', 'for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement', 'catch_clause', 'ternary_expression', 'switch_label'],
  minimumMatch: 9,
  importNodes: ['import_declaration'],
  introspection: {
    words: ['getMethod', 'getDeclaredMethod', 'getMethods', 'getDeclaredMethods', 'getStackTrace', 'StackWalker', 'getEnclosingMethod', 'MethodHandles'],
    members: [],
  },
};
