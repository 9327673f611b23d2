import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { Span } from '../text/edits';
import type { UnitContext } from './context';
import { joinIdentifier, splitIdentifier } from '../text/identifiers';
import type { Rng } from '../random';
import { isComment } from './loops';
import { descendants, namedChildren } from './nodes';

/**
 * What if-to-switch and switch-to-if share: which constructs a `break` leaves, whether a
 * statement surely jumps, the value of a literal (to find duplicate case labels), and moving
 * a run of statements to another indentation with some statements cut out.
 */

/** Whether an unlabelled `break` inside `node` leaves it: a loop, or a switch (not a match). */
export function breakable(lang: LanguageId, node: Node): boolean {
  if (profileOf(lang).loops.kinds.includes(node.type)) return true;
  // a `break` in a switch leaves it; in a match (Rust, Python) it leaves the loop around
  const switches = profileOf(lang).switches;
  return switches.keyword === 'switch' && switches.kinds.includes(node.type);
}

function isUnlabelledBreak(lang: LanguageId, node: Node): boolean {
  if (node.type !== 'break_statement' && node.type !== 'break_expression') return false;
  if (profileOf(lang).blocks.labelNodes) return !namedChildren(node).some((c) => c.type === 'label');
  return namedChildren(node).every((c) => c.type === 'comment');
}

/**
 * The unlabelled breaks under `root` (a statement) that leave whatever encloses it: those not
 * inside a loop, switch or function (`root` itself included).
 */
export function outerBreaks(lang: LanguageId, root: Node): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    if (breakable(lang, n) || profileOf(lang).blocks.functionScopes.includes(n.type)) return;
    if (isUnlabelledBreak(lang, n)) out.push(n);
    for (const c of namedChildren(n)) visit(c);
  };
  visit(root);
  return out;
}

/** The unlabelled `break` a statement ends with (itself, or the last statement of a block), or null. */
export function trailingBreak(ctx: UnitContext, stmt: Node): Node | null {
  if (isUnlabelledBreak(ctx.lang, stmt)) return stmt;
  if (ctx.profile.blocks.blockKinds.includes(stmt.type)) {
    const items = bodyItems(ctx, stmt).filter((c) => !isComment(ctx, c));
    const last = items[items.length - 1];
    return last ? trailingBreak(ctx, last) : null;
  }
  return null;
}

const JUMPS = new Set([
  'return_statement', 'throw_statement', 'continue_statement', 'break_statement', 'goto_statement', 'raise_statement',
]);

/**
 * Whether control surely leaves a statement by a jump (return, throw, continue, break, goto):
 * what a case body must end with to not fall through. Errs towards "may complete", unlike
 * loops.ts's cannotComplete, so a `break` is added whenever one might be needed.
 */
export function definitelyJumps(ctx: UnitContext, stmt: Node): boolean {
  if (JUMPS.has(stmt.type)) return true;
  if (stmt.type === 'expression_statement') {
    const inner = namedChildren(stmt).find((c) => !isComment(ctx, c));
    return inner !== undefined && (inner.type === 'throw_expression' || JUMPS.has(inner.type));
  }
  if (ctx.profile.blocks.blockKinds.includes(stmt.type)) {
    const items = bodyItems(ctx, stmt).filter((c) => !isComment(ctx, c));
    const last = items[items.length - 1];
    return last !== undefined && definitelyJumps(ctx, last);
  }
  if (stmt.type === 'if_statement' && !ctx.profile.blocks.elifClauses) {
    const consequence = stmt.childForFieldName('consequence');
    let alternative = stmt.childForFieldName('alternative');
    if (alternative?.type === 'else_clause') alternative = namedChildren(alternative).find((c) => !isComment(ctx, c)) ?? null;
    return consequence !== null && alternative !== null && definitelyJumps(ctx, consequence) && definitelyJumps(ctx, alternative);
  }
  return false;
}

/** The statements and comments of a body: a block's children (Go's statement list flattened), or the statement itself. */
export function bodyItems(ctx: UnitContext, body: Node): Node[] {
  if (!ctx.profile.blocks.blockKinds.includes(body.type) && body.type !== 'statement_list') return [body];
  return namedChildren(body).flatMap((c) => (c.type === 'statement_list' ? namedChildren(c) : [c]));
}

