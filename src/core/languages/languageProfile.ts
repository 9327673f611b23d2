import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from './functions';
import type { LanguageId } from './languageIds';
import type { LocalHelper } from './localHelpers';
import type { LoopRewrite } from './loopRewrites';
import type { BindingRules } from './nameRoles';
import type { NumericTypeReader } from './numericTypes';

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

/**
 * Everything the engine knows about one language, kept in the language's folder
 * (src/core/languages/<id>/profile.ts) and reached through the registry (registry.ts), which
 * the compiler checks has every language: a new language is a new folder whose profile fills
 * every field below. What its grammar calls things, which words are reserved, which functions
 * are fixed entry points, how it is written: the methods ask this, not `lang === '…'`.
 */
export interface LanguageProfile {
  id: LanguageId;
  /** The language's name as people write it (prompts, pickers). */
  name: string;
  /** File extensions, the usual one first. */
  extensions: readonly string[];
  /** A function's name and parameter list hang off its declarator chain (C and C++'s `int (*f(int a))(void)`), not fields of its own. */
  declaratorChain: boolean;
  /** A parameter list of `(void)` is how a function says it takes no parameters (C, where `()` leaves them unspecified). */
  voidParameters: boolean;
  /** The source passes through the C preprocessor: a name may be a macro whose body hides code or names variables. */
  preprocessor: boolean;
  /** Node kinds that define a function or method with a body. */
  functionTypes: readonly string[];
  /** Node kinds of classes, impls and the like: a function inside one is a method. */
  containerTypes: readonly string[];
  /** The node that carries a function's name, or null for anonymous ones. */
  nameOf(fn: Node): Node | null;
  /**
   * Function kinds whose name nameOf may find outside the function's own node (JavaScript's
   * `const f = () => {}`); every other kind's name lies inside it, so a search for functions by
   * name reads only the parts of a file that hold the name.
   */
  namedFromParent: readonly string[];
  /**
   * A pattern the text of every definition of a function named `name` matches, where the language
   * has one (a keyword before the name): a search of a large file for the function skips the
   * parts that hold the name only as a use.
   */
  definedAs?(name: string): RegExp;
  /**
   * The line a definition of the function `name` (escaped for a pattern) starts on, as a model
   * writes it in an answer: `def name(` (Python), or a line naming it and ending in its body's `{`
   * (the brace languages, definitionLines.ts). Evaluation cuts an answer's completion after it.
   */
  definitionLine(name: string): RegExp;
  bodyOf(fn: Node): Node | null;
  /** The node whose range is the whole definition: decorators, templates, `const f = () => ...`. */
  outerOf(fn: Node): Node;
  commentTypes: readonly string[];
  /** Keywords, builtins and protocol methods, kept apart (reserved.ts reads them). */
  reservedNames: ReservedNames;
  /** Keywords and builtins: names no new identifier may take. */
  reserved: ReadonlySet<string>;
  /** Functions the runtime calls by name: never renamed. */
  entryNames: ReadonlySet<string>;
  /**
   * Whether a function's definition lets it be renamed (function-rename): false where the language
   * may call or reach it by its name from elsewhere: overrides and trait or interface methods, tests
   * found by name, decorated or annotated functions, exports when `crossFile` is false (the other
   * files' references are not updated with it). `file` is the parsed file the function is in.
   */
  renameAllowed(fn: FunctionInfo, file: { root: Node; source: string }, crossFile: boolean): boolean;
  /** The convention for new identifiers. */
  naming: 'snake' | 'camel';
  /** The language has no convention of its own (C, C++): a new name follows the one the file's own names follow, `naming` when they show none. */
  namingFromFile: boolean;
  /** What starts the name of a variable or parameter left unused on purpose (Rust's `_`, which keeps the compiler quiet), or ''. */
  unusedPrefix: string;
  lineComment: string;
  /** Comments may also be block comments, from slash-star to star-slash, over lines whose middle ones often start with `*` (false: Python, whose comments are `#` lines). */
  blockComments: boolean;
  /** Statements end with their line, and a backslash at the end of one continues it (Python): such a line, moved and reindented, is left alone. */
  backslashContinuations: boolean;
  /**
   * The checker requires a variable declared without a value to be assigned before it is read, and a
   * readonly field to be assigned in the constructor itself, and counts no assignment made inside a
   * closure (TypeScript; Java and Rust reject a closure that assigns such a local at all).
   */
  definiteAssignment: boolean;
  /**
   * The encoding a file's first lines name, read from its bytes (Python's `# -*- coding: latin-1 -*-`,
   * PEP 263), or null for a language whose files cannot name theirs.
   */
  codingDeclaration: ((bytes: Uint8Array) => string | undefined) | null;
  /** Whether a statement is its function's docstring: a string standing first in the body (Python), prose about the function as a comment is. */
  isFunctionDocstring(stmt: Node): boolean;
  /** Macros are invoked as `name!(…)` over token trees (Rust): what they do with the names passed is their own. */
  macroInvocations: boolean;
  /** The type checker narrows a name's type by the conditions that test it (TypeScript: `kind` is `'a'` inside `if (kind === 'a')`), so code moved across a test may stop compiling. */
  narrowsOnTests: boolean;
  /**
   * Why running a lone file of the language would execute none of its code, or null when it runs
   * something (entryCode.ts).
   */
  runsNothing(root: Node): string | null;
  /** How blocks scope, keep and leave what their statements declare (blocks.ts in the language's folder). */
  blocks: BlockRules;
  /** How the language writes its loops (transforms/for-while.ts). */
  loops: LoopRules;
  /** How the language spells the statements of a small integer function the engine writes (spelling.ts in the language's folder). */
  spelling: Spelling;
  /** How the language writes a switch (or match) and what its cases mean (transforms/switch-to-if.ts, if-to-switch.ts). */
  switches: SwitchRules;
  /** How its expressions group, what type some of them have and what evaluating them may do (expressions.ts in the language's folder). */
  expressions: ExpressionRules;
  /** How its variables come to be, may be reached besides by name, and end (variables.ts in the language's folder). */
  variables: VariableRules;
  /**
   * How other files reach a function (syntax/references.ts, renames across files): `headers`
   * (C, C++: by name, through a prototype, unless `static`), `classes` (Java: as a member of its
   * class, unless `private`), `imports` (Python: by name once imported, or as `module.f`),
   * `exports` (JavaScript: what a module exports, by import, `module.exports`, shorthand and keys),
   * `packages` (Go: by name within the package of its folder, as `pkg.F` from others, and only when
   * capitalised), `crates` (Rust: by a path through its module).
   */
  modules: 'headers' | 'classes' | 'imports' | 'exports' | 'packages' | 'crates';
  /** How the language declares parameters and what its calls must pass (parameters.ts in the language's folder). */
  parameters: ParameterRules;
  /** How CodeCrash's perturbations (codecrash/) are written in the language and run on it (codecrash.ts in the language's folder). */
  codecrash: CodeCrashRules;
  /** Where a helper function written for code in a function may go, and how it is written (helpers.ts in the language's folder). */
  helpers: HelperRules;
  /** How its programs are named, built, capped and run (toolchain.ts in the language's folder): what verify/ and the benchmark harnesses ask beyond the commands. */
  toolchain: ToolchainRules;
  /**
   * Node kinds that each add one path through a function (McCabe's decision points, 1976): ifs,
   * loops, cases, catches, conditional expressions; benchmark/pairChecks.ts counts them (and the
   * short-circuit operators) for a unit's cyclomatic complexity. A `default:` label takes none.
   */
  decisionPoints: readonly string[];
  /** JPlag's default minimum match length for the language, in tokens: the shortest run structural similarity's tiling counts (similarity/similarity.ts). */
  minimumMatch: number;
  /**
   * Node kinds of the statements that bind names from other modules (`import`, `use`, JavaScript's
   * `export ... from`): syntax/references.ts keeps the names they bind out of a function's renames.
   * Empty where an include binds no name of its own (C, C++).
   */
  importNodes: readonly string[];
  /**
   * Identifiers whose presence means the program may look functions up by name or print their names
   * (`getattr`, `__func__`, `reflect`), and the same read as members only (`err.stack`,
   * `console.trace`: a variable may well be called `stack`): function-rename declines such a program.
   */
  introspection: { words: readonly string[]; members: readonly string[] };
}

