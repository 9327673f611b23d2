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

const KEYWORDS = words(`as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod
  move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final
  macro override priv typeof unsized virtual yield try gen union`);

/** The Rust prelude, the primitive types, the standard macros and crates. */
const BUILTINS = words(`main std core alloc Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq
  PartialOrd Eq Ord AsRef AsMut Into From Default Iterator Extend IntoIterator DoubleEndedIterator ExactSizeIterator Option
  Some None Result Ok Err String ToString Vec TryFrom TryInto FromIterator bool char str i8 i16 i32 i64 i128 isize u8 u16 u32
  u64 u128 usize f32 f64 println print eprintln eprint format vec panic assert assert_eq assert_ne debug_assert write writeln
  unreachable todo unimplemented matches dbg concat stringify include env cfg`);

export const rust: LanguageProfile & { id: 'rust' } = {
  id: 'rust',
  ...identity,
  definitionLine: braceDefinitionLine,
  declaratorChain: false,
  voidParameters: false,
  preprocessor: false,
  functionTypes: ['function_item'],
  containerTypes: ['impl_item', 'trait_item'],
  nameOf: (fn) => field(fn, 'name'),
  namedFromParent: [],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: (fn) => fn,
  commentTypes: ['line_comment', 'block_comment'],
  reservedNames: {
    keywords: KEYWORDS,
    builtins: BUILTINS,
    protocol: words('fmt drop clone next deref deref_mut from into eq ne cmp partial_cmp hash default as_ref borrow'),
  },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('main'),
  renameAllowed,
  naming: 'snake',
  namingFromFile: false,
  unusedPrefix: '_',
  lineComment: '//',
  blockComments: true,
  backslashContinuations: false,
  definiteAssignment: true,
  codingDeclaration: null,
  isFunctionDocstring: () => false,
  macroInvocations: true,
  narrowsOnTests: false,
  runsNothing: (root) =>
    hasTopLevel(root, (n) => n.type === 'function_item' && n.childForFieldName('name')?.text === 'main') ? null : 'the file has no fn main to run',
  blocks,
  loops: {
    rewrite: rewriteLoop,
    forms: 'while-loop-and-for-in',
    alwaysTrue: 'true',
    commaOperator: false,
    perIterationBindings: false,
    automaticSemicolons: false,
    iterating: ['for_expression'],
    headerClauses: false,
    closuresShareIndex: false,
    counted: 'range-expression',
    forAndWhile: ['for_expression', 'while_expression'],
    statementSlots: ['block'],
    kinds: ['for_expression', 'while_expression', 'loop_expression'],
  },
  spelling,
  switches,
  expressions,
  variables,
  modules: 'crates',
  parameters,
  codecrash,
  helpers,
  toolchain,
  decisionPoints: ['if_expression', 'while_expression', 'for_expression', 'match_arm'],
  minimumMatch: 8,
  importNodes: ['use_declaration'],
  introspection: {
    words: ['type_name', 'type_name_of_val', 'stringify'],
    members: [],
  },
};