/** Whether a node is the first code on its line. */
export function startsLine(ctx: UnitContext, node: Node | number): boolean {
  const at = typeof node === 'number' ? node : node.startIndex;
  const lineStart = ctx.source.lastIndexOf('\n', at - 1) + 1;
  return /^[ \t]*$/.test(ctx.source.slice(lineStart, at));
}

/**
 * The indentation the lines of a body are relative to: its first item's, or one level deeper
 * than the line it shares with its opener (`case 1: x++;`).
 */
export function baseOf(ctx: UnitContext, first: Node): string {
  return startsLine(ctx, first) ? ctx.indentOf(first) : ctx.indentOf(first) + ctx.indentUnit;
}

function multiLineStrings(ctx: UnitContext, start: number, end: number): Node[] {
  const top = ctx.root.descendantForIndex(start, Math.max(start, end - 1)) ?? ctx.root;
  const scope = top.parent ?? top;
  const isString = (n: Node) => /string|text_block|template/.test(n.type) && !n.type.endsWith('_content');
  return descendants(scope, (n) => isString(n) && n.startPosition.row !== n.endPosition.row, isString);
}

/**
 * The source from `start` to `end` moved from indentation `oldBase` to `newBase`: every line
 * (the first one included, taken to stand at `oldBase`) gets `newBase` instead, keeping what
 * it had beyond `oldBase`. Lines inside multi-line strings stay as they are; `holes` are cut
 * out, with their line when nothing else is on it. Null when a line is not under `oldBase`.
 */
export function rebase(ctx: UnitContext, start: number, end: number, oldBase: string, newBase: string, holes: readonly Span[] = []): string | null {
  const src = ctx.source;
  const strings = multiLineStrings(ctx, start, end);
  const inString = (offset: number) => strings.some((s) => s.startIndex < offset && offset < s.endIndex);
  const sorted = [...holes].sort((a, b) => a.start - b.start);
  const lines: string[] = [];
  for (let pos = start, first = true; ; first = false) {
    let nl = src.indexOf('\n', pos);
    if (nl < 0 || nl > end) nl = end;
    let piece = '';
    let at = pos;
    let cut = false;
    for (const h of sorted) {
      if (h.end <= pos || h.start >= nl) continue;
      piece += src.slice(at, Math.max(at, h.start));
      at = Math.max(at, h.end);
      cut = true;
    }
    piece += src.slice(at, nl);
    piece = piece.replace(/\r$/, '');
    if (cut) piece = piece.replace(/[ \t]+$/, '');
    if (!first && inString(pos)) lines.push(piece);
    else if (piece.trim() === '') {
      if (!cut) lines.push('');
    } else {
      const text = first ? oldBase + piece : piece;
      if (!text.startsWith(oldBase)) return null;
      lines.push(newBase + text.slice(oldBase.length));
    }
    if (nl >= end) break;
    pos = nl + 1;
  }
  while (lines.length && lines[0] === '') lines.shift();
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** A run of items (statements and comments) at `newBase`, without the `holes`; '' when nothing is left. */
export function renderItems(ctx: UnitContext, items: readonly Node[], newBase: string, holes: readonly Span[] = []): string | null {
  if (items.length === 0) return '';
  return rebase(ctx, items[0].startIndex, items[items.length - 1].endIndex, baseOf(ctx, items[0]), newBase, holes);
}

// ---------------------------------------------------------------------------------------------
// Literal values

const ESCAPES: Record<string, number> = { n: 10, t: 9, r: 13, '0': 0, a: 7, b: 8, f: 12, v: 11, e: 27, '\\': 92, "'": 39, '"': 34, '?': 63 };

/** The code points a quoted literal's body stands for, or null when an escape is not understood. */
function unescape(body: string): number[] | null {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const ch = body.codePointAt(i)!;
    if (ch > 0xffff) i++;
    if (body[i] !== '\\') {
      out.push(ch);
      continue;
    }
    const rest = body.slice(i + 1);
    let m: RegExpExecArray | null;
    if ((m = /^x([0-9a-fA-F]{1,2})/.exec(rest)) || (m = /^u\{([0-9a-fA-F]+)\}/.exec(rest)) || (m = /^[uU]([0-9a-fA-F]{4,8})/.exec(rest))) {
      out.push(parseInt(m[1], 16));
      i += m[0].length;
    } else if ((m = /^[0-7]{1,3}/.exec(rest))) {
      out.push(parseInt(m[0], 8));
      i += m[0].length;
    } else if (rest[0] in ESCAPES) {
      out.push(ESCAPES[rest[0]]);
      i += 1;
    } else return null;
  }
  return out;
}

