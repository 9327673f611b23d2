import type { LanguageId } from './languageIds';

/**
 * The names a new identifier must never be, per language: its keywords (reserved and
 * contextual), and the builtins a program sees without declaring them (Python's builtins, Go's
 * predeclared identifiers, the Rust prelude, java.lang, the JavaScript and DOM globals that
 * `tsc --lib es2022,dom` declares, the C library and, for C++, the std names `using namespace std`
 * brings in). Taking one would shadow it (a local `sum` in Python hides the builtin for the whole
 * function) or collide with it (a top-level TypeScript `name` redeclares the DOM's). Renames,
 * helpers and every other new name check this one list (UnitContext.isFree).
 */
export interface ReservedNames {
  keywords: ReadonlySet<string>;
  builtins: ReadonlySet<string>;
  /**
   * Methods a runtime, a base class or a language protocol calls by name: a function is neither
   * renamed away from one nor to one (a Java method renamed to `toString` would start overriding it).
   */
  protocol: ReadonlySet<string>;
}

function words(...texts: string[]): ReadonlySet<string> {
  return new Set(texts.join(' ').split(/\s+/).filter(Boolean));
}

const C_KEYWORDS = `auto break case char const continue default do double else enum extern float for goto if inline int long
  register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Alignas _Alignof
  _Atomic _Bool _Complex _Generic _Imaginary _Noreturn _Static_assert _Thread_local alignas alignof bool constexpr false nullptr
  static_assert thread_local true typeof typeof_unqual`;

/** The C library names a file that includes the usual headers (stdio, stdlib, string, ctype, math, time, unistd) sees. */
const C_LIBRARY = `main NULL EOF BUFSIZ errno assert offsetof stdin stdout stderr environ size_t ptrdiff_t FILE va_list time_t
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

const PY_KEYWORDS = `False None True and as assert async await break class continue def del elif else except finally for from
  global if import in is lambda nonlocal not or pass raise return try while with yield match case type`;

const PY_BUILTINS = `self cls abs aiter all anext any ascii bin bool breakpoint bytearray bytes callable chr classmethod compile
  complex copyright credits delattr dict dir divmod enumerate eval exec exit filter float format frozenset getattr globals hasattr
  hash help hex id input int isinstance issubclass iter len license list locals map max memoryview min next object oct open ord
  pow print property quit range repr reversed round set setattr slice sorted staticmethod str sum super tuple vars zip
  __import__ __name__ __file__ __doc__ __builtins__ NotImplemented Ellipsis
  BaseException Exception ArithmeticError AssertionError AttributeError EOFError FileNotFoundError
  IndexError KeyError KeyboardInterrupt LookupError MemoryError NameError NotImplementedError OSError OverflowError
  RecursionError RuntimeError StopIteration SyntaxError SystemExit TypeError ValueError ZeroDivisionError`;

const GO_KEYWORDS = `break case chan const continue default defer else fallthrough for func go goto if import interface map
  package range return select struct switch type var`;

/** Go's predeclared identifiers, the special functions, and the standard packages a file commonly imports. */
const GO_BUILTINS = `any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string
  uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make max min
  new panic print println real recover main init
  fmt strings strconv sort math errors os time bytes unicode utf8 io bufio regexp sync slices maps`;

const RUST_KEYWORDS = `as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod
  move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final
  macro override priv typeof unsized virtual yield try gen union`;

/** The Rust prelude, the primitive types, the standard macros and crates. */
const RUST_BUILTINS = `main std core alloc Copy Send Sized Sync Unpin Drop Fn FnMut FnOnce drop Box ToOwned Clone PartialEq
  PartialOrd Eq Ord AsRef AsMut Into From Default Iterator Extend IntoIterator DoubleEndedIterator ExactSizeIterator Option
  Some None Result Ok Err String ToString Vec TryFrom TryInto FromIterator bool char str i8 i16 i32 i64 i128 isize u8 u16 u32
  u64 u128 usize f32 f64 println print eprintln eprint format vec panic assert assert_eq assert_ne debug_assert write writeln
  unreachable todo unimplemented matches dbg concat stringify include env cfg`;

const JAVA_KEYWORDS = `abstract assert boolean break byte case catch char class const continue default do double else enum
  extends final finally float for goto if implements import instanceof int interface long native new package private protected
  public return short static strictfp super switch synchronized this throw throws transient try void volatile while true false
  null var record yield sealed permits when module open requires exports`;

/** java.lang (always imported) and the java.util types every program names. */
const JAVA_BUILTINS = `main String Object Math StrictMath System Integer Long Double Float Short Byte Boolean Character Number
  StringBuilder StringBuffer Thread Runnable Iterable Comparable CharSequence Class Enum Record Void Process Runtime Throwable
  Exception RuntimeException Error ArithmeticException ArrayIndexOutOfBoundsException IllegalArgumentException
  IllegalStateException NullPointerException NumberFormatException UnsupportedOperationException IndexOutOfBoundsException
  ClassCastException AssertionError Override Deprecated SuppressWarnings FunctionalInterface List Map Set Arrays Collections
  ArrayList HashMap HashSet Optional`;

const JS_KEYWORDS = `break case catch class const continue debugger default delete do else enum export extends false finally
  for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let
  static implements interface package private protected public await async of get set`;

/** The language's globals, Node's, and the lowercase globals of the DOM (lib.dom.d.ts) a top-level declaration would redeclare. */
const JS_BUILTINS = `undefined NaN Infinity globalThis arguments eval constructor Object Function Array Number Boolean Symbol
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

const TS_KEYWORDS = `any unknown never number string boolean symbol bigint object type namespace declare readonly abstract as is
  keyof infer satisfies asserts unique override accessor`;

const JS_PROTOCOL = 'toString valueOf toJSON toLocaleString then next inspect constructor hasOwnProperty isPrototypeOf';

export const RESERVED_NAMES: Record<LanguageId, ReservedNames> = {
  python: { keywords: words(PY_KEYWORDS), builtins: words(PY_BUILTINS), protocol: words('main') },
  c: { keywords: words(C_KEYWORDS), builtins: words(C_LIBRARY), protocol: words() },
  cpp: {
    keywords: words(C_KEYWORDS, CPP_KEYWORDS),
    builtins: words(C_LIBRARY, CPP_STD),
    protocol: words('begin end cbegin cend rbegin rend size swap get data empty hash what front back'),
  },
  go: { keywords: words(GO_KEYWORDS), builtins: words(GO_BUILTINS), protocol: words('String Error') },
  rust: {
    keywords: words(RUST_KEYWORDS),
    builtins: words(RUST_BUILTINS),
    protocol: words('fmt drop clone next deref deref_mut from into eq ne cmp partial_cmp hash default as_ref borrow'),
  },
  java: {
    keywords: words(JAVA_KEYWORDS),
    builtins: words(JAVA_BUILTINS),
    protocol: words(
      'toString equals hashCode getClass notify notifyAll wait clone finalize compareTo iterator close run call get apply accept test compare values valueOf',
    ),
  },
  javascript: { keywords: words(JS_KEYWORDS), builtins: words(JS_BUILTINS), protocol: words(JS_PROTOCOL) },
  typescript: { keywords: words(JS_KEYWORDS, TS_KEYWORDS), builtins: words(JS_BUILTINS), protocol: words(JS_PROTOCOL) },
};

/** Keywords and builtins together: what no new name of `lang` may be. */
export function reservedWords(lang: LanguageId): ReadonlySet<string> {
  const { keywords, builtins } = RESERVED_NAMES[lang];
  return new Set([...keywords, ...builtins]);
}
