import { C_KEYWORDS, C_LIBRARY, cHasMain } from '../c/profile';
import { cDeclaratorName, field } from '../declaratorNames';
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

/** C++'s keywords beyond C's. */
const CPP_KEYWORDS = `and and_eq asm catch char8_t char16_t char32_t class compl concept consteval constinit const_cast co_await
  co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace new noexcept not not_eq operator or or_eq
  private protected public reinterpret_cast requires static_cast template this throw try typeid typename using virtual
  wchar_t xor xor_eq final override import module`;

/** What `using namespace std` with the usual headers (iostream, string, vector, map, algorithm, numeric...) brings into scope. */
const CPP_STD = `std cout cin cerr clog endl flush ends string wstring string_view vector map unordered_map set unordered_set
  multimap multiset list forward_list deque queue priority_queue stack array pair tuple make_pair make_tuple tie get optional
  nullopt variant any function bitset span shared_ptr unique_ptr weak_ptr make_shared make_unique initializer_list
  sort stable_sort partial_sort nth_element find find_if find_if_not count count_if min max min_element max_element minmax
  clamp accumulate reduce inner_product partial_sum adjacent_difference transform for_each copy copy_if copy_n move swap fill
  fill_n generate reverse rotate shuffle unique remove remove_if replace replace_if lower_bound upper_bound binary_search
  equal_range equal mismatch search merge includes all_of any_of none_of next_permutation prev_permutation iota gcd lcm
  begin end cbegin cend rbegin rend size ssize empty data distance advance next prev back_inserter inserter greater less
  greater_equal less_equal equal_to not_equal_to plus minus multiplies divides modulus negate hash to_string stoi stol stoll
  stoul stod stof istringstream ostringstream stringstream ifstream ofstream fstream istream ostream iostream getline ws
  setw setprecision setfill fixed scientific left right boolalpha hex dec oct numeric_limits exception runtime_error
  logic_error invalid_argument out_of_range domain_error length_error overflow_error underflow_error bad_alloc size_t
  nullptr_t ptrdiff_t byte forward exchange ref cref`;

const KEYWORDS = words(C_KEYWORDS, CPP_KEYWORDS);
const BUILTINS = words(C_LIBRARY, CPP_STD);

export const cpp: LanguageProfile & { id: 'cpp' } = {
  id: 'cpp',
  ...identity,
  definitionLine: braceDefinitionLine,
  declaratorChain: true,
  voidParameters: false,
  preprocessor: true,
  functionTypes: ['function_definition'],
  containerTypes: ['class_specifier', 'struct_specifier', 'union_specifier'],
  nameOf: cDeclaratorName,
  namedFromParent: [],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: (fn) => (fn.parent?.type === 'template_declaration' ? fn.parent : fn),
  commentTypes: ['comment'],
  reservedNames: {
    keywords: KEYWORDS,
    builtins: BUILTINS,
    protocol: words('begin end cbegin cend rbegin rend size swap get data empty hash what front back'),
  },
  reserved: unionOf(KEYWORDS, BUILTINS),
  entryNames: words('main'),
  renameAllowed,
  naming: 'snake',
  namingFromFile: true,
  unusedPrefix: '',
  lineComment: '//',
  blockComments: true,
  backslashContinuations: false,
  definiteAssignment: false,
  codingDeclaration: null,
  isFunctionDocstring: () => false,
  macroInvocations: false,
  narrowsOnTests: false,
  runsNothing: cHasMain,
  blocks,
  loops: {
    rewrite: rewriteLoop,
    forms: 'while-and-three-clause-for',
    alwaysTrue: 'true',
    commaOperator: true,
    perIterationBindings: false,
    automaticSemicolons: false,
    iterating: ['for_range_loop'],
    headerClauses: false,
    closuresShareIndex: true,
    counted: 'three-clause',
    forAndWhile: ['for_statement', 'while_statement'],
    statementSlots: ['compound_statement', 'case_statement'],
    kinds: ['for_statement', 'while_statement', 'do_statement', 'for_range_loop'],
  },
  spelling,
  switches,
  expressions,
  variables,
  modules: 'headers',
  parameters,
  codecrash,
  helpers,
  toolchain,
  decisionPoints: ['if_statement', 'for_statement', 'for_range_loop', 'while_statement', 'do_statement', 'case_statement', 'conditional_expression', 'catch_clause'],
  minimumMatch: 12,
  importNodes: [],
  introspection: {
    words: ['__func__', '__FUNCTION__', '__PRETTY_FUNCTION__', 'backtrace', 'dlsym', 'typeid', 'source_location'],
    members: [],
  },
};