/**
 * What the language's compilers and runtimes require of the files they are given and the
 * processes they run (verify/singleFile.ts, verify/toolchains.ts, verify/project.ts, the benchmark
 * harnesses). The lone-file command lines are the language's too (loneFileCheck, loneFileBuild);
 * verify/singleFile.ts resolves the tools and runs them.
 */
export interface ToolchainRules {
  /** A file declaring a public class must be named after it (Java's `public class Foo` in Foo.java). */
  fileNamedAfterPublicClass: boolean;
  /** The name of a scratch file, without its extension, when nothing else names it (`Unit` where a file name is a class name). */
  scratchName: string;
  /** The extension a lone file written with `import` or `export` statements needs to run as an ES module (Node's `.mjs`), or null where the extension does not decide. */
  moduleExtension: string | null;
  /** A linter run after a compile check passes, where it is installed, with its arguments before the file (Python's pylint: a compile finds syntax errors only), or null. */
  linter: { command: string; args: readonly string[] } | null;
  /** Programs are built to a native executable that runs by itself (C, C++, Go, Rust), not through a runtime. */
  native: boolean;
  /** The runtime's options that hold its heap to `memoryMb` (the JVM's `-Xmx`, V8's `--max-old-space-size`); none where it has none. */
  heapLimit(memoryMb: number): string[];
  /**
   * The runtime cannot start under a memory cap unless its heap is held to it too: the JVM reserves
   * a heap of a quarter of the machine's memory and a gigabyte of class space, which a cap refuses
   * (V8's default heap fits).
   */
  heapLimitNeededUnderCap: boolean;
  /**
   * Address space the runtime reserves before the program allocates anything (V8's and the JVM's
   * heap reservations, Go's page summaries), added to a memory cap so that the cap limits the
   * program and not the runtime's start; 0 where there is none. Measured on Node 20, OpenJDK 17 and Go 1.19.
   */
  reservedMb: number;
  /** The compiler's command builds the program and then runs it (`go test`): a memory cap on it would hold the compiler's address space, not the program's. */
  compilerBuildsAndRuns: boolean;
  /** The compiler is an npm package's executable (TypeScript's `tsc`), looked for in node_modules near the file and in CodeMorph's own before PATH; null where it is not. */
  compilerPackage: string | null;
  /** Arguments that make the compiler print the path of its own executable (Python's `sys.executable`), to find the tool behind a version manager's shim once; null where it cannot. */
  ownPathArgs: readonly string[] | null;
  /** A file holding a test and the code it tests starts the first class that has a `main` method (Java's runner): the test, with its main, goes before the code. */
  testFirst: boolean;
  /** A folder of this name whose parent holds no build file is a plain source tree rooted at that parent (Java's `src/`, compiled with javac), or null. */
  sourceFolder: string | null;
  /**
   * Its build tools write their output into the project's `target/`, `build/`, `out/` or `dist/`
   * folders, which copies and searches leave out; Go's write none, so there such a folder holding
   * Go files is a package like any other.
   */
  outputInTree: boolean;
  /** Source files a project's other files can be (C and C++ share headers). */
  projectExtensions: readonly string[];
  /**
   * The environment a lone file's compiler runs in, from the run's own and CodeMorph's cache folder
   * (`cache`), or null when it needs nothing beyond the run's: Go's compiler needs a workspace and
   * a build cache, and a machine without a home folder gives it neither.
   */
  compilerEnv: ((env: NodeJS.ProcessEnv, cache: string) => NodeJS.ProcessEnv) | null;
  /** The commands that check that a lone file compiles without running it (syntax-only where the compiler has such a mode). */
  loneFileCheck(file: LoneFile): LoneFileCommand[];
  /** The commands that build a lone file into a program, and the command line that runs it (a native program runs `program.out` in `dir` itself). */
  loneFileBuild(file: LoneFile): { build: LoneFileCommand[]; run: LoneFileCommand };
  /**
   * `code` with a program that exits 0 when the call `call` (of `entry`) equals the value
   * `expected` and non-zero otherwise, compared as values, not as references (evaluate/programs.ts's
   * prediction checks); null where the call cannot be written (a Java method no class holds).
   */
  valueCheckProgram(code: string, entry: string, call: string, expected: string): string | null;
  /**
   * A source file starts with exactly one package clause (Go's `package main`): `ensure` gives code
   * without one the default clause, `dropFrom` takes a test's own clause out before it is appended to
   * the code it tests. null where files have none.
   */
  packageClause: { ensure(code: string): string; dropFrom(test: string): string } | null;
  /**
   * The build files that make a folder a project of the language, each with the kind of project it
   * says (verify/project.ts): the nearest folder holding one wins, and within one folder the earlier marker.
   */
  projectMarkers: readonly (readonly [file: string, kind: ProjectKind])[];
  /** How a project folder without a build file is built (Java's plain source tree: javac), or null where it cannot be told (the build command must be given). */
  plainProject: ProjectKind | null;
  /** The compiler the checks call by default (verify/toolchains.ts), looked for on PATH, and how to install it. */
  compiler: ToolSpec;
  /** The runtime that runs programs, where it is not the compiler (Java's `java`, TypeScript's `node`), or null. */
  runtime: ToolSpec | null;
}

/** How a project is built, as verify/project.ts tells from its build files. */
export type ProjectKind = 'go' | 'cargo' | 'maven' | 'gradle' | 'javac' | 'cmake' | 'compdb' | 'make' | 'node' | 'typescript' | 'python';

/** A tool a language's checks call: the executable looked up on PATH, and how to get it (for the error message when it is missing). */
export interface ToolSpec {
  /** Default executable looked up on PATH. */
  command: string;
  /** How to get it on Debian, for the error message. */
  install: string;
}

/** A lone file written to a scratch folder, as the toolchain's lone-file commands see it. */
export interface LoneFile {
  /** The file's name in `dir`. */
  file: string;
  /** The scratch folder the commands run in. */
  dir: string;
  /** The file's text (read from `dir` only when asked: the source given may differ from the bytes written). */
  text(): string;
  /** The file's character set (javac's `-encoding`). */
  charset: string;
  /** The `node_modules/@types` folder near the user's file, if any. */
  typeRoots(): string | undefined;
}

/** One tool run: the language's compiler or runtime (verify/toolchains.ts resolves which), with these arguments. */
export interface LoneFileCommand {
  role: 'compiler' | 'runtime';
  args: string[];
}

/**
 * Where a helper function the engine writes for code in a function may go, and how it is written
 * (syntax/helpers.ts, for transforms/extract-if.ts, extract-arithmetic.ts and insert-junk-function.ts).
 */
