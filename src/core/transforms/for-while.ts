import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import {
  afterLine,
  BLOCK_TYPES,
  bodyIndent,
  cannotComplete,
  declaredNames,
  FUNCTION_TYPES,
  isComment,
  reindented,
  scanJumps,
  statementsOf,
} from '../syntax/loops';
import { allChildren, descendants, holdingWord, identifiersIn, identifiersNamed, identifiersWhere, namedChildren, nodesOfType } from '../syntax/nodes';
import { constantTruth } from '../syntax/shapes';
import { pyNotOnlyCalled } from '../syntax/pyCalledOnly';

/** One loop this method can rewrite: which way, and how (names are drawn when applied). */
interface Plan {
  toWhile: boolean;
  edits(rng: Rng): TextEdit[];
}

const LOOPS: Record<LanguageId, readonly string[]> = {
  python: ['for_statement', 'while_statement'],
  c: ['for_statement', 'while_statement'],
  cpp: ['for_statement', 'while_statement'],
  go: ['for_statement'],
  rust: ['for_expression', 'while_expression'],
  java: ['for_statement', 'while_statement'],
  javascript: ['for_statement', 'while_statement'],
  typescript: ['for_statement', 'while_statement'],
};

/** Parents under which one statement may become several without a block around them. */
const STATEMENT_LISTS: Record<LanguageId, readonly string[]> = {
  python: ['block'],
  c: ['compound_statement', 'case_statement'],
  cpp: ['compound_statement', 'case_statement'],
  go: ['statement_list'],
  rust: ['block'],
  java: ['block', 'switch_block_statement_group', 'constructor_body'],
  javascript: ['statement_block', 'switch_case', 'switch_default'],
  typescript: ['statement_block', 'switch_case', 'switch_default'],
};

const DECLARATIONS = ['declaration', 'local_variable_declaration', 'lexical_declaration', 'variable_declaration', 'short_var_declaration'];

function replace(start: number, end: number, text: string): TextEdit {
  return { start, end, text };
}

function trimmedSpan(ctx: UnitContext, start: number, end: number): [number, number] {
  const text = ctx.source.slice(start, end);
  return [start + (text.length - text.trimStart().length), end - (text.length - text.trimEnd().length)];
}

/**
 * Hazards shared by every counted loop that becomes a while with its update at the end of the
 * body: a `continue` would skip the update, labels and gotos are not followed, an update after
 * a final jump is dead (and unreachable code in Java), and a name the body's top level declares
 * would capture the update's identifiers.
 */
function bodyBlocksUpdate(ctx: UnitContext, body: Node, updateNames: readonly string[]): boolean {
  const jumps = scanJumps(ctx.lang, body);
  if (jumps.ownContinue || jumps.irregular) return true;
  const isBlock = BLOCK_TYPES[ctx.lang].includes(body.type);
  const statements = isBlock ? statementsOf(ctx, body) : [body];
  const last = statements[statements.length - 1];
  if (last && cannotComplete(ctx, last)) return true;
  if (!isBlock) return false;
  const declared = new Set(statements.flatMap((s) => declaredNames(ctx.lang, s)));
  return updateNames.some((n) => declared.has(n));
}

interface Layout {
  node: Node;
  wrap: boolean;
  /** Statements before the loop, complete with their terminators. */
  inits: string[];
  /** The loop's head without the body: `while (i < n)`, `for i < n`. */
  header: string;
  body: Node;
  /** Statements appended to the body. */
  updates: string[];
  /** What separates statements written on one line: `' '` where statements end in `;`, Go's `'; '`. */
  sep: string;
  /** Where the body's last statement needs a `;` before more statements follow (Rust tail expressions, JavaScript without semicolons). */
  tail?: number;
}

/**
 * The text of the rewritten loop, laid out like the original: one line stays one line, the
 * body keeps its brace style, and a block wrapped around the loop indents its contents one level.
 */
