import type { Node } from 'web-tree-sitter';
import { field } from '../declaratorNames';
import { inertValue, ONLY_DEFINITIONS } from '../inertCode';
import type { LanguageProfile } from '../languageProfile';
import { blocks } from './blocks';
import { expressions } from './expressions';
import { helpers } from './helpers';
import { identity } from './identity';
import { spelling } from './spelling';
import { parameters } from './parameters';
import { codecrash } from './codecrash';
import { codingDeclaration } from './codingDeclaration';
import { toolchain } from './toolchain';
import { switches } from './switches';
import { variables } from './variables';
import { unionOf, words } from '../words';
import { renameAllowed } from './renames';
import { rewriteLoop } from './loopRewrites';

const KEYWORDS = words(`False None True and as assert async await break class continue def del elif else except finally for from
  global if import in is lambda nonlocal not or pass raise return try while with yield match case type`);

const BUILTINS = words(`self cls abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile
  complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr
  hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next object oct open ord
  pow print property quit range repr reversed round set setattr slice sorted staticmethod str sum super tuple vars zip
  __import__ __name__ __file__ __doc__ __builtins__ NotImplemented Ellipsis
  BaseException Exception ArithmeticError AssertionError AttributeError EOFError FileNotFoundError
  IndexError KeyError KeyboardInterrupt LookupError MemoryError NameError NotImplementedError OSError OverflowError
  RecursionError RuntimeError StopIteration SyntaxError SystemExit TypeError ValueError ZeroDivisionError`);

/** A string standing alone as the first statement of a function's body. */
function isFunctionDocstring(stmt: Node): boolean {
  if (stmt.type !== 'expression_statement' || stmt.namedChildCount !== 1 || stmt.namedChildren[0]?.type !== 'string') return false;
  const body = stmt.parent;
  return body?.type === 'block' && body.namedChildren[0]?.id === stmt.id && body.parent?.type === 'function_definition';
}

/** A top-level statement that runs no code when the module runs. */
function inert(node: Node): boolean {
  switch (node.type) {
    case 'import_statement':
    case 'import_from_statement':
    case 'future_import_statement':
    case 'function_definition':
    case 'class_definition':
    case 'comment':
      return true;
    case 'decorated_definition':
      // a decorator is a call made when the module runs
      return false;
    case 'expression_statement': {
      const inner = node.firstNamedChild;
      if (!inner) return true;
      if (inner.type === 'string') return true;
      if (inner.type === 'assignment') {
        const right = inner.childForFieldName('right');
        return !right || inertValue(right);
      }
      return false;
    }
    default:
      return false;
  }
}

/**
 * definedAs's patterns, kept per name: the unit is looked up by name in every record of a dataset
 * run (nearly always the same few names, `f` in CRUXEval), and building the pattern each time was
 * a visible part of a small record. A pattern without the g flag keeps no state between tests, so
 * sharing one is safe; the cache is emptied when it fills, so a run over many names stays bounded.
 */
const definedAsCache = new Map<string, RegExp>();

function definedAsPattern(name: string): RegExp {
  let pattern = definedAsCache.get(name);
  if (!pattern) {
    if (definedAsCache.size >= 256) definedAsCache.clear();
    // `def` then the name, maybe across a backslash line break
    pattern = new RegExp(`(?<![A-Za-z0-9_])def(?:[ \\t\\f]|\\\\\\r?\\n)+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9_])`);
    definedAsCache.set(name, pattern);
  }
  return pattern;
}

export const python: LanguageProfile & { id: 'python' } = {
  id: 'python',
  ...identity,
  definitionLine: (name) => new RegExp(`^[ \\t]*(?:async\\s+)?def\\s+${name}\\s*\\(`, 'm'),
  declaratorChain: false,
  voidParameters: false,
  preprocessor: false,
  functionTypes: ['function_definition'],
  containerTypes: ['class_definition'],
  nameOf: (fn) => field(fn, 'name'),
  namedFromParent: [],
  definedAs: definedAsPattern,
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: (fn) => (fn.parent?.type === 'decorated_definition' ? fn.parent : fn),
  commentTypes: ['comment'],
  reservedNames: { keywords: KEYWORDS, builtins: BUILTINS, protocol: words('main') },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('main __init__ __new__ __call__'),
  renameAllowed,
  naming: 'snake',
  namingFromFile: false,
  unusedPrefix: '',
  lineComment: '#',
  blockComments: false,
  backslashContinuations: true,
  definiteAssignment: false,
  codingDeclaration,
  isFunctionDocstring,
  macroInvocations: false,
  narrowsOnTests: false,
  runsNothing: (root) => (root.namedChildren.every((c) => c !== null && inert(c)) ? ONLY_DEFINITIONS : null),
  blocks,
  loops: {
    rewrite: rewriteLoop,
    forms: 'while-and-for-in',
    alwaysTrue: 'True',
    commaOperator: false,
    perIterationBindings: false,
    automaticSemicolons: false,
    iterating: ['for_statement'],
    headerClauses: false,
    closuresShareIndex: true,
    counted: 'range-call',
    forAndWhile: ['for_statement', 'while_statement'],
    statementSlots: ['block'],
    kinds: ['for_statement', 'while_statement'],
  },
  spelling,
  switches,
  expressions,
  variables,
  modules: 'imports',
  parameters,
  codecrash,
  helpers,
  toolchain,
  decisionPoints: ['if_statement', 'elif_clause', 'for_statement', 'while_statement', 'except_clause', 'conditional_expression', 'for_in_clause', 'if_clause', 'case_clause'],
  minimumMatch: 12,
  importNodes: ['import_statement', 'import_from_statement'],
  introspection: {
    words: ['globals', 'locals', 'vars', 'eval', 'exec', 'getattr', 'hasattr', 'setattr', 'delattr', '__dict__', '__qualname__', 'inspect', 'traceback', '_getframe'],
    members: ['__name__', '__qualname__', '__code__'],
  },
};