export interface HelperRules {
  /** Named functions may be defined in a function's body (Python's nested def, Rust's `fn` item, JavaScript's function declaration): a helper may go first in its host's body. */
  nestedFunctions: boolean;
  /**
   * A function must be declared above the code that calls it (C; C++ outside a class): a helper its
   * host calls goes above the host, below a comment about the host if need be, and the types its
   * parameters name must be declared above it too.
   */
  declaredBeforeUse: boolean;
  /** Every function is a method of a class (Java): a helper joins the innermost class around the code it serves. */
  methodsOnly: boolean;
  /** The words that keep a function beside its host to its file or class and let it be called without an object (C's `static`, Java's `private static`), or '' where none are needed. */
  privateFunction: string;
  /**
   * How a helper that takes the locals an expression reads as parameters is written: `static` (C,
   * Java: a function or method beside its host, `privateFunction`, each parameter typed as its
   * local is declared), `function` (Go: a function beside its host, each parameter typed from its
   * declaration) or `local` (first in the host's body: a nested def, a closure, a lambda or an arrow function).
   */
  parameterHelper: 'static' | 'function' | 'local';
  /** How a `local` parameterHelper is written (localHelper.ts in the language's folder); null where parameterHelper is not `local`. */
  localHelper: LocalHelper | null;
  /** A method's receiver is its first parameter, named as the method likes (Python's `self`): a nested def reads it where it stands, so it is not passed. */
  receiverFirstParameter: boolean;
  /** Names whose meaning depends on the function or line they are evaluated in (`__func__`, `__LINE__`, `va_arg`, Go's `recover`, `arguments`): code that names one is not moved into a helper. */
  frameNames: readonly string[];
  /** A call that reads the frame of the function making it (Python's `locals()`, `vars()`, `dir()`, `super()`, `eval`, `exec`), or null: code that makes one is not moved into a helper. */
  frameCalls: RegExp | null;
  /** A call that reads every local of the function making it (Python's `locals()`, `vars()`, `exec`, `eval`), or null: a helper defined in that function's body would show among them. */
  localsReaders: RegExp | null;
  /**
   * How a closure of no parameters that returns `body` is written as a statement, or null where the
   * language has none (C). `result`: its result type, where the language writes one (Go); `iface`:
   * the functional interface it implements (Java); `indentUnit`: one level of the file's indentation.
   */
  closure: ((name: string, body: string, types: { result?: string; iface?: string }, indentUnit: string) => string[]) | null;
  /** A closure is a lambda typed by a functional interface and called through its method, and captures only effectively final locals (Java). */
  functionalInterfaces: boolean;
  /**
   * Of a function defined directly in `holder` (one of the node kinds that hold definitions): whether
   * a new definition may go beside it (`ok`: not in a Rust trait or trait impl, whose items the trait
   * fixes), and whether that definition is a member of a class or type (`member`).
   */
  siblingDefinition(holder: Node): { ok: boolean; member: boolean };
  /**
   * How the result type a helper for an arithmetic expression declares is found: by C's usual
   * arithmetic conversions (`char + char` is `int`), by Java's binary numeric promotion (a constant
   * expression of `final` names left alone: it would stop being one), from the declarations of its
   * operands, an untyped constant expression having no type of its own (Go); null where the helper's
   * result type is not written (a generic lambda, a closure, a def or an arrow function infers it).
   */
  resultTypes: 'usual-arithmetic-conversions' | 'binary-numeric-promotion' | 'declared-operands' | null;
  /**
   * What a closure may capture of the locals it reads: any of them (`any`), every variable but C++17's
   * structured bindings and variable-length arrays (`declared-variables`), effectively final ones only
   * (Java, `effectively-final`), or anything it borrows until its last call, during which nothing else
   * may move or mutably borrow it, its body kept free of writes, `&mut` and `?`/return/break (Rust, `borrows`).
   */
  closureCaptures: 'any' | 'declared-variables' | 'effectively-final' | 'borrows';
  /**
   * How a closure of no parameters and no result is opened (`open(name)`) and closed (`close`) as a
   * statement, where its body may hold statements that assign the locals around it as they did in
   * place: the closure captures them by reference (C++'s `[&]`, Go's func literal, JavaScript's arrow
   * function). null where no closure may (C has none, Python's would make the assigned names its
   * own locals, Java's captures effectively final locals only, Rust's would hold a mutable borrow).
   */
  statementClosure: { open(name: string): string; close: string } | null;
  /** The result type a helper beside its host declares when it returns a truth value (C's `int`, Java's `boolean`, Go's `bool`), or null where the helper writes none (a local helper, `parameterHelper: 'local'`). */
  truthType: string | null;
  /**
   * Node kinds whose named children are top-level or class-level definitions a function may sit
   * among (a module, a class body, a preprocessor conditional): a helper goes beside a function only
   * when the function's definition stands directly in one (syntax/helpers.ts; siblingDefinition says the rest).
   */
  definitionHolders: readonly string[];
}

/**
 * What CodeCrash's perturbations (codecrash/: RTF, GBC, MPS, MHC) need to know of a language:
 * how their code is written in it and how its programs run.
 */
export interface CodeCrashRules {
  /**
   * RTF: the language's first template calls a lambda at once (Python's `(lambda: E)()`), which
   * changes what a condition means when it binds a name (`:=`), awaits, yields or calls a
   * zero-argument `super()`: such a condition is given the other templates.
   */
  lambdaTemplate: boolean;
  /** GBC: dead code is written as Python's indented blocks (languages/python/garbage.ts) rather than in braces (codecrash/braceGarbage.ts). */
  indentedGarbage: boolean;
  /** GBC: node types of a constructor (Java's), which gets no garbage, as a function named `constructor` does not (JavaScript's): its first statement may have to call `super(...)` or `this(...)`. */
  constructorTypes: readonly string[];
  /** GBC: the language has no local functions (C): the dead-loop function goes before a top-level function, as a function of its own, defined and never called. */
  deadLoopBeforeFunction: boolean;
  /**
   * GBC: which functions can have a global named like a parameter declared before them, where
   * the parameter shadows it: `anywhere`; `none` (Rust: a const or static in scope turns a `let p`
   * or a parameter `p` pattern into a constant pattern); `free` (C++: a function of no class);
   * `top-level` (C, Go, JavaScript: a function of the file itself); `module-top-level`
   * (TypeScript: the same, in a module only, a file with an import or export: a script's top-level
   * `var` joins the global scope, where lib.dom already declares `name`, `status`...).
   */
  shadowingGlobals: 'anywhere' | 'none' | 'free' | 'top-level' | 'module-top-level';
  /** GBC: the line declaring that global, `value` an integer (Java's is a field of the class). */
  globalDeclaration(name: string, value: number): string;
  /**
   * MPS, at the test level without a test command: the language runs from its source file
   * (Python, JavaScript), so the test can be the runtime on the file with its output discarded
   * (MPS's prints change the output by design); the compiled languages keep comparing output.
   */
  runsFromSource: boolean;
  /**
   * MHC: the hint's value comes from running an example call in the program (codecrash/mhc.ts,
   * Python); otherwise from the literal the record's test compares the call with, and the input
   * form runs the test with the call's arguments changed (codecrash/testedHint.ts).
   */
  hintFromCall: boolean;
  /** RTF: node kinds of the statements whose `condition` field holds a condition to reformat (ifs, elifs, whiles, do-whiles). */
  conditionOwners: readonly string[];
  /**
   * RTF: templates that wrap a condition `e` (already parenthesised) without changing when it is
   * true or how often it is evaluated (`!!e`, `e ? true : false`, Python's `(e,)[0]`); the first is
   * the lambda template where `lambdaTemplate` says so. A C++ condition is contextually converted
   * to bool, so `!!` and `?:` keep class types with an explicit `operator bool` working.
   */
  conditionTemplates: readonly ((e: string) => string)[];
}

/**
 * How the language's expressions group and what evaluating them may do besides giving a value
 * (syntax/expressions.ts: precedence and effects; syntax/numeric.ts: the types of numbers).
 */
