import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { loopCondition } from '../languages/go/loopConditions';
import { profileOf } from '../languages/profiles';
import { lineEnd } from '../text/lines';
import type { UnitContext } from './context';
import { TYPE_QUERIES } from './declarations';
import { descendants, namedChildren, perTree } from './nodes';

export function isComment(ctx: UnitContext, node: Node): boolean {
  return ctx.profile.commentTypes.includes(node.type);
}

/** The statements of a block, comments left out. */
export function statementsOf(ctx: UnitContext, block: Node): Node[] {
  let holder = block;
  if (profileOf(ctx.lang).blocks.listInsideBlock) holder = namedChildren(block).find((c) => c.type === 'statement_list') ?? block;
  return namedChildren(holder).filter((c) => !isComment(ctx, c) && c.type !== 'statement_list');
}

function isBreak(node: Node): boolean {
  return node.type === 'break_statement' || node.type === 'break_expression';
}

function isContinue(node: Node): boolean {
  return node.type === 'continue_statement' || node.type === 'continue_expression';
}

function hasLabel(lang: LanguageId, jump: Node): boolean {
  if (profileOf(lang).blocks.labelNodes) return namedChildren(jump).some((c) => c.type === 'label');
  return namedChildren(jump).some((c) => c.type !== 'comment');
}

export interface JumpReport {
  /** A `continue` that would continue the loop whose body was scanned. */
  ownContinue: boolean;
  /** A labeled break or continue, a goto or a label: control flow this method does not follow. */
  irregular: boolean;
}

/** Scans a loop body for jumps that matter when the loop's shape changes; nested functions are skipped. */
export function scanJumps(lang: LanguageId, body: Node): Readonly<JumpReport> {
  // kept per tree: for-while and div-loop both ask it of every loop, at every step
  return perTree(body.tree, `jumps:${body.id}`, () => jumpsIn(lang, body));
}

function jumpsIn(lang: LanguageId, body: Node): JumpReport {
  const report: JumpReport = { ownContinue: false, irregular: false };
  const { labelNodes, functionScopes } = profileOf(lang).blocks;
  const loopKinds = profileOf(lang).loops.kinds;
  const visit = (node: Node, nested: boolean) => {
    if (functionScopes.includes(node.type)) return;
    if (isContinue(node)) {
      if (hasLabel(lang, node)) report.irregular = true;
      else if (!nested) report.ownContinue = true;
    }
    if (isBreak(node) && hasLabel(lang, node)) report.irregular = true;
    if (node.type === 'goto_statement' || node.type === 'labeled_statement') report.irregular = true;
    if (labelNodes && node.type === 'label' && node.parent && loopKinds.includes(node.parent.type)) report.irregular = true;
    const inner = nested || (node !== body && loopKinds.includes(node.type));
    for (const c of namedChildren(node)) visit(c, inner);
  };
  visit(body, false);
  return report;
}

const JUMPS = new Set([
  'return_statement',
  'break_statement',
  'continue_statement',
  'goto_statement',
  'throw_statement',
  'raise_statement',
  'yield_statement',
  'fallthrough_statement',
  'return_expression',
  'break_expression',
  'continue_expression',
]);

function isLiteralTrue(text: string): boolean {
  return text === 'true' || text === '1' || text === 'True';
}

/**
 * Whether control can never fall off the end of a statement: a statement appended after it
 * would be dead, which Java rejects as unreachable. Errs towards "cannot", which only declines.
 */
export function cannotComplete(ctx: UnitContext, stmt: Node): boolean {
  const lang = ctx.lang;
  const rules = profileOf(lang).blocks;
  if (JUMPS.has(stmt.type)) return true;
  if (stmt.type === 'expression_statement') {
    const inner = namedChildren(stmt).find((c) => !isComment(ctx, c));
    if (inner && (JUMPS.has(inner.type) || inner.type === 'throw_expression')) return true;
    if (rules.blockExpressions && inner) return cannotComplete(ctx, inner);
    return false;
  }
  const block = rules.blockKinds.includes(stmt.type);
  if (block || stmt.type === 'else_clause') {
    const body = block ? statementsOf(ctx, stmt) : namedChildren(stmt).filter((c) => !isComment(ctx, c));
    const last = body[body.length - 1];
    return last ? cannotComplete(ctx, last) : false;
  }
  if (stmt.type === 'if_statement' || stmt.type === 'if_expression') {
    if (rules.elifClauses) {
      const clauses = namedChildren(stmt).filter((c) => c.type === 'elif_clause' || c.type === 'else_clause');
      if (!clauses.some((c) => c.type === 'else_clause')) return false;
      const blocks = [
        stmt.childForFieldName('consequence'),
        ...clauses.map((c) => c.childForFieldName(c.type === 'else_clause' ? 'body' : 'consequence')),
      ];
      return blocks.every((b) => b !== null && cannotComplete(ctx, b));
    }
    const consequence = stmt.childForFieldName('consequence');
    const alternative = stmt.childForFieldName('alternative');
    if (!consequence || !alternative) return false;
    return cannotComplete(ctx, consequence) && cannotComplete(ctx, alternative);
  }
  if (profileOf(lang).loops.kinds.includes(stmt.type)) {
    if (['enhanced_for_statement', 'for_range_loop', 'for_in_statement', 'for_expression'].includes(stmt.type)) return false;
    if (stmt.type === 'do_statement' || stmt.type === 'loop_expression') return true;
    const forms = profileOf(lang).loops.forms;
    // a `for … in` completes when its items run out; only `while True` never does
    if (forms === 'while-and-for-in') return stmt.type === 'while_statement' && isLiteralTrue(stmt.childForFieldName('condition')?.text ?? '');
    const oneFor = forms === 'for-only';
    if (oneFor && namedChildren(stmt).some((c) => c.type === 'range_clause')) return false;
    const cond = stmt.childForFieldName('condition') ?? (oneFor ? loopCondition(stmt, TYPE_QUERIES) : null);
    if (!cond) return true;
    const text = cond.text.replace(/;$/, '').replace(/^\(\s*|\s*\)$/g, '').trim();
    // a bare name may be a compile-time constant in Java
    return isLiteralTrue(text) || /^[A-Za-z_$][\w$]*$/.test(text) || text === '';
  }
  return rules.opaqueCompletion.includes(stmt.type);
}

