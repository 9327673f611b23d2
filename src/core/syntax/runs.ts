import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { TextEdit } from '../text/edits';
import { lineEnd } from '../text/lines';
import type { UnitContext } from './context';
import { cannotComplete, declaredNames, isComment, reindented } from './loops';
import { ancestor, descendants, namedChildren } from './nodes';

/**
 * Runs of statements that a method may enclose in a new block (a `try`, an `if (true)`, a
 * one-iteration loop, a closure). The run is chosen so that the new block changes no scope:
 * names it declares are not used after it (or it reaches the end of its block), and in C, C++
 * and Rust, where objects live to the end of their block (destructors, drops, pointers to
 * locals), a run that declares anything always reaches the end of its block.
 */
export interface Run {
  /** Offsets of the text the wrapper replaces: the first statement to the last one, with a trailing line comment. */
  start: number;
  end: number;
  /** The statements, in order (comments between them left out). */
  statements: Node[];
  /** Indentation of the first statement: the wrapper's. */
  indent: string;
  /** The run ends its block. */
  toEnd: boolean;
}

/** Statements that declare nothing in the block they stand in (what they declare is scoped to themselves). */
const NON_DECLARING = new Set([
  'expression_statement', 'if_statement', 'for_statement', 'for_range_loop', 'for_in_statement', 'enhanced_for_statement',
  'while_statement', 'do_statement', 'switch_statement', 'switch_expression', 'expression_switch_statement',
  'type_switch_statement', 'select_statement', 'return_statement', 'break_statement', 'continue_statement',
  'throw_statement', 'try_statement', 'try_with_resources_statement', 'synchronized_statement', 'assert_statement',
  'compound_statement', 'block', 'statement_block', 'empty_statement', 'labeled_statement', 'assignment_statement',
  'inc_statement', 'dec_statement', 'go_statement', 'defer_statement', 'send_statement', 'co_return_statement',
  'debugger_statement', 'goto_statement', 'impl_item',
]);

/** Block-level declarations visible in their whole block (hoisted), not only after them. */
const HOISTED = new Set([
  'function_declaration', 'generator_function_declaration', 'class_declaration', 'abstract_class_declaration',
  'interface_declaration', 'type_alias_declaration', 'enum_declaration', 'function_item', 'struct_item', 'enum_item',
  'union_item', 'const_item', 'static_item', 'type_item', 'trait_item', 'mod_item', 'macro_definition', 'use_declaration',
]);

const NAMED_DECLARATIONS = new Set([...HOISTED, 'record_declaration']);

export const WORD = /[A-Za-z_$][A-Za-z0-9_$]*/g;