export interface ExpressionRules {
  /** Comparisons do not group left to right: Python chains `a < b < c`, Rust rejects `a == b == c`. */
  nonAssociativeComparisons: boolean;
  /**
   * How `await` is written and binds: after its operand (Rust's `x.await`), before it and tighter
   * than the unary operators (Python's `await x`, above `-` and `**`), or as one of them.
   */
  awaitForm: 'postfix' | 'prefix-above-unary' | 'prefix';
  /** A unary operator may not be the left operand of `**` unparenthesised (JavaScript rejects `-a ** b`). */
  unaryBeforePowerRejected: boolean;
  /** `x as T < y` (and `<<`) reads as the start of generic arguments (Rust): the cast needs parentheses on the left of `<`. */
  castBeforeLessThanIsGenerics: boolean;
  /** `<<` and `>>` also write to and read from streams (C++'s `std::cout << x`): on a value not known to be a number, they are no arithmetic. */
  streamShifts: boolean;
  /**
   * Binary operators besides division and remainder that may raise, panic or be undefined at run
   * time: shifts by a negative or too large count, Rust's overflowing `+ - *`, Python's `**` and `@`.
   */
  trappingOperators: readonly string[];
  /** Negation may overflow and panic (Rust's `-i32::MIN` in a debug build). */
  negationTraps: boolean;
  /** A cast to anything but a primitive type is checked at run time and may throw (Java's ClassCastException). */
  checkedCasts: boolean;
  /**
   * An integer converts to a narrower integer type only by an explicit cast (Java's `int m = n / 2`
   * of a `long n` is rejected, Go and Rust convert nothing implicitly); false where assignment
   * narrows by itself (C, C++) or integers have no fixed widths (Python, JavaScript).
   */
  narrowingNeedsCast: boolean;
  /**
   * How a collection's length is read, in the forms syntax knows: `member` (`xs.length`: a
   * JavaScript array's property, a Java array's field), `size-method` (`xs.size()`, `xs.length()`:
   * Java's collections and strings, C++'s containers), `len-builtin` (`len(xs)`: Go, Python). Empty
   * where there is none (C) or another (Rust's `xs.len()`).
   */
  lengthReads: readonly ('member' | 'size-method' | 'len-builtin')[];
  /**
   * The order in which an operator's operands or a call's arguments are evaluated is unspecified
   * (C, C++, Go), where the others go left to right: what comes after a subexpression may run before it.
   */
  unspecifiedOperandOrder: boolean;
  /**
   * An expression of constants alone is a constant expression, which some places require (array
   * sizes, case labels, template arguments) or which converts where a variable would not (Java's
   * `byte b = 1 + 2`): a temporary holding one would make it a variable (C and its family, Go,
   * Java, Rust); false where every value is just a value (Python, JavaScript).
   */
  constantExpressions: boolean;
  /** Constants are untyped until used, and an untyped constant shifted (`1 << n`) takes its type from where it is used (Go). */
  untypedConstants: boolean;
  /**
   * What its integers are: of fixed widths, which `a + b` may overflow and `/` divides truncating
   * (C and its family, Go, Java, Rust), unbounded (Python's, which `//` floors), or double-precision
   * numbers, which `/` divides into fractions (JavaScript's `Math.floor(a / 2)`).
   */
  integers: 'fixed-width' | 'unbounded' | 'doubles';
  /** How a value chosen by a condition is written: `c ? x : y` (C and its family, Java, JavaScript), `if c { x } else { y }` (Rust), `x if c else y` (Python), or not as an expression (Go). */
  conditionalForm: 'ternary' | 'if-expression' | 'inline-if' | null;
  /**
   * Calls known to compute a value from their arguments and do nothing else: builtin `functions`
   * (Python's `len`, Go's `len` and conversions) unless the file binds their names, `methods` of any
   * object (Java's and C++'s `size()`, Rust's `len()`), and methods of one library object (`Math`'s,
   * Java and JavaScript).
   */
  pureCalls: { functions: readonly string[]; methods: readonly string[]; library: { object: string; methods: readonly string[] } | null };
  /** A character literal (`'a'`) has type `int`, not `char` (C). */
  charLiteralsAreInt: boolean;
  /** Comparisons, `!`, `&&`, `||` and `true`/`false` give an `int` (C), not a `bool`. */
  truthValuesAreInt: boolean;
  /** A variable declared `auto` has its initializer's type (C++; C's `auto` is a storage class). */
  autoInfersType: boolean;
  /** Type annotations are checked by the compiler (TypeScript): a variable annotated `number` holds a number. */
  checkedTypeAnnotations: boolean;
  /**
   * A compound literal (`(T){…}`, and `T{…}`) is a temporary that ends with its full expression
   * (C++), not an object living to the end of its block (C): a declaration initialised with one
   * is not the same as a declaration and a later assignment of it.
   */
  compoundLiteralsAreTemporaries: boolean;
  /**
   * Arithmetic operators may take containers and read what they hold (Python's `a + b` of lists,
   * JavaScript's of arrays, through their strings): a call between where such a value is computed
   * and where it is used may change it.
   */
  operatorsReadContainers: boolean;
  /**
   * A call may take type arguments before its parentheses, and `a < b, c > (d)` among arguments
   * reads as one whatever `a` names (TypeScript's `f(a < b, c > (d))` is `f(a<b, c>(d))`; C++
   * asks whether `a` names a template, Rust and Java write type arguments otherwise).
   */
  typeArgumentsBySyntax: boolean;
  /** `and`/`or` (`&&`/`||`) give one of their operands, not a boolean (Python, JavaScript): their order shows in the value. */
  logicalOperatorsYieldOperands: boolean;
  /**
   * How logical negation is written: its node kind, its operator as it stands before the operand
   * (`!`, or Python's `not ` with its space), and whether it binds more loosely than comparisons
   * (Python's `not a == b` is `not (a == b)`), not as a prefix operator.
   */
  negation: { node: string; operator: string; belowComparisons: boolean };
  /** `!`, `&&`, `||` and conditions take booleans only (Go, Rust, Java): no other value has a truth, so `!!x` is `x`. */
  booleanOnlyLogic: boolean;
  /**
   * Comparison operators call methods any object's class may define, each apart (Python's
   * `__eq__` and `__ne__`), and no declaration shows which objects have them: `!(a == b)` is
   * `a != b` only for values known to be built in, or where just the truth of the result matters.
   */
  untypedOperatorMethods: boolean;
  /**
   * A bare condition is followed by its block's `{`, so a composite literal in it must stay
   * parenthesised (Go's `(T{})`, Rust's `(S {})`): a condition keeps the parentheses it has.
   */
  conditionLiteralsNeedParens: boolean;
  /** `+` takes numbers (and pointers) only, never strings or a class's operator (C): a sum proves its operands numbers. */
  additionNumbersOnly: boolean;
  /** `*` takes numbers only, never a class's operator or a sequence to repeat (C, Go, Java): a product proves its operands numbers. */
  multiplicationNumbersOnly: boolean;
  /** `*` by an integer repeats a string as `+` concatenates it (Python's `s * 2 == s + s`). */
  stringRepetition: boolean;
  /** Overflow of signed integer arithmetic is undefined (C, C++), where unsigned arithmetic wraps. */
  signedOverflowUndefined: boolean;
  /** A NaN's sign shows when it is printed (C's printf writes `-nan`): an operation that may flip it changes the output. */
  nanSignShows: boolean;
  /** An integer literal never stands for a float (Rust: `x * 2` of an `f64` does not compile; `2.0` does). */
  integerLiteralsNeverFloat: boolean;
  /**
   * Node kinds of `x++` and `x--`, and of the assignments that may be `x += 1` (`x -= 1`) such an
   * increment could replace; both empty where the language has no `++` (Python, Rust).
   */
  increments: { nodes: readonly string[]; compoundAssignments: readonly string[] };
  /** `x++` and `x += 1` do the same to whatever either takes (C, Go): no strings to concatenate, no class operators, no `bool` that `++` rejects. */
  incrementIsAddingOne: boolean;
  /** What a single-quoted literal is: one character (C and its family, Go's rune, Rust, Java) or a string (Python, JavaScript). */
  singleQuotes: 'char' | 'string';
  /** What a backquoted literal is: a raw string (Go), a template whose `${…}` runs code (JavaScript), or nothing (null). */
  backquotes: 'raw-string' | 'template' | null;
  /**
   * Node kinds of expressions besides calls whose names do not end in `_expression` (Python's
   * grammar names them `binary_operator`, `attribute`, `subscript`, …; C's and Rust's `attribute`
   * is an annotation, no expression).
   */
  otherExpressionKinds: ReadonlySet<string>;
  /**
   * `x op= y` converts its result back to `x`'s type where `x = x op y` would need a cast to narrow
   * (Java: `b += 1` of a `byte`, `i += 1.5` of an `int`); false where both forms convert alike (C) or
   * neither converts (Go, Rust).
   */
  compoundAssignmentCasts: boolean;
  /**
   * How a name is declared a constant that constant expressions may use: by a `const` declaration
   * (Go's const_spec), by a declaration qualified `const`, `constexpr` or `final` (C, C++, Java), by a
   * `const` item (Rust, which syntax/ reads no items of: a name in capitals is taken for one), or
   * null where there are no constant expressions (Python, JavaScript).
   */
  namedConstants: 'const-declarations' | 'qualified-declarations' | 'const-items' | null;
  /**
   * What the source proves about an expression's numeric type, from literals, casts and
   * declarations (languages/<id>/numeric.ts; syntax/numeric.ts asks it, passing the syntax layer's
   * queries): null when not known to be a number. C++ reads with C's reader, TypeScript with
   * JavaScript's, each for its own rules.
   */
  numericType: NumericTypeReader;
  /** Binary operators that have a compound assignment form (`x op= y`), for modify-operations. */
  compoundOperators: ReadonlySet<string>;
  /** Node kinds of an assignment, plain or compound (`x = y`, `x += y`), for modify-operations. */
  assignmentNodes: readonly string[];
  /**
   * Node kinds of literals holding text a program may print or look names up by: strings, character
   * literals, C's `<header>` include paths (syntax/bindings.ts stringsIn; extract-arithmetic leaves them alone).
   */
  stringKinds: readonly string[];
  /** Node kinds of binary expressions, arithmetic, comparison and logical (Python's three kinds; one `binary_expression` elsewhere): syntax/expressions.ts asBinary. */
  binaryKinds: readonly string[];
  /**
   * How tightly each binary operator binds, by its text as syntax/expressions.ts's Binary gives it
   * (`not in` with one space), on the scale of syntax/expressions.ts's PREC (higher binds tighter:
   * C's `||` 10 up to its `*` 100, between the conditional's 5 and the unary operators' 120), to
   * know when a moved operand needs parentheses. Operators of one level group left to right, but
   * `**` (right to left) and, where `nonAssociativeComparisons`, the comparisons at level 60.
   */
  precedence: Readonly<Record<string, number>>;
}