function layout(ctx: UnitContext, p: Layout): string {
  const base = ctx.indentOf(p.node);
  const extra = p.wrap ? ctx.indentUnit : '';
  const at = base + extra;
  const oneLine = p.node.startPosition.row === p.node.endPosition.row;
  const slice = (start: number, end: number, by: string) =>
    p.tail === undefined || p.tail < start || p.tail > end
      ? reindented(ctx, start, end, by)
      : `${reindented(ctx, start, p.tail, by)};${reindented(ctx, p.tail, end, by)}`;
  let loop: string;
  if (BLOCK_TYPES[ctx.lang].includes(p.body.type)) {
    const open = p.body.startIndex + 1;
    const close = p.body.endIndex - 1;
    const inner = slice(open, close, extra);
    if (p.body.startPosition.row === p.body.endPosition.row) {
      loop = `${p.header} { ${[inner.trim(), ...p.updates].filter((s) => s).join(p.sep)} }`;
    } else {
      const inside = bodyIndent(ctx, p.body, base + ctx.indentUnit) + extra;
      const before = p.body.previousSibling;
      const brace = before && before.endPosition.row < p.body.startPosition.row ? `\n${at}{` : ' {';
      const kept = inner.trim() ? inner.trimEnd() : '';
      loop = `${p.header}${brace}${kept}${p.updates.map((u) => `\n${inside}${u}`).join('')}\n${at}}`;
    }
  } else {
    const empty = p.body.text.trim() === ';';
    if (oneLine) {
      loop = `${p.header} { ${[empty ? '' : slice(p.body.startIndex, p.body.endIndex, ''), ...p.updates].filter((s) => s).join(p.sep)} }`;
    } else {
      const inside = at + ctx.indentUnit;
      const lineStart = ctx.source.lastIndexOf('\n', p.body.startIndex - 1) + 1;
      const old = /^[ \t]*$/.test(ctx.source.slice(lineStart, p.body.startIndex)) ? ctx.indentOf(p.body) : base;
      const stmt = empty ? '' : slice(p.body.startIndex, p.body.endIndex, inside.startsWith(old) ? inside.slice(old.length) : '');
      loop = `${p.header} {${[stmt, ...p.updates]
        .filter((s) => s)
        .map((s) => `\n${inside}${s}`)
        .join('')}\n${at}}`;
    }
  }
  const statements = [...p.inits, loop];
  if (oneLine) return p.wrap ? `{ ${statements.join(p.sep)} }` : statements.join(p.sep);
  return p.wrap ? `{\n${at}${statements.join(`\n${at}`)}\n${base}}` : statements.join(`\n${base}`);
}

// ---- C, C++, Java, JavaScript, TypeScript ------------------------------------------------

/** The two `;` of a for header, whether they sit in the for node or end its init declaration. */
function headerSemicolons(node: Node, open: Node, close: Node): Node[] {
  const out: Node[] = [];
  for (const child of allChildren(node)) {
    if (child.startIndex <= open.startIndex || child.endIndex > close.startIndex) continue;
    if (child.type === ';') out.push(child);
    else if (child.lastChild?.type === ';') out.push(child.lastChild);
  }
  return out;
}

function cWhileToFor(ctx: UnitContext, node: Node): Plan | null {
  const cond = node.childForFieldName('condition');
  if (!cond) return null;
  let inner: Node | null = cond;
  if (cond.type === 'condition_clause') inner = cond.childForFieldName('value');
  else if (cond.type === 'parenthesized_expression') inner = namedChildren(cond).find((c) => !isComment(ctx, c)) ?? null;
  // C++ `while (T x = f())` declares: a for would need the declaration in its condition too
  if (!inner || inner.type === 'declaration' || namedChildren(cond).length !== 1) return null;
  if (descendants(cond, (n) => isComment(ctx, n)).length) return null;
  // `while (true)` is `for (;;)`; a loop that never runs is not rewritten into another one
  const constant = constantTruth(ctx.lang, inner);
  if (constant === false) return null;
  const text = ctx.source.slice(cond.startIndex + 1, cond.endIndex - 1).trim();
  return { toWhile: false, edits: () => [replace(node.startIndex, cond.endIndex, constant ? 'for (;;)' : `for (; ${text}; )`)] };
}