const STRING_TYPES = new Set([
  'string',
  'string_literal',
  'raw_string_literal',
  'interpreted_string_literal',
  'template_string',
  'text_block',
  'concatenated_string',
  'string_content',
]);

/**
 * The source between two offsets with `extra` added at the start of every line after the
 * first, except blank lines and lines that begin inside a multi-line string literal (whose
 * content the indentation would change).
 */
export function reindented(ctx: UnitContext, start: number, end: number, extra: string): string {
  const text = ctx.source.slice(start, end);
  if (!extra || !text.includes('\n')) return text;
  const strings = descendants(
    ctx.root.descendantForIndex(start, Math.max(start, end - 1)) ?? ctx.root,
    (n) => STRING_TYPES.has(n.type) && n.startPosition.row !== n.endPosition.row,
    (n) => STRING_TYPES.has(n.type),
  );
  const insideString = (offset: number) => strings.some((s) => s.startIndex < offset && offset < s.endIndex);
  let out = '';
  let at = 0;
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
    const lineStartAt = start + nl + 1;
    out += text.slice(at, nl + 1);
    at = nl + 1;
    const next = text[nl + 1];
    if (next === undefined || next === '\n' || next === '\r' || insideString(lineStartAt)) continue;
    out += extra;
  }
  return out + text.slice(at);
}

/**
 * Where text that starts a new line may go after `offset`: the end of its line when the rest
 * of the line is blank or a line comment (so the comment stays with its code), else `offset`.
 */
export function afterLine(ctx: UnitContext, offset: number): number {
  const end = lineEnd(ctx.source, offset);
  const rest = ctx.source.slice(offset, end).replace(/\r$/, '');
  if (!blankOrComment(profileOf(ctx.lang).lineComment).test(rest)) return offset;
  return ctx.source[end - 1] === '\r' ? end - 1 : end;
}

const BLANK_OR_COMMENT = new Map<string, RegExp>();

/** A rest of a line that is blank or a line comment, for the language's line comment (`#`, `//`). */
function blankOrComment(lineComment: string): RegExp {
  let pattern = BLANK_OR_COMMENT.get(lineComment);
  if (!pattern) BLANK_OR_COMMENT.set(lineComment, (pattern = new RegExp(`^\\s*(${lineComment.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}.*)?$`)));
  return pattern;
}

/** The indentation of a block's statements, or `fallback` when its first statement shares a line. */
export function bodyIndent(ctx: UnitContext, block: Node, fallback: string): string {
  // an indented block (Python's) starts at its first statement
  const first = profileOf(ctx.lang).spelling.indentedBlocks ? block : statementsOf(ctx, block)[0];
  if (!first) return fallback;
  const lineStart = ctx.source.lastIndexOf('\n', first.startIndex - 1) + 1;
  const lead = ctx.source.slice(lineStart, first.startIndex);
  return /^[ \t]*$/.test(lead) ? lead : fallback;
}

/** Names a statement declares in its own scope (over-approximated: extra names only make callers decline). */
export function declaredNames(lang: LanguageId, stmt: Node): string[] {
  const ids = (n: Node | null) =>
    n ? descendants(n, (d) => d.type === 'identifier' || d.type === 'shorthand_property_identifier_pattern').map((d) => d.text) : [];
  switch (stmt.type) {
    case 'declaration': // C, C++
      return stmt
        .childrenForFieldName('declarator')
        .flatMap((d) => (d ? ids(d.type === 'init_declarator' ? d.childForFieldName('declarator') : d) : []));
    case 'local_variable_declaration': // Java
      return stmt.childrenForFieldName('declarator').flatMap((d) => ids(d?.childForFieldName('name') ?? null));
    case 'lexical_declaration':
    case 'variable_declaration':
      return namedChildren(stmt)
        .filter((d) => d.type === 'variable_declarator')
        .flatMap((d) => ids(d.childForFieldName('name')));
    case 'function_declaration':
    case 'class_declaration':
    case 'generator_function_declaration':
      return ids(stmt.childForFieldName('name'));
    case 'short_var_declaration': // Go
      return ids(stmt.childForFieldName('left'));
    case 'var_declaration':
    case 'const_declaration':
      return descendants(stmt, (d) => d.type === 'var_spec' || d.type === 'const_spec').flatMap((s) =>
        s.childrenForFieldName('name').map((n) => n?.text ?? ''),
      );
    case 'let_declaration': // Rust
      return ids(stmt.childForFieldName('pattern'));
    default:
      return [];
  }
}