/** The node kinds that scope a declaration in a language. */
export interface DeclarationScopes {
  /** Function-like nodes: their parameters are visible in all of them. */
  functionLike: readonly string[];
  /** Nodes that end the scope of a block-scoped declaration inside them (none in Python). */
  blocks: readonly string[];
}

/**
 * How a variable of the language comes to be, how it may be reached other than by its name, and
 * what ending or using it may run (syntax/dataflow.ts, the unused-variable and loop shapes of
 * syntax/shapes.ts).
 */
export interface VariableRules {
  /** A local comes to be when it is first assigned, with no declaring keyword (Python's `x = 1`). */
  declaredByAssignment: boolean;
  /** A function's `arguments` object aliases its parameters (sloppy-mode JavaScript): a write to one changes the other. */
  argumentsObject: boolean;
  /** A variable may be a reference to another (C++'s `int &r = x`, `for (auto &e : v)`): writing it writes that one. */
  referenceVariables: boolean;
  /** `a += b` may change the object `a` holds in place (Python's lists) rather than give `a` a new value. */
  augmentedAssignmentInPlace: boolean;
  /** Reading a place whose type is not `Copy` moves its value out (Rust): `a.f = a.f + b` moves `a.f`, where `a.f += b` updates it in place. */
  readsMove: boolean;
  /** Class types that own a pointer and test as one (`!p`, `p == nullptr`): C++'s `std::unique_ptr` and `std::shared_ptr`; null where it has none. */
  smartPointers: RegExp | null;
  /**
   * A name declared by a statement is already in scope in its own initialiser (C, C++, Java,
   * JavaScript's `let x = x` reads the new x; Python's local is the function's from its start),
   * where Rust's `let` and Go's `:=` bind it only after, the outer name still readable in the value.
   */
  inScopeInOwnInitializer: boolean;
  /** Assigning an array element past the array's end grows it (JavaScript's `xs[xs.length] = v`), where the others fail or write elsewhere. */
  arraysGrowOnAssignment: boolean;
  /** Reading a local before it is bound fails at run time (Python's UnboundLocalError), where a compiler would reject it. */
  unboundReadsFail: boolean;
  /** Format macros read variables named inside their strings (Rust's `println!("{total}")`). */
  namesInFormatStrings: boolean;
  /** A declaration may define a type along with its variables (C's `struct point { … } p;`). */
  typesInDeclarations: boolean;
  /** Declaring or operating on a variable of class type may run user code: constructors, overloaded operators (C++). */
  classValuesRunCode: boolean;
  /** `+` of an object calls its toString(), and arithmetic on a boxed value unboxes it, which throws on null (Java). */
  objectOperandsRunCode: boolean;
  /** Source text that defines a destructor with effects of its own (Rust's `impl Drop for`, Python's `__del__`), or null. */
  destructor: RegExp | null;
  /** An assignment to `_` discards the value (Go's blank identifier): `_ = x` is not a read, only a silenced unused variable. */
  blankAssignment: boolean;
  /** A function declared inside another cannot use its locals (Rust's nested `fn` items, E0434), unlike a closure there. */
  nestedFunctionsSeeNoLocals: boolean;
  /** Names that reach every variable of a function (Python's `locals()`, `eval`): where one is used, no local is the function's alone. */
  reflective: readonly string[];
  /** Calls that read a function's locals by their names (Python's `locals()`, `vars()`, `dir()`, `eval`; JavaScript's `eval`): where one is made, renaming a local changes what it reads. */
  localsReadBy: readonly string[];
  /** A `with (obj)` statement makes each bare name in it possibly a property of `obj` (sloppy-mode JavaScript; Python's `with` is a context manager). */
  withScopes: boolean;
  /** A bare name may mean a field of a class: in its methods, `this` left implicit (C++, Java), or in the class body (Python's class attributes). */
  bareFields: boolean;
  /**
   * A program may reach a function through a string holding its name without any introspection
   * word (`obj["f"]()`, `{"f": f}` tables, `__all__`): Python, JavaScript, TypeScript. The others
   * reach a name by string only through reflection, which the renames check by its own words.
   */
  namesLookedUpByString: boolean;
  /**
   * How a function makes a pointer or reference through which one of its variables may change: `&x`
   * (C, C++, Go), `&mut x` or a `ref mut` pattern (Rust), or not at all (the others hold objects by reference, not variables).
   */
  aliasing: 'address-of' | 'mutable-borrow' | null;
  /**
   * The statements (one a line) that declare a local `name` holding `literal` and leave it unused,
   * in a form the compiler accepts unused (Go's `_ = name`, Rust's underscore prefix): the spare
   * setting transforms/insert-variables.ts leaves behind.
   */
  unusedLocal(name: string, literal: LiteralValue): string[];
  /** What each identifier-like leaf of its grammar is, and what an identifier declares (bindings.ts in the language's folder; syntax/bindings.ts asks it). */
  bindings: BindingRules;
  /**
   * Node kinds of class-like declarations or bodies that may stand in a function, whose names may be
   * fields reached as `this.x` or `A.x`, which a rename of a local `x` would not follow; empty where
   * a function holds none (C, Go, Rust).
   */
  fieldHolders: readonly string[];
  /**
   * Node kinds besides function-like ones whose bodies keep their own names (class bodies, Python's
   * class definitions and generator expressions): syntax/dataflow.ts reads a function's plain locals,
   * and where control may jump, without them.
   */
  ownScopes: readonly string[];
  /** The nodes that scope a declaration (scopes.ts in the language's folder). */
  scopes: DeclarationScopes;
}

/** A literal a method writes, by kind: `value` as JavaScript would write it (`true`, `0.5`), a string's unquoted. */
export interface LiteralValue {
  kind: 'int' | 'float' | 'string' | 'bool';
  value: string;
}

/**
 * How the language spells a switch or match, and what its cases mean: what switch-to-if must keep
 * when it writes the switch as an if / else-if chain.
 */
