import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { Span, TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import {
  Declaration,
  declarationOf,
  macroArgumentNames,
  Occurrence,
  occurrencesIn,
  occurrencesWhere,
  preprocessorArgs,
  preprocessorWords,
  stringTexts,
  wordsOf,
} from '../syntax/bindings';
import { chooseName, freeNames } from './synonyms';
import { allOf, ancestor, contains, factTest, hasErrorIn, holdingWord, nodesOfType, spanOf } from '../syntax/nodes';
import { keywordArgumentsElsewhere } from '../syntax/references';
import { outermost } from '../text/outermost';

interface RenameItem {
  name: string;
  /** Start offsets of every occurrence to rename (each is `name.length` long). */
  offsets: number[];
}

interface RenameData {
  items: RenameItem[];
}

interface Candidate extends RenameItem {
  fn: FunctionInfo;
  decl: Span;
}

/** Names that are not the function's own to rename. */
const NEVER = new Set(['self', 'cls', 'this', 'super', '_', 'arguments']);

/** Where a region's root may be part of a keyword argument whose bracket or comma lies outside it. */
const ARGUMENT_PARTS: ReadonlySet<string> = new Set(['argument_list', 'keyword_argument']);

/**
 * Which of `names` a local must not have for us to rename it: anything that also occurs outside
 * every function (a global, a class field, an import, a C++ member used without `this->`), since a
 * local may shadow it or the body may mean the outer one. Fields reached only through `obj.x`
 * do not count where a bare `x` can never mean them (C, Go, Rust, JS/TS).
 */
function outsideNames(ctx: UnitContext, names: ReadonlySet<string>): Set<string> {

  const fieldsApart = !ctx.profile.variables.bareFields;
  const outside = (o: Occurrence) => {
    if (o.role === 'member' || o.role === 'key' || o.role === 'label' || o.role === 'keyword') return false;
    if (o.role === 'plain' && isPrototypeParameter(ctx, o.node)) return false;
    return !(fieldsApart && o.role === 'fielddecl');
  };
  const out = new Set<string>();
  // name by name: a region a step left alone that holds none of a name outside functions is not read again
  for (const name of names) {
    if (occurrencesWhere(ctx.root, ctx.lang, name, 'outside functions', outside, (n) => ctx.isFunction(n)).length > 0) out.add(name);
  }
  // a function's name is in scope in other functions (methods too, in C++ classes: called bare, and
  // sharing the variables' namespace, unlike Java's)
  const methodsInScope = ctx.profile.parameters.bareMethodCalls && !ctx.profile.parameters.methodsApart;
  for (const fn of ctx.functionsNamed(names)) if (fn.container === null || methodsInScope) out.add(fn.name);
  if (ctx.profile.preprocessor) for (const w of preprocessorWords(ctx.root)) out.add(w);
  return out;
}

/** A parameter name of a prototype or a function type: visible in its own parameter list only. */
function isPrototypeParameter(ctx: UnitContext, id: Node): boolean {
  const decl = declarationOf(ctx.lang, id);
  const list = ancestor(id, ['parameter_list', 'formal_parameters', 'parameters']);
  return !!decl && !!list && !decl.param && decl.scope.start === list.startIndex && decl.scope.end === list.endIndex;
}

/** Which of `names` a Python string literal is exactly: `f(**{'n': 1})`, `getattr(o, 'n')`. */
function exactStrings(ctx: UnitContext, names: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  // name by name: a region a step left alone that holds no such string is not read again
  const inner = (t: { text: string }) => t.text.replace(/^[A-Za-z]*('''|"""|'|")/, '').replace(/('''|"""|'|")$/, '');
  for (const name of names) {
    const question = { key: `exact ${name}`, keep: (t: { text: string }) => inner(t) === name, index: { key: 'contents', of: inner, value: name } };
    // such a string is the name between quotes: in a large file most regions holding the word hold no such string
    const quoted = factTest(`quoted ${name}`, (text) => text.includes(`'${name}'`) || text.includes(`"${name}"`));
    if (stringTexts(ctx.root, ctx.lang, allOf(holdingWord([name]), quoted), question).some((t) => !isPlainValue(ctx, t.node))) out.add(name);
  }
  return out;
}

/**
 * Whether a Python string is only a value, never a name: an argument (or an element of a list,
 * tuple or set argument) of a call to one of the unit's own functions, as in a test's
 * `assert f('text') == ...`, or an operand of a comparison. Such a string is data the function
 * receives, not a keyword it is called with, so it does not stop a parameter's rename.
 */
function isPlainValue(ctx: UnitContext, string: Node): boolean {
  let at = string.parent;
  while (at && ['list', 'tuple', 'set', 'parenthesized_expression'].includes(at.type)) at = at.parent;
  if (!at) return false;
  if (at.type === 'comparison_operator') return true;
  if (at.type !== 'argument_list' || at.parent?.type !== 'call') return false;
  const callee = at.parent.childForFieldName('function');
  return callee?.type === 'identifier' && ctx.unitFunctions.some((fn) => fn.name === callee.text);
}

/** Whether the function reads its locals by name or by code we cannot see into. */
function blocked(ctx: UnitContext, fn: Node, occ: readonly Occurrence[]): boolean {
  const { localsReadBy, withScopes } = ctx.profile.variables;
  if (occ.some((o) => o.role === 'plain' && localsReadBy.includes(o.name))) return true;
  if (withScopes && nodesOfType(fn, ['with_statement']).length > 0) return true;
  // token pasting builds names out of pieces we cannot follow
  return ctx.profile.preprocessor && preprocessorArgs(ctx.root).some((n) => n.text.includes('##'));
}

/** Names the function uses in ways a rename cannot follow. */
function hazardNames(ctx: UnitContext, fn: Node, occ: readonly Occurrence[]): Set<string> {
  const out = new Set<string>();
  for (const o of occ) if (o.role === 'shorthand' || o.role === 'hazard' || o.role === 'defname') out.add(o.name);
  // names in a class body: it may be a field reached as `this.x`
  for (const zone of nodesOfType(fn, ctx.profile.variables.fieldHolders)) for (const o of occ) if (contains(spanOf(zone), o)) out.add(o.name);
  // a macro may print its argument's text
  for (const name of macroArgumentNames(ctx.lang, ctx.root, fn, occ)) out.add(name);
  if (ctx.profile.declaratorChain) {
    // `std::vector<int> best(count, 0)` parses as a function declaration whose "parameter
    // types" are really variables (declarators make the two look alike): a local that the parser
    // also reads as a type is left alone
    for (const o of occ) if (o.role === 'type') out.add(o.name);
  }
  if (ctx.profile.variables.namesInFormatStrings) {
    // `println!("{total}")` and `{:width$}` name variables inside the string
    for (const tree of nodesOfType(fn, ['token_tree'])) {
      for (const s of nodesOfType(tree, ['string_literal', 'raw_string_literal'])) {
        for (const m of s.text.matchAll(/\{([^{}]*)\}/g)) for (const w of wordsOf(m[1])) out.add(w);
      }
    }
  }
  // f"{total=}" prints the name itself (only Python's grammar has interpolation nodes)
  for (const hole of nodesOfType(fn, ['interpolation'])) {
    if (hole.children.some((c) => c?.type === '=')) for (const w of wordsOf(hole.text)) out.add(w);
  }
  return out;
}

/** A local the function alone allows renaming; whether the rest of the file does is asked after. */
interface Local extends Candidate {
  param: boolean;
}

/** Every parameter and local of one outermost function of the unit that the function itself lets us rename. */
function functionCandidates(ctx: UnitContext, fn: FunctionInfo): Local[] {
  const occ = occurrencesIn(fn.node, ctx.lang);
  if (blocked(ctx, fn.node, occ)) return [];
  const hazards = hazardNames(ctx, fn.node, occ);
  const decls = new Map<string, { decls: Declaration[]; first: Occurrence }>();
  for (const o of occ) {
    if (o.role !== 'plain') continue;
    const decl = declarationOf(ctx.lang, o.node);
    if (!decl) continue;
    const entry = decls.get(o.name);
    if (entry) entry.decls.push(decl);
    else decls.set(o.name, { decls: [decl], first: o });
  }
  const out: Local[] = [];
  for (const [name, { decls: list, first }] of decls) {
    if (NEVER.has(name) || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || hazards.has(name)) continue;
    const uses = occ.filter((o) => o.role === 'plain' && o.name === name);
    // every use must be one of the function's own declarations, not an outer or builtin name
    if (!uses.every((u) => list.some((d) => contains(d.scope, u)))) continue;
    out.push({ fn, name, decl: spanOf(first.node), offsets: uses.map((u) => u.start), param: list.some((d) => d.param) });
  }
  return out;
}

/**
 * Renamable variables of the unit's functions, in source order of their first declaration. A
 * Python parameter the file passes by keyword is left alone, unless `followKeywords` (CodeCrash's
 * REN, whose file is the whole program with its test): then it is renamed with those keyword
 * arguments when every one of them is in a plain call of its own function.
 */
export function renamableVariables(ctx: UnitContext, followKeywords = false): Candidate[] {
  const regions = outermost(ctx.unitFunctions, (fn) => spanOf(fn.node));
  const locals = regions.flatMap((fn) => functionCandidates(ctx, fn));
  if (locals.length === 0) return [];
  // the checks that read the rest of the file ask only about these names
  const outside = outsideNames(ctx, new Set(locals.map((c) => c.name)));
  // callers may pass a Python parameter by keyword (or by a dict key)
  const params = new Set(ctx.profile.parameters.keywordArguments ? locals.filter((c) => c.param).map((c) => c.name) : []);
  const byName = params.size > 0 ? passedByName(ctx, params) : { blocked: new Set<string>(), keywords: new Map<string, number[]>() };
  const found: Candidate[] = [];
  for (const { fn, name, decl, offsets, param } of locals) {
    if (outside.has(name) || (param && byName.blocked.has(name))) continue;
    const keywords = param ? (byName.keywords.get(name) ?? []) : [];
    if (keywords.length === 0) {
      found.push({ fn, name, decl, offsets });
      continue;
    }
    if (!followKeywords || !keywords.every((at) => keywordCallee(ctx, at, name) === fn.name) || !directlyCallable(ctx, fn)) continue;
    found.push({ fn, name, decl, offsets: [...offsets, ...keywords].sort((a, b) => a - b) });
  }
  return found.sort((a, b) => a.decl.start - b.decl.start);
}

/** The name of the function a Python keyword argument at `at` is passed to, when the call names it plainly (`f(x=1)`). */
function keywordCallee(ctx: UnitContext, at: number, name: string): string | undefined {
  const id = ctx.root.descendantForIndex(at, at + name.length);
  const call = id?.parent?.type === 'keyword_argument' ? id.parent.parent?.parent : undefined;
  const callee = call?.type === 'call' ? call.childForFieldName('function') : null;
  return callee?.type === 'identifier' ? callee.text : undefined;
}

/** Whether a plain call of the function's name can only be a call of it: a function, not a method, the file's only `def` of that name. */
function directlyCallable(ctx: UnitContext, fn: FunctionInfo): boolean {
  if (fn.node.parent?.parent?.type === 'class_definition') return false;
  const defs = ctx.source.match(new RegExp(`(?<![A-Za-z0-9_])def\\s+${fn.name}\\s*\\(`, 'g'));
  return defs?.length === 1;
}

/**
 * How a caller may pass the parameters `names` by name, where calls may pass arguments by
 * parameter name (`parameters.keywordArguments`, Python): `blocked`, by a string or by a
 * keyword argument in another file of the project; `keywords`, where this file passes one as a
 * keyword argument (a rename may follow those when they all call its own function).
 */
function passedByName(ctx: UnitContext, names: ReadonlySet<string>): { blocked: Set<string>; keywords: Map<string, number[]> } {
  const blocked = exactStrings(ctx, names);
  const keywords = new Map<string, number[]>();
  for (const name of names) {
    // a keyword argument is the name, then `=` (not `==`), maybe across a line break or a comment;
    // it opens an argument list or follows a comma in one (tree-sitter-python has it nowhere else),
    // which most assignments of a name in a large file's functions do not. A region whose root is
    // an argument or the name itself (its argument list split into regions) has no bracket or comma
    // of its own, and error recovery may place one elsewhere: those are read.
    const gap = `(?:[\\s\\\\\u2060\u200B]|#[^\\n]*\\n)*`;
    const pattern = new RegExp(`[(,]${gap}${name}${gap}=(?!=)`);
    const assigned = factTest(
      `keyword argument ${name}`,
      (text, root) => pattern.test(text) || ARGUMENT_PARTS.has(root.parent?.type ?? '') || hasErrorIn(root),
    );
    const found = occurrencesWhere(ctx.root, ctx.lang, name, `keyword`, (o) => o.role === 'keyword', undefined, assigned);
    if (found.length > 0) keywords.set(name, found.map((o) => o.start));
  }
  for (const name of keywordArgumentsElsewhere(ctx)) if (names.has(name)) blocked.add(name);
  return { blocked, keywords };
}

export const variableRename: Method = {
  ...catalogued('variable-rename'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    // a variable with no good new name free here is not offered
    const candidates = renamableVariables(ctx).filter((c) => freeNames(ctx, c.name, 'variable').length > 0);
    const where = (c: Candidate) => (ctx.unitKind === 'function' ? '' : ` in ${c.fn.name}`);
    const sites: Site[] = candidates.map((c) => ({
      start: c.decl.start,
      end: c.decl.end,
      label: `rename \`${c.name}\`${where(c)}`,
      data: { items: [{ name: c.name, offsets: c.offsets }] } satisfies RenameData,
    }));
    if (candidates.length >= 2) {
      sites.unshift({
        start: Math.min(...candidates.map((c) => c.decl.start)),
        end: Math.max(...candidates.map((c) => c.decl.end)),
        label: `rename all ${candidates.length} variables`,
        data: { items: candidates.map((c) => ({ name: c.name, offsets: c.offsets })) } satisfies RenameData,
        all: true,
      });
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const { items } = site.data as RenameData;
    const edits: TextEdit[] = [];
    const chosen = new Map<string, string>();
    for (const item of items) {
      // one new name per old name: each function's rename is self-contained, so they may share it
      let to = chosen.get(item.name) ?? null;
      if (!to) {
        // null when the names this rewrite already took were the only good ones: the variable stays
        to = chooseName(ctx, item.name, 'variable', rng);
        if (!to) continue;
        chosen.set(item.name, to);
      }
      for (const start of item.offsets) edits.push({ start, end: start + item.name.length, text: to });
    }
    const done = [...chosen].map(([from, to]) => `\`${from}\` to \`${to}\``);
    return { edits, summary: `renamed ${done.join(', ')}` };
  },
};