function integerValue(text: string): bigint | null {
  const t = text.replace(/[_']/g, '');
  try {
    if (/^0[xX][0-9a-fA-F]+$/.test(t) || /^0[bB][01]+$/.test(t) || /^0[oO][0-7]+$/.test(t)) return BigInt(t.toLowerCase());
    if (/^0[0-7]+$/.test(t)) return BigInt(`0o${t.slice(1)}`);
    if (/^\d+$/.test(t)) return BigInt(t);
  } catch {
    return null;
  }
  return null;
}

/**
 * A key for the value of a literal's text, equal for literals a switch would call duplicates
 * (`'a'` and `97`, `0x10` and `16`, `1` and `1.0`): `n:` numbers, `s:` strings; null when the
 * text is not a literal this reads.
 */
export function literalKey(lang: LanguageId, text: string): string | null {
  let t = text.trim();
  let negative = false;
  if (t.startsWith('-')) {
    negative = true;
    t = t.slice(1).trim();
  }
  const number = (value: string) => `n:${negative && value !== '0' ? '-' : ''}${value}`;
  const quoted = /^([a-zA-Z0-9]*)(['"`])([\s\S]*)\2$/.exec(t);
  if (quoted && !negative) {
    const [, prefix, quote, body] = quoted;
    const { backquotes, singleQuotes } = profileOf(lang).expressions;
    if (/[fF]/.test(prefix) || (quote === '`' && backquotes !== 'raw-string' && body.includes('${'))) return null;
    const raw = /[rR]/.test(prefix) || (quote === '`' && backquotes === 'raw-string');
    const points = raw ? [...body].map((c) => c.codePointAt(0)!) : unescape(body);
    if (!points) return null;
    const charLiteral = quote === "'" && singleQuotes === 'char';
    if (charLiteral) return points.length === 1 ? number(String(points[0])) : null;
    return `s:${String.fromCodePoint(...points)}`;
  }
  // integer and float suffixes: C's u/l, Java's L, Rust's i32/u8/f64, JavaScript's n
  const integerSuffix = /([uU]?[lL]{1,2}[uU]?|[uU]|[iu](8|16|32|64|128|size))$/;
  const stripped = /^0[xX]/.test(t) ? t.replace(integerSuffix, '') : t.replace(integerSuffix, '').replace(/(f(32|64)|n|[fFdD])$/, '');
  const int = integerValue(stripped);
  if (int !== null) return number(int.toString());
  if (/^(\d[\d_]*)?\.?\d[\d_]*([eE][+-]?\d+)?$|^\d[\d_]*\.$/.test(stripped)) {
    const value = Number(stripped.replace(/_/g, ''));
    if (!Number.isFinite(value)) return null;
    return number(Number.isInteger(value) ? BigInt(value).toString() : String(value));
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Names

const VERB_PREFIXES = new Set(['get', 'compute', 'calc', 'calculate', 'read', 'next', 'find', 'to', 'as', 'parse', 'current', 'fetch', 'load']);

/**
 * A free name for a temporary holding the value of `subject`: the noun of the function it
 * calls when there is one (`getMode()` gives `mode`), else a generic one.
 */
export function temporaryName(ctx: UnitContext, subject: Node, rng: Rng): string {
  const calls = descendants(subject, (n) => /call|invocation/.test(n.type));
  const callee = calls[0]?.childForFieldName('function') ?? calls[0]?.childForFieldName('name') ?? null;
  const names = callee ? descendants(callee, (n) => /identifier$/.test(n.type)) : [];
  const words = splitIdentifier(names[names.length - 1]?.text ?? '');
  // only a name that drops its verb (`getMode`, `next_token`) leaves a noun to use
  const noun = words.length > 1 && VERB_PREFIXES.has(words[0]) ? joinIdentifier(words.slice(1), ctx.profile.naming) : '';
  if (noun.length >= 3 && ctx.isFree(noun)) return ctx.claim(noun);
  return ctx.freshName(['selector', 'choice', joinIdentifier(['switch', 'value'], ctx.profile.naming)], rng);
}