export interface SwitchRules {
  /** The node kind of the switch (or match) the methods rewrite. */
  node: string;
  /** The equality a case compares with (JavaScript's switch compares with `===`). */
  equals: string;
  /** The logical or, with its spaces. */
  or: string;
  /** What people call it: `match` (Rust, Python) or `switch`. */
  keyword: 'switch' | 'match';
  /** The field of the switch node that holds the switched value. */
  subjectField: 'subject' | 'condition' | 'value';
  /** The cases are children of the switch node itself, beside its header's fields (Go), not of a `body`. */
  casesInSwitchNode: boolean;
  /** A switch may have no value, its cases being conditions tested in order (Go's `switch { case x > 0: … }`). */
  tagless: boolean;
  /** GNU case ranges (`case 1 ... 5:`) may stand as labels, which do not parse as one expression. */
  caseRanges: boolean;
  /** A label compares as the switched value's type says (Java: `==` for integers, `equals` for strings, enum constants by their type). */
  typedLabels: boolean;
  /** A switch used as a value becomes a conditional expression (Java's `?:`), an `if` expression (Rust), or stays (null). */
  valueSwitch: 'ternary' | 'if-expression' | null;
  /** An `if` may start with a simple statement (Go's `if x := f(); x > 0`): the switch's initializer and a temporary go there. */
  ifHeaderStatement: boolean;
  /** A local holding `value`, declared without writing its type, or null where the language cannot (C). */
  temporary: ((name: string, value: string) => string) | null;
  /** Its cases: labels over shared statements (C and its family, Go, Java), match arms `p => e` (Rust), or `case p:` blocks (Python). */
  form: 'case-labels' | 'match-arms' | 'case-blocks';
  /** Cases may be written as rules (`case 1 -> …`), which neither fall through nor share a scope (Java). */
  arrowRules: boolean;
  /** A switch expression gives its value with a `yield` statement (Java). */
  yields: boolean;
  /** A case ends by itself, without a `break` (Go, whose explicit `fallthrough` goes on to the next one). */
  casesEndThemselves: boolean;
  /** The cases share one scope: a name declared in one case (outside braces) is in scope in the later ones. */
  sharedCaseScope: boolean;
  /** A switch over every member of a union counts as exhaustive for the type checker, where an if-chain does not (TypeScript). */
  exhaustiveUnions: boolean;
  /** The logical and, with its spaces. */
  and: string;
  /** An `if` (and a `switch`) writes its condition without parentheses. */
  bareConditions: boolean;
  /** An empty block, as the language's formatter writes it. */
  emptyBlock: string;
  /** Its formatter writes `case` at the level of its `switch`, not one level in (gofmt). */
  casesAtSwitchIndent: boolean;
  /** A `break` the compiler can prove unreachable is an error (Java): one after a statement that may not complete is declined. */
  unreachableBreakRejected: boolean;
  /** A `const` or `constexpr` integral variable initialised with a literal is a constant a label may name (C++; C's `const` is no constant expression). */
  constVariableLabels: boolean;
  /** An enumerator of a scoped enum (`Color::Red`) may be a label (C++). */
  scopedEnumLabels: boolean;
  /** The switched value may be an element of a standard container (`s[i]` of a `std::string`, `std::vector` or `std::array`: C++). */
  containerElementSubjects: boolean;
  /** What the branch of a case that does nothing holds, saying so; `inline` when the chain is written on one line. */
  nothingToDo(inline: boolean): string;
  /**
   * What an operand of a comparison would be as a case label, judged by its syntax alone
   * (transforms/if-to-switch.ts), or null where the switch (or match) takes no such label;
   * `negative`: the operand is a minus sign on a number literal.
   */
  caseLabel(operand: Node, negative: boolean): CaseLabelSyntax | null;
  /**
   * A switch takes values of integral and enum types only, and its labels are integer constant
   * expressions (C, C++): the subject's declarations must show such a type, a number label must be
   * an integer or character literal, a string is no label.
   */
  integralOnly: boolean;
  /**
   * The declared types a switch takes, each with the labels it accepts (Java: `int`, `char`,
   * their boxes and `String`), or null where the subject's type is not asked.
   */
  subjectTypes: Readonly<Record<string, SubjectType>> | null;
  /**
   * The patterns of a match have the matched value's type (Rust): the labels are of one kind, and a
   * string subject is matched as a `&str`, so its type must be known (a String goes through `.as_str()`).
   */
  typedPatterns: boolean;
  /**
   * Node kinds of every switch-like statement: the one `node` names and the others (Go's type switch
   * and `select`). Where `keyword` is `switch`, a `break` in one leaves it (syntax/switches.ts).
   */
  kinds: readonly string[];
}

/** The kinds of case label if-to-switch tells apart. */
export type LabelKind = 'int' | 'char' | 'string' | 'bool' | 'other';

/**
 * What an operand is as a case label, by its syntax: a `literal` of a kind (null: the kind its
 * value shows), compared by its value (`value`), by its text (`text`: names and literals whose value
 * is not read), or by its value where it can be read and else its text (`value-or-text`); a name
 * that is a label when the file defines it as a constant with a literal value (`file-constant`:
 * enumerators, macros, consts), unless a local declaration of its function shadows it (`locals`)
 * or any declaration reaches it (`declarations`: Rust, where only a constant keeps a pattern's
 * bare name from binding); a `final-variable` initialised with a literal (Java's constant
 * variables); an enumerator of a scoped enum named with its enum (C++'s `Color::Red`).
 */
export type CaseLabelSyntax =
  | { form: 'literal'; kind: LabelKind | null; by: 'value' | 'text' | 'value-or-text' }
  | { form: 'file-constant'; shadowedBy: 'locals' | 'declarations' }
  | { form: 'final-variable' }
  | { form: 'scoped-enumerator' };

/**
 * A type a switch takes (SwitchRules.subjectTypes): `strings`, whose labels are string literals
 * compared by `equals`, or integers from `min` to `max`, whose labels are of kind `label`
 * (null: integer or character literals alike).
 */
export type SubjectType = 'strings' | { min: number; max: number; label: 'int' | 'char' | null };

/** The kind of value a new parameter's name suggests (`verbose` a flag, `limit` a count, `label` a text, `options` an object). */
export type ValueKind = 'bool' | 'int' | 'str' | 'object';

/** A parameter whose type admits a null value, with the conditions (as an `if` writes them) that test it holds one. */
export interface NullableParameter {
  name: Node;
  /** `nothing`: what the null value is called, for a comment (`None`, `null`, `a null pointer`). */
  tests: { condition: string; nothing: string }[];
}

/** What a search for nullable parameters may ask of the file around the function. */
export interface NullableUnit {
  /** The file's text. */
  source: string;
  /** The function is a method (it has a container). */
  inClass: boolean;
  /** The file's nodes of these kinds whose text holds the word (a type's declarations, Go's `type_spec`). */
  nodesHolding(kinds: string[], word: string): Node[];
}

/**
 * How the language declares a function's parameters and what its calls must pass: what
 * transforms/add-arguments.ts needs to add a parameter the body never uses, and
 * transforms/check-arguments.ts to test one for null.
 */
export interface ParameterRules {
  /**
   * The parameters of `fn` (parameter list `list`) whose type admits the null value: Python's (any),
   * Java's reference types, C and C++ pointers (and C++ smart pointers), Go's pointers, slices, maps,
   * channels, functions and interfaces, Rust's Option (and raw pointers), JavaScript's (any), and
   * TypeScript's where the comparison type-checks under strict null checks.
   */
  nullable(fn: Node, list: Node, unit: NullableUnit): NullableParameter[];
  /** A parameter may have a default value, so that calls passing nothing for it stay valid (Python, C++, JavaScript, TypeScript). */
  defaults: boolean;
  /** Calls are not checked against the parameters a function declares (Python, JavaScript): a defaulted parameter no call fills leaves every use of the function as it was. */
  uncheckedCalls: boolean;
  /** A function may be declared apart from its definition, each declaration repeating its parameters (C and C++ prototypes); a default goes on the first one only. */
  prototypes: boolean;
  /** An empty parameter list may be written `(void)` (C, and C++ after it), which a first parameter replaces. */
  voidList: boolean;
  /** Functions may be overloaded by their parameters (C++, Java, TypeScript's overload signatures): a declaration with other parameters is another function. */
  overloads: boolean;
  /** Methods have a namespace of their own: a variable or field of a method's name is another thing (Java). */
  methodsApart: boolean;
  /** A method's class may call it by its bare name, `this` left implicit (Java, C++), not only through a receiver (`self.f()`, `this.f()`). */
  bareMethodCalls: boolean;
  /** A class may not hold a field and a method of the same name (C++, TypeScript). */
  fieldsClashWithMethods: boolean;
  /** Calls may pass arguments by parameter name (Python's `f(limit=3)`): a parameter's name is part of the function's interface. */
  keywordArguments: boolean;
  /** One argument may spread over several parameters: a call of a function with several results (Go's `f(g())`), or `xs...`. */
  spreadArguments: boolean;
  /** Functions leave their module through `export` statements or `module.exports` (JavaScript), to callers no file here shows. */
  moduleExports: boolean;
  /** Whether a parameter declares its type: always (the compiler requires it), optionally (Python's annotations, TypeScript's), or never (JavaScript). */
  types: 'required' | 'optional' | 'none';
  /**
   * Where a parameter's declared type stands beside its name: before it (C's `int x`, an array's
   * brackets after the name belonging to the type), after it (Go's `x int`, where `a, b int` share
   * the last one), after a colon (`x: i32`, `x?: number`, `x: int`), or nowhere (JavaScript): how
   * rewrite/signatureInputs.ts reads a signature's parameters.
   */
  typePlacement: 'before-name' | 'after-name' | 'after-colon' | 'none';
  /** The kinds of value an unused parameter may take (C has no object to pass that would read naturally). */
  kinds: readonly ValueKind[];
  /**
   * A parameter of the kind, as a declaration writes it, and the value a call passes for it.
   * `full`: with its default where the language has them; `plain`: without; `type`: the type
   * alone, for a prototype that names no parameter. `typed`: the other parameters carry type
   * annotations (Python); `quote`: the file's string quote.
   */
  unused(name: string, kind: ValueKind, form: 'full' | 'plain' | 'type', style: { typed: boolean; quote: string }): { param: string; dummy: string };
  /**
   * Whether the definition of `fn` lets it take a new parameter (transforms/add-arguments.ts): false
   * for what a runtime, a base class, an interface or other files may call with the parameters it
   * has (entry points, overrides, exports, accessors, a library's public functions, decorated or
   * introspected ones). `fn`'s name is a plain identifier, not `main`.
   */
  newParameterAllowed(fn: FunctionInfo, unit: ParameterUnit): boolean;
  /**
   * Whether a method call's receiver is surely of the method's own type (Java's `this`, Go's
   * receiver or a variable of its type, Rust's `self`), so the call is one of this method's and is
   * given the new argument; false where that is unknown.
   */
  ownReceiver(fn: FunctionInfo, receiver: Node, unit: ParameterUnit): boolean;
}