function cForToWhile(ctx: UnitContext, node: Node): Plan | null {
  const lang = ctx.lang;
  const loops = profileOf(lang).loops;
  const body = node.childForFieldName('body');
  const kids = allChildren(node);
  const open = kids.find((k) => k.type === '(');
  const close = body ? [...kids].reverse().find((k) => k.type === ')' && k.endIndex <= body.startIndex) : undefined;
  if (!body || !open || !close || node.parent?.type === 'labeled_statement') return null;
  if (ctx.source.slice(close.endIndex, body.startIndex).trim() !== '') return null;
  const inHeader = (n: Node) => n.startIndex > open.startIndex && n.endIndex <= close.startIndex;
  if (descendants(node, (n) => isComment(ctx, n) && inHeader(n)).length) return null;
  const semis = headerSemicolons(node, open, close);
  if (semis.length !== 2) return null;
  const [first, second] = semis;
  const headerNodes = namedChildren(node).filter(inHeader);
  const initNodes = headerNodes.filter((n) => n.endIndex <= first.endIndex);
  const condNodes = headerNodes.filter((n) => n.startIndex >= first.endIndex && n.endIndex <= second.endIndex && n.type !== 'empty_statement');
  const updateNodes = headerNodes.filter((n) => n.startIndex >= second.endIndex);
  if (condNodes.some((n) => n.type === 'declaration')) return null;
  const declares = initNodes.some((n) => DECLARATIONS.includes(n.type));
  const updateNames = updateNodes.flatMap(identifiersIn);
  if (bodyBlocksUpdate(ctx, body, updateNames)) return null;
  const functions = descendants(node, (n) => n !== node && FUNCTION_TYPES[lang].includes(n.type));
  // `let` gives each iteration its own binding, which closures can observe
  const perIteration = initNodes.some((n) => n.type === 'lexical_declaration');
  if (loops.perIterationBindings && functions.length && perIteration) return null;
  const wrapNeeded = declares || !STATEMENT_LISTS[lang].includes(node.parent?.type ?? '');

  return {
    toWhile: true,
    edits: () => {
      const piece = (start: number, end: number, wrap: boolean) => {
        const [s, e] = trimmedSpan(ctx, start, end);
        return reindented(ctx, s, e, wrap ? ctx.indentUnit : '').replace(/;$/, '');
      };
      const pieces = (nodes: Node[], from: number, to: number, wrap: boolean) =>
        // without a comma operator (Java) each init or update expression is its own statement
        !loops.commaOperator && !nodes.some((n) => DECLARATIONS.includes(n.type))
          ? nodes.map((n) => `${piece(n.startIndex, n.endIndex, wrap)};`)
          : piece(from, to, wrap)
            ? [`${piece(from, to, wrap)};`]
            : [];
      const wrap = wrapNeeded && piece(open.endIndex, first.startIndex, false) !== '';
      const cond = piece(first.endIndex, second.startIndex, wrap) || loops.alwaysTrue;
      const text = layout(ctx, {
        node,
        wrap,
        inits: pieces(initNodes, open.endIndex, first.startIndex, wrap),
        header: `while (${cond})`,
        body,
        tail: node.startPosition.row === node.endPosition.row ? unterminated(ctx, body) : undefined,
        updates: pieces(updateNodes, second.endIndex, close.startIndex, false),
        sep: ' ',
      });
      return [replace(node.startIndex, node.endIndex, text)];
    },
  };
}

/**
 * JavaScript without semicolons: where the body's last statement ends without `;`, so that a
 * statement written after it on the same line needs one (a newline would do instead).
 */
function unterminated(ctx: UnitContext, body: Node): number | undefined {
  if (!profileOf(ctx.lang).loops.automaticSemicolons) return undefined;
  const statements = BLOCK_TYPES[ctx.lang].includes(body.type) ? statementsOf(ctx, body) : [body];
  const last = statements[statements.length - 1];
  if (!last) return undefined;
  let leaf: Node = last;
  while (leaf.childCount > 0) leaf = leaf.child(leaf.childCount - 1) ?? leaf;
  if (leaf.type === ';') return undefined;
  // a block closes its statement, but a function's body only closes an expression
  const owner = leaf.parent;
  const statementBlock = owner?.type === 'statement_block' && !FUNCTION_TYPES[ctx.lang].includes(owner.parent?.type ?? '');
  if (leaf.type === '}' && (statementBlock || owner?.type === 'switch_body')) return undefined;
  return last.endIndex;
}