function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Whether `name` occurs as a whole word in the text (strings and comments included: Rust's `"{x}"`, C macros). */
export function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  return new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`).test(text);
}

/** The names a statement declares in the block around it; over-approximated (every word) for kinds not read precisely. */
function scopedNames(lang: LanguageId, stmt: Node): string[] {
  const rules = profileOf(lang).blocks;
  if (!rules.blockScoped) return [];
  if (rules.functionScopedDeclarations.includes(stmt.type)) return [];
  if (NAMED_DECLARATIONS.has(stmt.type)) {
    const name = stmt.childForFieldName('name');
    return name ? [name.text] : wordsOf(stmt.text);
  }
  const precise = ['declaration', 'local_variable_declaration', 'lexical_declaration', 'short_var_declaration', 'var_declaration', 'const_declaration', 'let_declaration'];
  if (precise.includes(stmt.type)) {
    const names = declaredNames(lang, stmt);
    // `struct P { ... } p;` also declares the tag P (and its enumerators) in the block
    const type = stmt.type === 'declaration' ? stmt.childForFieldName('type') : null;
    if (type && descendants(type, (n) => n.type === 'field_declaration_list' || n.type === 'enumerator_list').length) names.push(...wordsOf(type.text));
    return names;
  }
  if (!NON_DECLARING.has(stmt.type)) return wordsOf(stmt.text);
  // flow scoping: `if (!(o instanceof String s)) return;` declares s for what follows
  if (rules.flowScopedPatterns) {
    return descendants(stmt, (n) => n.type === 'instanceof_expression' || n.type === 'record_pattern').flatMap((n) =>
      n.type === 'record_pattern' ? wordsOf(n.text) : n.childForFieldName('name') ? [n.childForFieldName('name')!.text] : [],
    );
  }
  return [];
}

/** The names the run's statements declare in their block (what a block around them would scope). */
export function runDeclarations(ctx: UnitContext, run: Run): string[] {
  return run.statements.flatMap((s) => scopedNames(ctx.lang, s));
}

/** A statement no wrapper may take: it must stay where it is, or its meaning depends on standing at the top of its block. */
function fixedStatement(ctx: UnitContext, stmt: Node, index: number, block: Node): boolean {
  const first = namedChildren(stmt).find((c) => !isComment(ctx, c));
  return profileOf(ctx.lang).blocks.fixedStatement(stmt, index, block, first);
}

/** Whether a node starts its line (only indentation before it). */
export function startsLine(ctx: UnitContext, offset: number): boolean {
  const lineStart = ctx.source.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(ctx.source.slice(lineStart, offset));
}

/** Where a run ending at `offset` ends: past a trailing line comment; null when code follows on the line. */
function runEnd(ctx: UnitContext, offset: number): number | null {
  const end = lineEnd(ctx.source, offset);
  const rest = ctx.source.slice(offset, end).replace(/\r$/, '');
  if (/^[ \t]*$/.test(rest)) return offset;
  if (!profileOf(ctx.lang).blocks.trailingComment.test(rest)) return null;
  return offset + rest.length;
}

/** The function (of any kind, closures included) around a node. */
export function functionAround(lang: LanguageId, node: Node): Node | null {
  return ancestor(node, [...profileOf(lang).variables.scopes.functionLike, ...profileOf(lang).blocks.functionScopes]);
}

function containerOk(ctx: UnitContext, container: Node): boolean {
  const lang = ctx.lang;
  const rules = profileOf(lang).blocks;
  const parent = container.parent;
  if (!parent || container.hasError) return false;
  // a body that holds the container lies in a function node that touches it
  const around = ctx.functionsTouching({ start: container.startIndex, end: container.endIndex });
  if (!around.some((f) => f.body !== null && f.body.startIndex <= container.startIndex && container.endIndex <= f.body.endIndex)) return false;
  if (!rules.wrappableList(container)) return false;
  const fn = functionAround(lang, container);
  // a goto may jump into the new block (Go and C++ reject that, and C would skip its entry)
  if (rules.hasGoto && (!fn || descendants(fn, (n) => n.type === 'goto_statement').length > 0)) return false;
  return true;
}

/** `case` labels (C's, C++'s) that would end up inside the new block, away from their switch (Duff's device). */
function strayCase(stmt: Node): boolean {
  return descendants(stmt, (n) => n.type === 'case_statement', (n) => n.type === 'switch_statement').length > 0;
}

/** Go's `a, err := f()` assigns `err` when it is already declared: in a new block it would declare a fresh, unused one. */
function redeclares(ctx: UnitContext, stmt: Node, fnStart: number): boolean {
  if (stmt.type !== 'short_var_declaration') return false;
  const before = ctx.source.slice(fnStart, stmt.startIndex);
  return declaredNames(ctx.lang, stmt).some((name) => name !== '_' && mentions(before, name));
}

/**
 * Every run of the unit, one per statement that can start one, in source order: the shortest
 * run from that statement after which nothing it declares is used (in C, C++ and Rust, up to
 * the end of the block as soon as it declares anything), or none when that cannot be had.
 */
export function statementRuns(ctx: UnitContext, options: { scalarsEndEarly?: boolean } = {}): Run[] {
  const lang = ctx.lang;
  const rules = profileOf(lang).blocks;
  const lifetimes = rules.blockLifetimes;
  const runs: Run[] = [];
  // containers that overlap the unit: a selection may hold a few statements of a larger block
  const overlaps = (n: Node) => n.startIndex < ctx.unit.end && n.endIndex > ctx.unit.start;
  // a wrapper takes statements of a block, never of a switch body or case group
  const containers = descendants(ctx.root, (n) => rules.statementLists.includes(n.type) && overlaps(n), (n) => !overlaps(n));
  for (const container of containers) {
    if (!containerOk(ctx, container)) continue;
    const statements = namedChildren(container).filter((c) => !isComment(ctx, c));
    const fn = functionAround(lang, container);
    const blockEnd = rules.listInsideBlock ? (container.parent?.endIndex ?? container.endIndex) : container.endIndex;
    const blockStart = rules.listInsideBlock ? (container.parent?.startIndex ?? container.startIndex) : container.startIndex;
    statements.forEach((first, i) => {
      if (!ctx.inUnit(first) || !startsLine(ctx, first.startIndex)) return;
      const declared = new Set<string>();
      const hoisted = new Set<string>();
      let j = i;
      for (;;) {
        const stmt = statements[j];
        if (fixedStatement(ctx, stmt, j, container)) return;
        if (rules.strayCaseLabels && strayCase(stmt)) return;
        if (rules.redeclaringShortDeclarations && fn && redeclares(ctx, stmt, fn.startIndex)) return;
        const names = scopedNames(lang, stmt);
        for (const n of names) declared.add(n);
        if (HOISTED.has(stmt.type) || rules.hoistsEveryDeclaration) for (const n of names) hoisted.add(n);
        if (j === statements.length - 1) break;
        const after = ctx.source.slice(stmt.endIndex, blockEnd);
        const mustReachEnd = lifetimes && declared.size > 0 && !(options.scalarsEndEarly && statements.slice(i, j + 1).every((st) => rules.declarationsMayEndEarly(st)));
        if (!mustReachEnd && ![...declared].some((n) => mentions(after, n))) break;
        j++;
      }
      const last = statements[j];
      const before = ctx.source.slice(blockStart, first.startIndex);
      if ([...hoisted].some((n) => mentions(before, n))) return;
      const end = runEnd(ctx, last.endIndex);
      if (end === null || !ctx.inUnit(last)) return;
      runs.push({
        start: first.startIndex,
        end,
        statements: statements.slice(i, j + 1),
        indent: ctx.indentOf(first),
        toEnd: j === statements.length - 1,
      });
    });
  }
  return runs.sort((a, b) => a.start - b.start);
}

/** The run that starts and ends at a site's offsets (apply finds its run again this way). */
export function runAt(ctx: UnitContext, start: number, end: number, options: { scalarsEndEarly?: boolean } = {}): Run {
  const run = statementRuns(ctx, options).find((r) => r.start === start && r.end === end);
  if (!run) throw new Error(`no statement run at ${start}-${end}`);
  return run;
}

export function runLabel(ctx: UnitContext, run: Run): string {
  const first = ctx.lineOf(run.start);
  const last = ctx.lineOf(run.end);
  return run.statements.length === 1 ? `statement at line ${first}` : `statements at lines ${first}-${last}`;
}

// ---------------------------------------------------------------------------------------------
// What a run may not be moved into

/**
 * Whether the run may end without falling through (a `return`, a `throw`, a panic; errs towards
 * yes). Java's and Rust's flow analyses and Go's terminating statements then see a wrapper
 * that completes: "missing return", a variable no longer definitely assigned, a `()` block.
 * Go only looks at the ends of blocks of functions with results, where a statement that may terminate counts.
 */
export function mayNotComplete(ctx: UnitContext, run: Run): boolean {
  const last = run.statements[run.statements.length - 1];
  const rules = profileOf(ctx.lang).blocks;
  if (rules.mayTerminateFunction) return run.toEnd && functionAround(ctx.lang, last)?.childForFieldName('result') != null && rules.mayTerminateFunction(last);
  if (cannotComplete(ctx, last)) return true;
  return rules.diverging !== null && rules.diverging.test(last.text);
}

const SWITCHES = new Set(['switch_statement', 'switch_expression', 'expression_switch_statement', 'type_switch_statement', 'select_statement']);
const BREAKS = new Set(['break_statement', 'break_expression']);
const CONTINUES = new Set(['continue_statement', 'continue_expression']);

export interface Jumps {
  /** An unlabeled break or continue that would bind to a loop put around the run. */
  loopJump: boolean;
  /** A jump that leaves the run other than by falling off its end: return, goto, a labeled jump to a label outside it. */
  exits: boolean;
  /** Go statements a closure would change: defer (it would run when the closure returns), recover() (it only works called by the deferred function itself), fallthrough. */
  goClosure: boolean;
}

function labelOf(lang: LanguageId, jump: Node): string | null {
  const label = namedChildren(jump).find((c) => c.type !== 'comment' && c.type !== 'line_comment' && c.type !== 'block_comment');
  if (!label) return null;
  if (profileOf(lang).blocks.labelNodes) return label.type === 'label' ? label.text : null;
  return label.text;
}

/** Labels declared inside the nodes: Java, JavaScript, Go and C labeled statements, Rust loop and block labels. */
function labelsIn(lang: LanguageId, nodes: readonly Node[]): Set<string> {
  const out = new Set<string>();
  const labelNodes = profileOf(lang).blocks.labelNodes;
  for (const node of nodes) {
    for (const l of descendants(node, (n) => n.type === 'labeled_statement' || (labelNodes && n.type === 'label' && !BREAKS.has(n.parent?.type ?? '') && !CONTINUES.has(n.parent?.type ?? '')))) {
      out.add(l.type === 'label' ? l.text : (namedChildren(l)[0]?.text ?? ''));
    }
  }
  return out;
}

/** The jumps in a run that a wrapper would capture or cut; nested functions are skipped. */
export function jumpsIn(lang: LanguageId, statements: readonly Node[]): Jumps {
  const out: Jumps = { loopJump: false, exits: false, goClosure: false };
  const own = labelsIn(lang, statements);
  const fnTypes = new Set([...profileOf(lang).variables.scopes.functionLike, ...profileOf(lang).blocks.functionScopes]);
  const deferAndRecover = profileOf(lang).blocks.deferAndRecover;
  const loopKinds = profileOf(lang).loops.kinds;
  const visit = (node: Node, inLoop: boolean, inSwitch: boolean) => {
    if (fnTypes.has(node.type)) return;
    const isBreak = BREAKS.has(node.type);
    if (isBreak || CONTINUES.has(node.type)) {
      const label = labelOf(lang, node);
      if (label !== null) {
        if (!own.has(label)) out.exits = true;
      } else if (!inLoop && !(isBreak && inSwitch)) {
        out.loopJump = true;
        out.exits = true;
      }
    }
    if (['return_statement', 'return_expression', 'goto_statement', 'yield_statement'].includes(node.type)) out.exits = true;
    if (deferAndRecover) {
      if (node.type === 'defer_statement' || node.type === 'fallthrough_statement') out.goClosure = true;
      if (node.type === 'call_expression' && node.childForFieldName('function')?.text === 'recover') out.goClosure = true;
    }
    const loop = inLoop || loopKinds.includes(node.type);
    const sw = inSwitch || SWITCHES.has(node.type);
    for (const c of namedChildren(node)) visit(c, loop, sw);
  };
  for (const s of statements) visit(s, false, false);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Writing the wrapper

/** A line of wrapper text and its depth in indentation units relative to the wrapper (or to the run, inside it). */
export type Line = [depth: number, text: string];

export interface Wrapper {
  /** The first line: `try {`, `if True:`. */
  head: string;
  /** Lines inside the new block before the run. */
  before?: Line[];
  /** Lines inside the new block after the run. */
  after?: Line[];
  /** Lines after the block: `}`, `} while (false);`, `except BaseException:`. */
  tail: Line[];
}

/** The edit that puts the run inside the wrapper, one level deeper, keeping the file's indentation. */
export function wrapRun(ctx: UnitContext, run: Run, w: Wrapper): TextEdit {
  const unit = ctx.indentUnit;
  const at = (depth: number) => run.indent + unit.repeat(depth);
  const inner = (lines: Line[] = []) => lines.map(([d, t]) => `${at(d + 1)}${t}\n`).join('');
  const body = reindented(ctx, run.start, run.end, unit);
  const tail = w.tail.map(([d, t]) => `\n${at(d)}${t}`).join('');
  const text = `${w.head}\n${inner(w.before)}${at(1)}${body}${w.after?.length ? `\n${inner(w.after).replace(/\n$/, '')}` : ''}${tail}`;
  return { start: run.start, end: run.end, text };
}