/** What ParameterRules' questions about a new parameter may ask of the file around the function (transforms/add-arguments.ts answers). */
export interface ParameterUnit {
  /** The file's text. */
  source: string;
  /** The file's tree. */
  root: Node;
  /** Whether the word appears in the file or the project (Python's `inspect`: a signature may be read). */
  hasWord(word: string): boolean;
  /** The file defines a function named `main`: it is a whole program, which no other file calls into. */
  hasMain(): boolean;
  /** The words the preprocessor's directives use: a macro may call the function as it is. */
  preprocessorWords(): ReadonlySet<string>;
  /** The file includes a header of its own (`#include "x.h"`), which may declare its functions for other files. */
  includesOwnHeader(): boolean;
  /** The class an out-of-line C++ method (`int Foo::bar()`) belongs to, when this file defines it, or null. */
  qualifiedOwner(fn: FunctionInfo): Node | null;
  /** The nearest ancestor of one of these kinds, or null. */
  ancestor(node: Node, types: readonly string[]): Node | null;
  /** The nodes under `node` (itself included) that `keep` takes, not looking inside those `prune` takes. */
  descendants(node: Node, keep: (n: Node) => boolean, prune?: (n: Node) => boolean): Node[];
  /** Whether the identifier is where a variable is declared. */
  declares(id: Node): boolean;
  /** The declarations the identifier may refer to, with their written type and value (none where they are not read). */
  declarationsOf(id: Node): readonly { type: string | null; value: Node | null }[];
}

/**
 * How the language writes a small function of integers: its header, its statements, its blocks
 * (transforms/insert-junk-function.ts writes one statement list in every language through it).
 * Conditions come written as C writes them (`a != 0`).
 */
export interface Spelling {
  /** A block is a header ending in `:` over indented lines (Python), not a pair of braces. */
  indentedBlocks: boolean;
  /** The statement a block with nothing to do holds, as written (Python's `pass`), or null where a block may be empty. */
  emptyBlock: string | null;
  ifHeader(cond: string): string;
  whileHeader(cond: string): string;
  /** A loop of `index` from 0 while below `count`. */
  countedForHeader(index: string, count: string): string;
  /** A new integer local set to `value`. */
  declareInteger(name: string, value: string, mutable: boolean): string;
  /** An expression or `return` as a statement (with the `;` the language ends it with). */
  statement(text: string): string;
  /**
   * What a pointer or reference that refers to nothing holds, as the language writes it, and whether
   * only its standard headers define it (C's `NULL` macro, where C++'s `nullptr` is a keyword); null
   * where no variable may hold nothing (Rust's references; its `None` is an Option's).
   */
  nullValue: { literal: string; fromHeaders: boolean } | null;
  /** A function's last expression is its value: the last statement of its body is the value, without `return` (Rust). */
  valueAsLastExpression: boolean;
  /** Integer division truncating toward zero, or as the language's integers divide. */
  integerDivision(a: string, b: string): string;
  /** A comment on lines of its own (C writes a block comment: line comments came only with C99). */
  comment(text: string): string;
  /** Its formatter leaves a short block on one line (`else { x(); }`); gofmt opens every block onto lines of its own. */
  oneLineBlocks: boolean;
  /** Blank lines its style puts between top-level definitions (PEP 8's two for Python), where a file shows none to follow. */
  topLevelBlankLines: 1 | 2;
  /** One level of indentation where a file shows none (gofmt's tab). */
  indentUnit: string;
  /** The header lines of a function of integer parameters that returns an integer; `member` when it goes in a class (a static method). */
  integerFunctionHeader(name: string, params: readonly string[], member: boolean): string[];
  /** How it prints a line on standard output. */
  print: PrintRules;
}

/** How a program of the language prints a line on standard output (codecrash/mps.ts writes misleading prints with it). */
export interface PrintRules {
  /** A statement printing `message` and a line break. */
  line(message: string): string;
  /** The include a print needs, and the pattern of an include that already brings it (C's `<stdio.h>`); null where it needs none. */
  header: { include: string; present: RegExp } | null;
  /** Whether the file binds the print function's name to something else (a parameter named `print`, a local `console`): the statement would not print. */
  rebound(source: string): boolean;
  /** The head of a function run at compile time, which cannot print (Rust's `const fn`, C++'s `constexpr`), or null. */
  compileTime: RegExp | null;
}

/** How the language writes its loops. */
export interface LoopRules {
  /**
   * The loops it has: `while` and a three-clause `for (init; cond; update)` (C and its family);
   * `while` and `for … in` (Python); one `for` keyword, counted, conditional or ranged (Go);
   * `while`, `loop` and `for … in` (Rust).
   */
  forms: 'while-and-three-clause-for' | 'while-and-for-in' | 'for-only' | 'while-loop-and-for-in';
  /** The condition that always holds, as a `while (…)` of the language writes it. */
  alwaysTrue: string;
  /** A comma operator joins several init or update expressions in one statement (Java has none: each is its own). */
  commaOperator: boolean;
  /** A declaration in a three-clause `for` header gives each iteration its own binding, which closures can observe (JavaScript's `let`). */
  perIterationBindings: boolean;
  /** A statement may end without `;` (automatic semicolon insertion): a line written after it may continue it. */
  automaticSemicolons: boolean;
  /** Node kinds of the loops that iterate over a collection, running its iterator's code (Python's `for`, Java's `for (T x : xs)`). */
  iterating: readonly string[];
  /** A `for` keeps its header in a child clause (Go's `for_clause`, its `range_clause`, or a lone condition), not in fields of its own. */
  headerClauses: boolean;
  /** How a loop over consecutive integers is written: a three-clause `for`, `for i in range(a, b)` (Python), or `for i in a..b` (Rust). */
  counted: 'three-clause' | 'range-call' | 'range-expression';
  /**
   * The rewrite transforms/for-while.ts makes of one of the language's loops (a while into a for
   * and back; languages/<id>/loopRewrites.ts), or null where none is safe.
   */
  rewrite: LoopRewrite;
  /**
   * A closure made in a counted loop's body captures the index variable itself, one variable for
   * every iteration, and sees it change (Go before 1.22, C++'s `[&]`, Python's late binding); false
   * where each iteration has its own (JavaScript's `let`, Rust), a closure copies it (Java takes
   * effectively final locals only) or there are no closures (C).
   */
  closuresShareIndex: boolean;
  /** Node kinds of its `for` and `while` loops, the ones `rewrite` is asked about (transforms/for-while.ts): not `do`, Rust's `loop` or a ranged for of a kind of its own. */
  forAndWhile: readonly string[];
  /**
   * Node kinds under which one statement may become several with no block written around them:
   * blocks, and the statement lists of a switch's cases (C's `case_statement`, JavaScript's
   * `switch_case`); a for rewritten elsewhere (a lone statement as an `if`'s body) is wrapped in a block.
   */
  statementSlots: readonly string[];
  /** Node kinds of all its loops (`do`, ranged and Rust's `loop` too): a `break` or `continue` inside one binds to it, not to an outer loop. */
  kinds: readonly string[];
}

/**
 * What the language's blocks mean to a method that puts a run of statements inside a new block
 * (a `try`, an `if (true)`, a one-iteration loop, a closure: syntax/runs.ts): which names the new
 * block would scope, which statements must stay where they are, which jumps it would capture.
 */
