import { cDeclaratorName, field } from '../declaratorNames';
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

export const C_KEYWORDS = `auto break case char const continue default do double else enum extern float for goto if inline int long
  register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Alignas _Alignof
  _Atomic _Bool _Complex _Generic _Imaginary _Noreturn _Static_assert _Thread_local alignas alignof bool constexpr false nullptr
  static_assert thread_local true typeof typeof_unqual`;

/** The C library names a file that includes the usual headers (stdio, stdlib, string, ctype, math, time, unistd) sees. */
export const C_LIBRARY = `main NULL EOF BUFSIZ errno assert offsetof stdin stdout stderr environ size_t ptrdiff_t FILE va_list time_t
  clock_t wchar_t int8_t int16_t int32_t int64_t uint8_t uint16_t uint32_t uint64_t intptr_t uintptr_t
  printf fprintf sprintf snprintf vprintf vfprintf vsprintf vsnprintf scanf fscanf sscanf puts fputs gets fgets putchar getchar
  putc getc fputc fgetc ungetc fopen freopen fclose fflush fread fwrite fseek ftell rewind feof ferror clearerr perror remove
  rename tmpfile tmpnam getline getdelim fileno popen pclose setbuf setvbuf
  malloc calloc realloc free aligned_alloc exit abort atexit quick_exit system getenv atoi atol atoll atof strtol strtoll strtoul
  strtoull strtod strtof strtold qsort bsearch abs labs llabs div ldiv lldiv rand srand random srandom
  strlen strnlen strcpy strncpy strcat strncat strcmp strncmp strcoll strchr strrchr strstr strtok strdup strndup strerror strspn
  strcspn strpbrk strxfrm memcpy memmove memset memcmp memchr index rindex bzero bcopy
  isalpha isdigit isalnum isspace isupper islower ispunct isprint iscntrl isxdigit isgraph isblank toupper tolower
  sqrt cbrt pow exp exp2 expm1 log log2 log10 log1p sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh floor ceil
  round lround llround trunc fabs fmod remainder remquo fmin fmax fdim fma hypot ldexp frexp modf scalbn logb ilogb nan isnan isinf
  isfinite signbit copysign rint lrint nearbyint erf erfc lgamma tgamma gamma j0 j1 jn y0 y1 yn
  time clock difftime mktime localtime gmtime strftime asctime ctime timespec
  read write open close creat lseek sleep usleep fork pipe dup dup2 getpid access unlink link symlink sync alarm pause kill wait
  signal raise setjmp longjmp`;

/** A C or C++ file runs only through a top-level `main`. */
export function cHasMain(root: Parameters<LanguageProfile['runsNothing']>[0]): string | null {
  return hasTopLevel(root, (n) => n.type === 'function_definition' && /\bmain\s*\(/.test(n.childForFieldName('declarator')?.text ?? '')) ? null : 'the file has no main function to run';
}

const KEYWORDS = words(C_KEYWORDS);
const BUILTINS = words(C_LIBRARY);

export const c: LanguageProfile & { id: 'c' } = {
  id: 'c',
  ...identity,
  definitionLine: braceDefinitionLine,
  declaratorChain: true,
  voidParameters: true,
  preprocessor: true,
  functionTypes: ['function_definition'],
  containerTypes: [],
  nameOf: cDeclaratorName,
  namedFromParent: [],
  bodyOf: (fn) => field(fn, 'body'),
  outerOf: (fn) => fn,
  commentTypes: ['comment'],
  reservedNames: { keywords: KEYWORDS, builtins: BUILTINS, protocol: words() },
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
    // `true` needs <stdbool.h> before C23
    alwaysTrue: '1',
    commaOperator: true,
    perIterationBindings: false,
    automaticSemicolons: false,
    iterating: [],
    headerClauses: false,
    closuresShareIndex: false,
    counted: 'three-clause',
    forAndWhile: ['for_statement', 'while_statement'],
    statementSlots: ['compound_statement', 'case_statement'],
    kinds: ['for_statement', 'while_statement', 'do_statement'],
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
  decisionPoints: ['if_statement', 'for_statement', 'while_statement', 'do_statement', 'case_statement', 'conditional_expression'],
  minimumMatch: 12,
  importNodes: [],
  introspection: {
    words: ['__func__', '__FUNCTION__', '__PRETTY_FUNCTION__', 'backtrace', 'dlsym'],
    members: [],
  },
};