/** JavaScript without semicolons: a line starting with one of these would continue the line before it. */
function asiHazard(ctx: UnitContext, node: Node): boolean {
  if (!profileOf(ctx.lang).loops.automaticSemicolons) return false;
  const kids = allChildren(node);
  const open = kids.find((k) => k.type === '(');
  const close = [...kids].reverse().find((k) => k.type === ')');
  if (!open || !close) return false;
  const header = ctx.source.slice(open.endIndex, close.startIndex).split(';');
  return header.some((part) => /^\s*[([`+\-/]/.test(part));
}

// ---- Go -------------------------------------------------------------------------------

function goPlan(ctx: UnitContext, node: Node): Plan | null {
  const body = node.childForFieldName('body');
  const clause = namedChildren(node).find((c) => c.type === 'for_clause');
  const bare = namedChildren(node).find((c) => c.type !== 'block' && !isComment(ctx, c) && c.type !== 'for_clause' && c.type !== 'range_clause');
  if (!body || namedChildren(node).some((c) => c.type === 'range_clause')) return null;
  if (!clause) {
    if (!bare || constantTruth('go', bare) !== null) return null; // `for {}` has no condition to move, `for true {}` none worth moving
    return { toWhile: false, edits: () => [replace(bare.startIndex, bare.endIndex, `; ${bare.text};`)] };
  }
  if (node.parent?.type === 'labeled_statement' || descendants(clause, (n) => isComment(ctx, n)).length) return null;
  const init = clause.childForFieldName('initializer');
  const cond = clause.childForFieldName('condition');
  const post = clause.childForFieldName('update');
  if (bodyBlocksUpdate(ctx, body, post ? identifiersIn(post) : [])) return null;
  const declares = init?.type === 'short_var_declaration';
  if (declares) {
    // with per-iteration loop variables (Go 1.22) closures and pointers see one variable per pass
    const names = declaredNames('go', init);
    const mentions = (n: Node) => identifiersIn(n).some((id) => names.includes(id));
    const captured = descendants(node, (n) => n.type === 'func_literal' && mentions(n));
    const pointers = descendants(node, (n) => n.type === 'unary_expression' && n.text.startsWith('&') && mentions(n));
    if (captured.length || pointers.length) return null;
  }
  return {
    toWhile: true,
    edits: () => {
      const wrap = init !== null && (declares || node.parent?.type !== 'statement_list');
      const extra = wrap ? ctx.indentUnit : '';
      const text = layout(ctx, {
        node,
        wrap,
        inits: init ? [reindented(ctx, init.startIndex, init.endIndex, extra)] : [],
        header: cond ? `for ${reindented(ctx, cond.startIndex, cond.endIndex, extra)}` : 'for',
        body,
        updates: post ? [post.text] : [],
        sep: '; ',
      });
      return [replace(node.startIndex, node.endIndex, text)];
    },
  };
}

// ---- Rust -----------------------------------------------------------------------------

/** Expressions `!` can negate without parentheses. */
const RUST_SIMPLE = [
  'identifier',
  'integer_literal',
  'field_expression',
  'call_expression',
  'index_expression',
  'parenthesized_expression',
  'boolean_literal',
];

function rustWhileToLoop(ctx: UnitContext, node: Node): Plan | null {
  const cond = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  const keyword = allChildren(node).find((c) => c.type === 'while');
  if (!cond || !body || !keyword || cond.type === 'let_condition' || cond.type === 'let_chain') return null;
  const constant = constantTruth('rust', cond);
  if (constant === false) return null;
  // `while true` is what `loop` says
  if (constant === true) return { toWhile: false, edits: () => [replace(keyword.startIndex, cond.endIndex, 'loop')] };
  return {
    toWhile: false,
    edits: () => {
      const negated = RUST_SIMPLE.includes(cond.type) ? `!${cond.text}` : `!(${cond.text})`;
      const open = body.startIndex + 1;
      let guard: string;
      if (body.startPosition.row === body.endPosition.row) {
        guard = ` if ${negated} { break; }${statementsOf(ctx, body).length ? '' : ' '}`;
      } else {
        const inside = bodyIndent(ctx, body, ctx.indentOf(node) + ctx.indentUnit);
        guard = `\n${inside}if ${negated} {\n${inside}${ctx.indentUnit}break;\n${inside}}`;
      }
      return [replace(keyword.startIndex, cond.endIndex, 'loop'), replace(open, open, guard)];
    },
  };
}

function rustForToWhile(ctx: UnitContext, node: Node): Plan | null {
  const pattern = node.childForFieldName('pattern');
  const range = node.childForFieldName('value');
  const body = node.childForFieldName('body');
  if (!pattern || !range || !body || pattern.type !== 'identifier' || range.type !== 'range_expression') return null;
  if (namedChildren(node).some((c) => c.type === 'label')) return null;
  const bounds = namedChildren(range);
  const operator = allChildren(range).find((c) => !c.isNamed);
  if (bounds.length !== 2 || operator?.type !== '..') return null;
  const [from, to] = bounds;
  const name = pattern.text;
  if (identifiersIn(to).includes(name) || bodyBlocksUpdate(ctx, body, [name])) return null;
  const items = namedChildren(body).filter((c) => !isComment(ctx, c));
  const last = items[items.length - 1];
  const statement = last && (['expression_statement', 'let_declaration', 'empty_statement'].includes(last.type) || last.type.endsWith('_item'));
  const needsSemicolon = last && !statement;
  // the range is evaluated once: a bound that is not a literal or a name the body leaves alone is copied first
  const stable =
    to.type === 'integer_literal' ||
    (to.type === 'identifier' &&
      !descendants(body, (n) => {
        if (n.type === 'assignment_expression' || n.type === 'compound_assignment_expr') return n.childForFieldName('left')?.text === to.text;
        return n.type === 'reference_expression' && n.text.replace(/\s+/g, ' ').startsWith('&mut ') && identifiersIn(n).includes(to.text);
      }).length);
  return {
    toWhile: true,
    edits: (rng) => {
      const inits = [`let mut ${name} = ${from.text};`];
      let bound = to.text;
      if (!stable) {
        bound = ctx.freshName(['end', 'limit', 'stop', 'upper'], rng);
        inits.push(`let ${bound} = ${to.text};`);
      }
      const text = layout(ctx, {
        node,
        wrap: true,
        inits,
        header: `while ${name} < ${bound}`,
        body,
        updates: [`${name} += 1;`],
        sep: ' ',
        tail: needsSemicolon ? last.endIndex : undefined,
      });
      return [replace(node.startIndex, node.endIndex, text)];
    },
  };
}

// ---- Python ---------------------------------------------------------------------------

const PY_SIMPLE = ['identifier', 'call', 'attribute', 'subscript', 'parenthesized_expression', 'integer', 'true', 'false'];

/**
 * Whether a builtin may be rebound in the file: any use other than calling it, passing it as
 * an argument or naming it in an annotation counts (assignments, parameters, imports...).
 */
function pyShadowed(ctx: UnitContext, name: string): boolean {
  return identifiersWhere(ctx.root, name, 'py may rebind', (id) => {
    const parent = id.parent;
    if (!parent) return true;
    if (parent.type === 'call' && parent.childForFieldName('function')?.equals(id)) return false;
    if (['argument_list', 'except_clause', 'raise_statement'].includes(parent.type)) return false;
    if (parent.type === 'as_pattern' && !parent.childForFieldName('alias')?.equals(id)) return false;
    for (let p: Node | null = parent; p; p = p.parent) if (p.type === 'type') return false;
    return true;
    // a region that only calls it holds no such use: its text says so without reading its nodes
  }, pyNotOnlyCalled(name)).length > 0;
}

const PY_PATTERNS = [
  'pattern_list',
  'tuple_pattern',
  'list_pattern',
  'list_splat_pattern',
  'parenthesized_expression',
  'tuple',
  'list',
  'expression_list',
];

/** Whether an identifier occurrence (re)binds its name. */
function pyBinds(id: Node): boolean {
  let child = id;
  let parent = id.parent;
  while (parent && PY_PATTERNS.includes(parent.type)) {
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return false;
  const field = (name: string) => parent.childForFieldName(name)?.equals(child) ?? false;
  switch (parent.type) {
    case 'assignment':
    case 'augmented_assignment':
    case 'for_statement':
    case 'for_in_clause':
      return field('left');
    case 'named_expression':
    case 'function_definition':
    case 'class_definition':
      return field('name');
    case 'as_pattern':
      return field('alias');
    case 'as_pattern_target':
    case 'delete_statement':
    case 'global_statement':
    case 'nonlocal_statement':
    case 'aliased_import':
    case 'dotted_name':
    case 'parameters':
    case 'lambda_parameters':
    case 'typed_parameter':
    case 'default_parameter':
    case 'typed_default_parameter':
    case 'keyword_pattern':
    case 'case_pattern':
      return true;
    default:
      return false;
  }
}

/** Occurrences of a variable name (attribute names and keyword names are not variables). */
function pyMentions(node: Node, name: string): Node[] {
  return descendants(node, (n) => {
    if (n.type !== 'identifier' || n.text !== name) return false;
    const parent = n.parent;
    if (parent?.type === 'attribute' && parent.childForFieldName('attribute')?.equals(n)) return false;
    if (parent?.type === 'keyword_argument' && parent.childForFieldName('name')?.equals(n)) return false;
    return true;
  });
}

function enclosingFunction(node: Node): Node | null {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'function_definition') return p;
  return null;
}

/**
 * Whether the loop variable's value after or between runs of the loop can be read: any
 * mention outside the loop counts, except inside another `for` over the same name (which
 * rebinds it before its body reads it).
 */
function pyUsedOutside(node: Node, name: string): boolean {
  const fn = enclosingFunction(node);
  if (!fn) return true;
  return pyMentions(fn, name).some((id) => {
    if (node.startIndex <= id.startIndex && id.endIndex <= node.endIndex) return false;
    const within = (n: Node | null) => n !== null && n.startIndex <= id.startIndex && id.endIndex <= n.endIndex;
    for (let p = id.parent; p && !p.equals(fn); p = p.parent) {
      const left = p.type === 'for_statement' ? p.childForFieldName('left') : null;
      if (left?.type === 'identifier' && left.text === name && (within(left) || within(p.childForFieldName('body')))) return false;
    }
    return true;
  });
}

function pyInteger(node: Node): number | null {
  if (node.type === 'integer') return Number(node.text.replace(/_/g, ''));
  if (node.type === 'unary_operator' && node.text.startsWith('-')) {
    const arg = node.childForFieldName('argument');
    return arg?.type === 'integer' ? -Number(arg.text.replace(/_/g, '')) : null;
  }
  return null;
}

/** How the loop's header is replaced and where the body's new first lines go. */
function pyHead(ctx: UnitContext, node: Node, body: Node, head: string, bodyStart: (indent: string) => string): TextEdit[] {
  const colon = allChildren(node).filter((c) => c.type === ':' && c.endIndex <= body.startIndex).pop();
  if (!colon) throw new Error('for-while: a Python loop without a colon');
  const base = ctx.indentOf(node);
  if (body.startPosition.row > colon.endPosition.row) {
    const inside = bodyIndent(ctx, body, base + ctx.indentUnit);
    const lead = bodyStart(inside);
    return [replace(node.startIndex, colon.endIndex, head), ...(lead ? [replace(body.startIndex, body.startIndex, `${lead}\n${inside}`)] : [])];
  }
  const inside = base + ctx.indentUnit;
  const lead = bodyStart(inside);
  return [replace(node.startIndex, body.startIndex, `${head}\n${inside}${lead ? `${lead}\n${inside}` : ''}`)];
}

function pyWhileToFor(ctx: UnitContext, node: Node): Plan | null {
  const cond = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  if (!cond || !body || node.childForFieldName('alternative') || pyShadowed(ctx, 'iter') || pyShadowed(ctx, 'int')) return null;
  // `while True:` would test `if not True: break` at every pass
  if (constantTruth('python', cond) !== null) return null;
  return {
    toWhile: false,
    edits: (rng) => {
      const counter = ctx.freshName(['_'], rng);
      const negated = PY_SIMPLE.includes(cond.type) ? `not ${cond.text}` : `not (${cond.text})`;
      return pyHead(ctx, node, body, `for ${counter} in iter(int, 1):`, (inside) => `if ${negated}:\n${inside}${ctx.indentUnit}break`);
    },
  };
}

/**
 * The `while c:` that `for _ in iter(int, 1): if not c: break` (this method's while-to-for)
 * stands for: the loop becomes it again rather than a while over an iterator of that iterator.
 */
function pyEndlessToWhile(ctx: UnitContext, node: Node, left: Node, body: Node): Plan | null {
  const statements = namedChildren(body);
  const guard = statements[0];
  if (left.type !== 'identifier' || pyMentions(body, left.text).length || guard?.type !== 'if_statement') return null;
  const test = guard.childForFieldName('condition');
  const exit = guard.childForFieldName('consequence');
  const kept = test?.type === 'not_operator' ? test.childForFieldName('argument') : null;
  if (!kept || !exit || namedChildren(guard).some((c) => c.type === 'elif_clause' || c.type === 'else_clause' || isComment(ctx, c))) return null;
  if (namedChildren(exit).length !== 1 || namedChildren(exit)[0].type !== 'break_statement') return null;
  const next = statements[1];
  if (!next || next.startPosition.row === guard.endPosition.row) return null;
  const colon = allChildren(node).filter((c) => c.type === ':' && c.endIndex <= body.startIndex).pop();
  if (!colon) return null;
  const inner = kept.type === 'parenthesized_expression' && namedChildren(kept).length === 1 ? namedChildren(kept)[0] : kept;
  return {
    toWhile: true,
    edits: () => [replace(node.startIndex, colon.endIndex, `while ${ctx.text(inner)}:`), replace(guard.startIndex, next.startIndex, '')],
  };
}

function pyForToWhile(ctx: UnitContext, node: Node): Plan | null {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const body = node.childForFieldName('body');
  if (!left || !right || !body || node.childForFieldName('alternative') || allChildren(node)[0]?.type === 'async') return null;
  if (right.type === 'call' && right.text.replace(/\s+/g, '') === 'iter(int,1)') return pyEndlessToWhile(ctx, node, left, body);
  const isRange = right.type === 'call' && right.childForFieldName('function')?.text === 'range' && !pyShadowed(ctx, 'range');
  return isRange ? pyRange(ctx, node, left, right, body) : pyIterate(ctx, node, left, right, body);
}

function pyRange(ctx: UnitContext, node: Node, left: Node, call: Node, body: Node): Plan | null {
  const args = namedChildren(call.childForFieldName('arguments') ?? call).filter((a) => !isComment(ctx, a));
  if (left.type !== 'identifier' || args.length < 1 || args.length > 3) return null;
  if (args.some((a) => ['keyword_argument', 'list_splat', 'dictionary_splat', 'parenthesized_list_splat'].includes(a.type))) return null;
  const name = left.text;
  const start = args.length === 1 ? '0' : args[0].text;
  const stop = args.length === 1 ? args[0] : args[1];
  const step = args.length === 3 ? pyInteger(args[2]) : 1;
  if (step === null || step === 0 || !Number.isSafeInteger(step)) return null;
  if (pyMentions(stop, name).length || bodyBlocksUpdate(ctx, body, [])) return null;
  // the loop must own its variable: not rebound in the body, not read outside, not captured
  if (pyMentions(body, name).some(pyBinds) || pyUsedOutside(node, name)) return null;
  const lazy = descendants(body, (n) => ['function_definition', 'lambda', 'class_definition', 'generator_expression'].includes(n.type));
  if (lazy.some((n) => pyMentions(n, name).length)) return null;
  // only the parts of the file holding the name: a walk of the whole file cost a 5 MB file's step most of its time
  const declaredGlobal = (id: string) =>
    nodesOfType(ctx.root, ['global_statement', 'nonlocal_statement'], holdingWord([id])).some((n) => pyMentions(n, id).length > 0);
  // the range is evaluated once: a bound that is not a literal or a name the body leaves alone is copied first
  const stable =
    pyInteger(stop) !== null || (stop.type === 'identifier' && !pyMentions(body, stop.text).some(pyBinds) && !declaredGlobal(stop.text));
  return {
    toWhile: true,
    edits: (rng) => {
      const base = ctx.indentOf(node);
      let head = `${name} = ${start}\n${base}`;
      let bound = stop.text;
      if (!stable) {
        bound = ctx.freshName(['stop', 'end', 'limit', 'upper'], rng);
        head += `${bound} = ${stop.text}\n${base}`;
      }
      head += `while ${name} ${step > 0 ? '<' : '>'} ${bound}:`;
      const edits = pyHead(ctx, node, body, head, () => '');
      const inside = body.startPosition.row > node.startPosition.row ? bodyIndent(ctx, body, base + ctx.indentUnit) : base + ctx.indentUnit;
      const at = afterLine(ctx, body.endIndex);
      edits.push(replace(at, at, `\n${inside}${name} ${step > 0 ? '+=' : '-='} ${Math.abs(step)}`));
      return edits;
    },
  };
}

function pyIterate(ctx: UnitContext, node: Node, left: Node, right: Node, body: Node): Plan | null {
  if (pyShadowed(ctx, 'iter') || pyShadowed(ctx, 'next') || pyShadowed(ctx, 'StopIteration')) return null;
  return {
    toWhile: true,
    edits: (rng) => {
      const it = ctx.freshName(['it', 'iterator', 'cursor', 'walker'], rng);
      const source = right.type === 'expression_list' ? `(${right.text})` : right.text;
      const unit = ctx.indentUnit;
      const head = `${it} = iter(${source})\n${ctx.indentOf(node)}while True:`;
      return pyHead(
        ctx,
        node,
        body,
        head,
        (inside) => `try:\n${inside}${unit}${left.text} = next(${it})\n${inside}except StopIteration:\n${inside}${unit}break`,
      );
    },
  };
}

// ---- the method -----------------------------------------------------------------------

function planOf(ctx: UnitContext, node: Node): Plan | null {
  switch (profileOf(ctx.lang).loops.forms) {
    case 'while-and-for-in':
      return node.type === 'while_statement' ? pyWhileToFor(ctx, node) : pyForToWhile(ctx, node);
    case 'for-only':
      return goPlan(ctx, node);
    case 'while-loop-and-for-in':
      return node.type === 'while_expression' ? rustWhileToLoop(ctx, node) : rustForToWhile(ctx, node);
    case 'while-and-three-clause-for':
      if (node.type === 'while_statement') return cWhileToFor(ctx, node);
      return asiHazard(ctx, node) ? null : cForToWhile(ctx, node);
  }
}

function describe(ctx: UnitContext, node: Node, plan: Plan): string {
  const line = ctx.lineOf(node.startIndex);
  const forms = profileOf(ctx.lang).loops.forms;
  if (forms === 'for-only') {
    return plan.toWhile ? `counted for at line ${line} to conditional for` : `conditional for at line ${line} to three-clause for`;
  }
  if (forms === 'while-loop-and-for-in' && !plan.toWhile) return `while loop at line ${line} to loop`;
  return plan.toWhile ? `for loop at line ${line} to while` : `while loop at line ${line} to for`;
}

export const forWhile: Method = {
  ...catalogued('for-while'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const node of ctx.nodes(LOOPS[ctx.lang])) {
      if (!ctx.inFunctionBody(node)) continue;
      const plan = planOf(ctx, node);
      if (plan) sites.push({ start: node.startIndex, end: node.endIndex, label: describe(ctx, node, plan), data: { type: node.type } });
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const { type } = site.data as { type: string };
    const node = ctx.nodes(type).find((n) => n.startIndex === site.start && n.endIndex === site.end);
    const plan = node ? planOf(ctx, node) : null;
    if (!plan) throw new Error(`for-while: no loop to rewrite at ${site.start}`);
    return { edits: plan.edits(rng), summary: `rewrote the ${site.label}` };
  },
};