export interface BlockRules {
  /** What a statement declares is scoped to its block (false: Python, whose locals belong to the function). */
  blockScoped: boolean;
  /** Declaration kinds whose names belong to the function, not the block (JavaScript's `var`). */
  functionScopedDeclarations: readonly string[];
  /** Every declaration is visible in its whole block, before it too (JavaScript's `let` and its temporal dead zone), not only the hoisted kinds. */
  hoistsEveryDeclaration: boolean;
  /** Patterns in a statement declare names for what follows it (Java's `if (!(o instanceof String s)) return;`). */
  flowScopedPatterns: boolean;
  /** Objects live to the end of their block (destructors, drops, pointers to locals): a run that declares anything reaches the end of its block. */
  blockLifetimes: boolean;
  /** A statement that must stay where it is, or whose meaning depends on standing at the top of its block; `first` is its first named child that is not a comment. */
  fixedStatement(stmt: Node, index: number, block: Node, first: Node | undefined): boolean;
  /** The node kinds of a function body that is a block of statements (not an arrow function's expression body). */
  functionBodies: readonly string[];
  /**
   * How many of a function body's first statements must stay first (a docstring, directives, a
   * `super(...)` call, inner attributes), or null when nothing may go before the rest. `first`: a
   * statement's first named child that is not a comment; `derivedConstructor`: whether the function
   * is the constructor of a class that extends another.
   */
  bodyOpening(statements: Node[], first: (n: Node | undefined) => Node | undefined, derivedConstructor: () => boolean): number | null;
  /** What may follow a statement on its line and go with it: a line comment. */
  trailingComment: RegExp;
  /** Whether the language lets a new block take statements of this statement list (a switch body in C, a class body in Python may not). */
  wrappableList(list: Node): boolean;
  /** The statement list lies inside the node that holds the braces (Go's statement_list in its block): the block's ends are its parent's. */
  listInsideBlock: boolean;
  /**
   * Classes declared in a block, local or anonymous, are named by the compiler in their order in the
   * source (Java's `Outer$1`, `Outer$1Local`): a copy of the block renumbers the ones after it.
   */
  classesNumberedInOrder: boolean;
  /** The language has `goto`, which may jump into the new block. */
  hasGoto: boolean;
  /** A `goto` may not jump over a variable's declaration (C++, Go; C allows it): a function with one gets no new declaration. */
  gotoMayNotSkipDeclarations: boolean;
  /** `case` labels may stand inside nested statements of a switch body (C's Duff's device). */
  strayCaseLabels: boolean;
  /** A short declaration assigns the names already declared (Go's `a, err := f()`): in a new block it would declare fresh ones. */
  redeclaringShortDeclarations: boolean;
  /** Whether what a statement declares may end before its block does (no destructor, no drop with effects, no address taken). */
  declarationsMayEndEarly(stmt: Node): boolean;
  /**
   * For a language where a function with results must end in a terminating statement (Go): whether
   * `last` may be one (errs towards yes). null where flow analysis decides (syntax/loops.ts cannotComplete).
   */
  mayTerminateFunction: ((last: Node) => boolean) | null;
  /** Calls that never return, so that a block ending in one may stand for any type (Rust's `panic!`). */
  diverging: RegExp | null;
  /** Loops and blocks carry label nodes (Rust's `'outer:`), and only a label node after a break or continue names one. */
  labelNodes: boolean;
  /** Statements a closure would change: `defer`, `recover()`, `fallthrough` (Go). */
  deferAndRecover: boolean;
  /** Blocks, `if`, `loop` and `match` are expressions, and an expression statement completes as its expression does (Rust). */
  blockExpressions: boolean;
  /** An `if` lists its `elif` and `else` clauses as children (Python), not its else branch in an `alternative` field. */
  elifClauses: boolean;
  /** The statement a block with nothing to do must hold (Python's `pass`), or null where a block may be empty. */
  placeholderStatement: string | null;
  /** Statements whose completion is not analysed, taken as never completing (Java, which rejects a statement after one that cannot). */
  opaqueCompletion: readonly string[];
  /** Statements that declare items visible in their whole block, before them too (Rust's `fn`, `struct`, `use`): moved into a new block, they would be hidden from the code before it. */
  blockWideItems: ReadonlySet<string>;
  /**
   * What an `if`'s header may declare that stays alive through its else branch, and so through
   * code moved into it: `objects` (C and C++: an init-statement or a declaration as the condition,
   * destroyed only when the whole if ends), `names` (Go's `if x := f(); …`: they would shadow the
   * outer names the moved code reads), `temporaries` (Rust's `if let` on a call: its temporaries,
   * a lock guard say, live through the else), or null where a header declares nothing that outlives its test.
   */
  ifHeaderDeclares: 'objects' | 'names' | 'temporaries' | null;
  /**
   * Whether no new statement may go before this one, the `index`th named child of `block`: it must
   * come first or it binds what follows (Python's docstring, JavaScript's 'use strict' directives,
   * Java's this(...)/super(...) call, the statement after a Rust attribute).
   */
  staysFirst(stmt: Node, index: number, block: Node): boolean;
  /**
   * How a run of statements is wrapped in handling that catches whatever the run throws and throws
   * it again unchanged (transforms/add-exception.ts), or null where the language has no exceptions
   * to catch (C; Rust's errors are values and its panics are not caught and rethrown).
   */
  rethrow: RethrowRules | null;
  /**
   * Statement kinds that may trade places with their neighbour (transforms/change-statement-order.ts):
   * declarations, assignments and other expression statements, and the ifs, loops and blocks built of them.
   */
  swappableStatements: readonly string[];
  /**
   * Node kinds code written twice must not hold (transforms/div-composed-if.ts): labels and gotos,
   * declarations of the function or class scope a copy would declare again (JavaScript's function
   * declarations, Java's local classes, Rust's `static` items and macros), Python's `global` and `nonlocal`.
   */
  notDuplicable: readonly string[];
  /**
   * Node kinds of blocks whose named children are statements (Go's statement_list inside its block):
   * where syntax/ finds the statements methods move, wrap or insert among.
   */
  statementLists: readonly string[];
  /** The node kind of an `if` (Rust's `if_expression`), its `else if` included. */
  ifKind: string;
  /** Node kinds of a braced (or indented) block whose children are statements (Go's block holds them in a statement_list). */
  blockKinds: readonly string[];
  /**
   * Node kinds that open a new function or class scope, lambdas and closures included: a jump or a
   * capture inside one is its own, not the enclosing code's (Rust's `async` block too).
   */
  functionScopes: readonly string[];
  /** Node kinds that define a function, a method, a lambda or a closure (not classes): the shapes the quality detectors and methods read (syntax/shapes.ts). */
  functionLike: readonly string[];
}

/** A line of a wrapper: its depth below the wrapper's first line, and its text. */
export type WrapperLine = [depth: number, text: string];

/** How the language catches what a run of statements throws and throws it again, changing nothing (BlockRules.rethrow). */
export interface RethrowRules {
  /**
   * The types the handler may catch, one picked at random, given the file's text (Java's, less a
   * class the file declares of that name; Python's `BaseException` or `Exception`); empty where the
   * handler names no type (C++'s `catch (...)`, JavaScript's untyped catch, Go's recover).
   */
  catchTypes(source: string): readonly string[];
  /** Names for the caught value, a free one taken; empty where the handler names none (Python's bare `raise`, C++'s `throw;`). */
  catchNames: readonly string[];
  /** The wrapper, `type` and `name` as picked from the two lists above (undefined where a list is empty). */
  wrapper(type: string | undefined, name: string | undefined): { head: string; before?: WrapperLine[]; tail: WrapperLine[] };
  /** A try block may not stand in a function that must be constant-evaluable (C++17's constexpr, and a lambda that must be one). */
  notInConstantFunctions: boolean;
  /** The handler is a closure called on the spot around the run (Go): a jump out of the run, a closure in it or a run that may not complete would change meaning. */
  closure: boolean;
  /** Lines that, first in a function's body, catch what the rest of it throws and throw it again (Go's deferred recover that panics again), or null. */
  deferred: WrapperLine[] | null;
}

/** Names a shape of GBC's garbage code may use (codecrash/gbc.ts): fresh ones it may bind, and one it may only read. */
export interface GarbageNames {
  /** A fresh variable name, claimed for this shape. */
  temp(): string;
  /** A fresh function name, claimed for this shape. */
  func(): string;
  /** A name already bound where the shape goes (a parameter), or a literal: read only, in dead code. */
  read: string;
}
