import type { Node } from 'web-tree-sitter';
import { notOnlyCalled } from './calledOnly';
import type { TextEdit } from '../../text/edits';
import type { LoopContext, LoopPlan, LoopQueries, LoopRewrite } from '../loopRewrites';
import { replace } from '../loopRewrites';

/**
 * How Python writes the loops transforms/for-while.ts swaps: `while c:` becomes `for _ in
 * iter(int, 1):` with a guard that breaks (and back), `for i in range(...)` a `while` over a
 * counter, and any other `for` a `while True:` over its iterator. The syntax layer's answers come in `q`.
 */

const PY_SIMPLE = ['identifier', 'call', 'attribute', 'subscript', 'parenthesized_expression', 'integer', 'true', 'false'];

/**
 * Whether a builtin may be rebound in the file: any use other than calling it, passing it as
 * an argument or naming it in an annotation counts (assignments, parameters, imports...).
 */
function pyShadowed<C extends LoopContext>(ctx: C, name: string, q: LoopQueries<C>): boolean {
  return q.identifiersWhere(ctx.root, name, 'py may rebind', (id) => {
    const parent = id.parent;
    if (!parent) return true;
    if (parent.type === 'call' && parent.childForFieldName('function')?.equals(id)) return false;
    if (['argument_list', 'except_clause', 'raise_statement'].includes(parent.type)) return false;
    if (parent.type === 'as_pattern' && !parent.childForFieldName('alias')?.equals(id)) return false;
    for (let p: Node | null = parent; p; p = p.parent) if (p.type === 'type') return false;
    return true;
    // a region that only calls it holds no such use: its text says so without reading its nodes
  }, notOnlyCalled(name, q)).length > 0;
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
function pyMentions<C extends LoopContext>(node: Node, name: string, q: LoopQueries<C>): Node[] {
  return q.descendants(node, (n) => {
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
function pyUsedOutside<C extends LoopContext>(node: Node, name: string, q: LoopQueries<C>): boolean {
  const fn = enclosingFunction(node);
  if (!fn) return true;
  return pyMentions(fn, name, q).some((id) => {
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
function pyHead<C extends LoopContext>(ctx: C, node: Node, body: Node, head: string, bodyStart: (indent: string) => string, q: LoopQueries<C>): TextEdit[] {
  const colon = q.allChildren(node).filter((c) => c.type === ':' && c.endIndex <= body.startIndex).pop();
  if (!colon) throw new Error('for-while: a Python loop without a colon');
  const base = ctx.indentOf(node);
  if (body.startPosition.row > colon.endPosition.row) {
    const inside = q.bodyIndent(ctx, body, base + ctx.indentUnit);
    const lead = bodyStart(inside);
    return [replace(node.startIndex, colon.endIndex, head), ...(lead ? [replace(body.startIndex, body.startIndex, `${lead}\n${inside}`)] : [])];
  }
  const inside = base + ctx.indentUnit;
  const lead = bodyStart(inside);
  return [replace(node.startIndex, body.startIndex, `${head}\n${inside}${lead ? `${lead}\n${inside}` : ''}`)];
}

function pyWhileToFor<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): LoopPlan | null {
  const cond = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  if (!cond || !body || node.childForFieldName('alternative') || pyShadowed(ctx, 'iter', q) || pyShadowed(ctx, 'int', q)) return null;
  // `while True:` would test `if not True: break` at every pass
  if (q.constantTruth(ctx.lang, cond) !== null) return null;
  return {
    toWhile: false,
    edits: (rng) => {
      const counter = ctx.freshName(['_'], rng);
      const negated = PY_SIMPLE.includes(cond.type) ? `not ${cond.text}` : `not (${cond.text})`;
      return pyHead(ctx, node, body, `for ${counter} in iter(int, 1):`, (inside) => `if ${negated}:\n${inside}${ctx.indentUnit}break`, q);
    },
  };
}

/**
 * The `while c:` that `for _ in iter(int, 1): if not c: break` (this method's while-to-for)
 * stands for: the loop becomes it again rather than a while over an iterator of that iterator.
 */
function pyEndlessToWhile<C extends LoopContext>(ctx: C, node: Node, left: Node, body: Node, q: LoopQueries<C>): LoopPlan | null {
  const statements = q.namedChildren(body);
  const guard = statements[0];
  if (left.type !== 'identifier' || pyMentions(body, left.text, q).length || guard?.type !== 'if_statement') return null;
  const test = guard.childForFieldName('condition');
  const exit = guard.childForFieldName('consequence');
  const kept = test?.type === 'not_operator' ? test.childForFieldName('argument') : null;
  if (!kept || !exit || q.namedChildren(guard).some((c) => c.type === 'elif_clause' || c.type === 'else_clause' || q.isComment(ctx, c))) return null;
  if (q.namedChildren(exit).length !== 1 || q.namedChildren(exit)[0].type !== 'break_statement') return null;
  const next = statements[1];
  if (!next || next.startPosition.row === guard.endPosition.row) return null;
  const colon = q.allChildren(node).filter((c) => c.type === ':' && c.endIndex <= body.startIndex).pop();
  if (!colon) return null;
  const inner = kept.type === 'parenthesized_expression' && q.namedChildren(kept).length === 1 ? q.namedChildren(kept)[0] : kept;
  return {
    toWhile: true,
    edits: () => [replace(node.startIndex, colon.endIndex, `while ${ctx.text(inner)}:`), replace(guard.startIndex, next.startIndex, '')],
  };
}

function pyForToWhile<C extends LoopContext>(ctx: C, node: Node, q: LoopQueries<C>): LoopPlan | null {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const body = node.childForFieldName('body');
  if (!left || !right || !body || node.childForFieldName('alternative') || q.allChildren(node)[0]?.type === 'async') return null;
  if (right.type === 'call' && right.text.replace(/\s+/g, '') === 'iter(int,1)') return pyEndlessToWhile(ctx, node, left, body, q);
  const isRange = right.type === 'call' && right.childForFieldName('function')?.text === 'range' && !pyShadowed(ctx, 'range', q);
  return isRange ? pyRange(ctx, node, left, right, body, q) : pyIterate(ctx, node, left, right, body, q);
}

function pyRange<C extends LoopContext>(ctx: C, node: Node, left: Node, call: Node, body: Node, q: LoopQueries<C>): LoopPlan | null {
  const args = q.namedChildren(call.childForFieldName('arguments') ?? call).filter((a) => !q.isComment(ctx, a));
  if (left.type !== 'identifier' || args.length < 1 || args.length > 3) return null;
  if (args.some((a) => ['keyword_argument', 'list_splat', 'dictionary_splat', 'parenthesized_list_splat'].includes(a.type))) return null;
  const name = left.text;
  const start = args.length === 1 ? '0' : args[0].text;
  const stop = args.length === 1 ? args[0] : args[1];
  const step = args.length === 3 ? pyInteger(args[2]) : 1;
  if (step === null || step === 0 || !Number.isSafeInteger(step)) return null;
  if (pyMentions(stop, name, q).length || q.bodyBlocksUpdate(ctx, body, [])) return null;
  // the loop must own its variable: not rebound in the body, not read outside, not captured
  if (pyMentions(body, name, q).some(pyBinds) || pyUsedOutside(node, name, q)) return null;
  const lazy = q.descendants(body, (n) => ['function_definition', 'lambda', 'class_definition', 'generator_expression'].includes(n.type));
  if (lazy.some((n) => pyMentions(n, name, q).length)) return null;
  // only the parts of the file holding the name: a walk of the whole file cost a 5 MB file's step most of its time
  const declaredGlobal = (id: string) =>
    q.nodesOfType(ctx.root, ['global_statement', 'nonlocal_statement'], q.holdingWord([id])).some((n) => pyMentions(n, id, q).length > 0);
  // the range is evaluated once: a bound that is not a literal or a name the body leaves alone is copied first
  const stable =
    pyInteger(stop) !== null || (stop.type === 'identifier' && !pyMentions(body, stop.text, q).some(pyBinds) && !declaredGlobal(stop.text));
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
      const edits = pyHead(ctx, node, body, head, () => '', q);
      const inside = body.startPosition.row > node.startPosition.row ? q.bodyIndent(ctx, body, base + ctx.indentUnit) : base + ctx.indentUnit;
      const at = q.afterLine(ctx, body.endIndex);
      edits.push(replace(at, at, `\n${inside}${name} ${step > 0 ? '+=' : '-='} ${Math.abs(step)}`));
      return edits;
    },
  };
}

function pyIterate<C extends LoopContext>(ctx: C, node: Node, left: Node, right: Node, body: Node, q: LoopQueries<C>): LoopPlan | null {
  if (pyShadowed(ctx, 'iter', q) || pyShadowed(ctx, 'next', q) || pyShadowed(ctx, 'StopIteration', q)) return null;
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
        q,
      );
    },
  };
}

/** A `while` becomes an endless `for` with a guard, a `for` a `while`. */
export const rewriteLoop: LoopRewrite = (ctx, node, q) => (node.type === 'while_statement' ? pyWhileToFor(ctx, node, q) : pyForToWhile(ctx, node, q));
