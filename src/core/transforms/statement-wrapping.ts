import type { LanguageId } from '../languages/languageIds';
import type { UnitContext } from './context';
import { APPLICABLE, Method, Site } from './method';
import { joinIdentifier } from './names';
import { shadowsBuiltin } from './shared/declarations';
import { descendants, namedChildren } from './shared/nodes';
import { functionAround, jumpsIn, mayNotComplete, mentions, Run, runAt, runLabel, statementRuns, Wrapper, wrapRun } from './shared/runs';

/** `if (true)`, a do-while that runs once, a counted loop of one iteration, Rust's `loop { ...; break; }`. */
type Form = 'if' | 'do' | 'for' | 'loop';

/** The one-iteration loops each language gets (besides `if (true)`). */
const LOOP_FORMS: Record<LanguageId, readonly Form[]> = {
  python: ['for'],
  c: ['do', 'for'],
  cpp: ['do', 'for'],
  go: ['for'],
  rust: ['loop'],
  // Java's and TypeScript's flow analyses see through `do { } while (false)` (definite assignment,
  // narrowing) but not through a counted loop, which might run zero times
  java: ['do'],
  javascript: ['do', 'for'],
  typescript: ['do'],
};

/** Names for the counter of a loop that runs once. */
const ONCE_WORDS: readonly (readonly string[])[] = [['once'], ['single', 'pass'], ['one', 'shot'], ['lap'], ['trip'], ['round']];

/** Rust tail expressions a wrapper keeps the type of: loops and else-less ifs are `()`, like the wrapper. */
const RUST_UNIT_MACROS = new Set(['println', 'print', 'eprintln', 'eprint', 'assert', 'assert_eq', 'assert_ne', 'debug_assert', 'debug_assert_eq', 'debug_assert_ne']);

/** Whether the run ends its Rust block with a value (a tail expression) whose type may not be `()`. */
function rustValueTail(run: Run): boolean {
  if (!run.toEnd) return false;
  const last = run.statements[run.statements.length - 1];
  if (last.type === 'let_declaration' || last.type.endsWith('_item') || last.type === 'macro_definition' || last.type === 'empty_statement') return false;
  if (last.type === 'expression_statement') {
    if (last.text.trimEnd().endsWith(';')) return false;
    const inner = namedChildren(last)[0];
    if (!inner) return true;
    if (inner.type === 'for_expression' || inner.type === 'while_expression') return false;
    return !(inner.type === 'if_expression' && inner.childForFieldName('alternative') === null);
  }
  return !(last.type === 'macro_invocation' && RUST_UNIT_MACROS.has(last.childForFieldName('macro')?.text ?? ''));
}

/** Rust's `let x;` assigned later: inside `if true { }` the compiler no longer sees x definitely initialised. */
function rustDeferredInit(ctx: UnitContext, run: Run): boolean {
  const fn = functionAround('rust', run.statements[0]);
  if (!fn) return true;
  const names = descendants(fn, (n) => n.type === 'let_declaration' && n.childForFieldName('value') === null).flatMap((n) =>
    descendants(n.childForFieldName('pattern') ?? n, (d) => d.type === 'identifier').map((d) => d.text),
  );
  const text = ctx.source.slice(run.start, run.end);
  return names.some((n) => mentions(text, n));
}

/** The wrappers the run can take without changing what the program does or whether it compiles. */
function formsFor(ctx: UnitContext, run: Run): Form[] {
  const lang = ctx.lang;
  if (lang === 'rust' && (rustValueTail(run) || /#!?\[(deny|forbid)\(/.test(ctx.source))) return [];
  // Java's `if (true) { return x; }` completes normally for the compiler ("missing return", definite
  // assignment), Go's `if` is not a terminating statement, and Rust's `if` without else is `()`
  const strict = (lang === 'java' || lang === 'go' || lang === 'rust') && mayNotComplete(ctx, run);
  const forms: Form[] = [];
  if (!strict && !(lang === 'rust' && rustDeferredInit(ctx, run))) forms.push('if');
  if (!jumpsIn(lang, run.statements).loopJump) {
    for (const form of LOOP_FORMS[lang]) {
      if (strict && lang !== 'java') continue; // Java's do-while cannot complete when its body cannot
      if (lang === 'python' && shadowsBuiltin(ctx.root, 'range')) continue;
      forms.push(form);
    }
  }
  return forms;
}

function wrapper(ctx: UnitContext, form: Form, counter: string): Wrapper {
  const lang = ctx.lang;
  const close: Wrapper['tail'] = [[0, '}']];
  switch (form) {
    case 'if': {
      if (lang === 'python') return { head: 'if True:', tail: [] };
      const cond = lang === 'c' ? '(1)' : lang === 'go' || lang === 'rust' ? 'true' : '(true)';
      return { head: `if ${cond} {`, tail: close };
    }
    case 'do':
      return { head: 'do {', tail: [[0, `} while (${lang === 'c' ? '0' : 'false'});`]] };
    case 'loop':
      return { head: 'loop {', after: [[0, 'break;']], tail: close };
    case 'for':
      switch (lang) {
        case 'python':
          return { head: `for ${counter} in range(1):`, tail: [] };
        case 'go':
          return { head: `for ${counter} := 0; ${counter} < 1; ${counter}++ {`, tail: close };
        case 'javascript':
        case 'typescript':
          return { head: `for (let ${counter} = 0; ${counter} < 1; ${counter}++) {`, tail: close };
        default:
          return { head: `for (int ${counter} = 0; ${counter} < 1; ${lang === 'cpp' ? `++${counter}` : `${counter}++`}) {`, tail: close };
      }
  }
}

const FORM_NAMES: Record<Form, string> = { if: 'an always-true if', do: 'a do-while that runs once', for: 'a loop of one iteration', loop: 'a loop that breaks after one pass' };

/** The runs that some form can wrap, in source order. */
function sitesOf(ctx: UnitContext): { run: Run; forms: Form[] }[] {
  const out: { run: Run; forms: Form[] }[] = [];
  for (const run of statementRuns(ctx)) {
    const forms = formsFor(ctx, run);
    if (forms.length > 0) out.push({ run, forms });
  }
  return out;
}

export const statementWrapping: Method = {
  id: 'statement-wrapping',
  category: 'basic',
  description: 'wrap statements in `if (true)` or a one-iteration loop',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    return sitesOf(ctx).map(({ run, forms }) => ({ start: run.start, end: run.end, label: runLabel(ctx, run), data: { forms } }));
  },

  apply(ctx, site, rng) {
    const run = runAt(ctx, site.start, site.end);
    const { forms } = site.data as { forms: Form[] };
    const form = rng.pick(forms);
    let counter = '';
    if (form === 'for') {
      const words = ONCE_WORDS.map((w) => joinIdentifier(w, ctx.profile.naming));
      counter = ctx.freshName(ctx.lang === 'python' ? words.map((w) => `_${w}`) : words, rng);
    }
    return {
      edits: [wrapRun(ctx, run, wrapper(ctx, form, counter))],
      summary: `wrapped the ${site.label} in ${FORM_NAMES[form]}`,
    };
  },
};
