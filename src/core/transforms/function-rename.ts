import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { Span, TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Rename, Rewrite, Site } from './method';
import {
  enclosingScope,
  macroArgumentNames,
  NODE_QUERIES,
  Occurrence,
  occurrencesNamed,
  preprocessorWords,
  namesInLookupStrings,
} from '../syntax/bindings';
import { chooseName, freeNames } from './synonyms';
import { crossFileReferences, visibleElsewhere } from '../syntax/references';
import { containerName } from '../languages/functionHeads';
import { callOnly } from '../languages/callOnly';
import type { MethodOfClass, RenameVerdict } from '../languages/nameRoles';
import { ancestor, contains, holdingWord, spanOf } from '../syntax/nodes';
import { count } from '../text/plural';

interface RenameItem {
  name: string;
  offsets: number[];
  /** Offsets in other files of the project (relative path -> offsets). */
  other?: Record<string, number[]>;
}

interface RenameData {
  items: RenameItem[];
}

type Verdict = RenameVerdict;

/** A plain function reached as `this.f` or `window.f` is looked up on an object we cannot follow. */
const JS_GLOBAL_OBJECTS = new Set(['globalThis', 'window', 'global', 'self', 'exports', 'module']);

interface Facts {
  /** The occurrences of the wanted functions' names and of the introspection words. */
  all: Occurrence[];
  lookupStrings: Set<string>;
  introspective: boolean;
  macroWords: Set<string>;
}

function factsOf(ctx: UnitContext, wanted: readonly FunctionInfo[]): Facts {
  // only the wanted functions' names and the words of introspection matter, so only the regions of
  // the file that hold one are read
  const words = ctx.profile.introspection.words;
  const members = ctx.profile.introspection.members;
  const all = occurrencesNamed(ctx.root, ctx.lang, new Set([...wanted.map((fn) => fn.name), ...words, ...members]));
  const names = new Set(all.map((o) => o.name));
  const naming = holdingWord(wanted.map((fn) => fn.name));
  const lookupStrings = namesInLookupStrings(ctx.root, ctx.lang, naming);
  // `f.__name__` counts, the `if __name__ == '__main__'` guard (a plain name) does not
  const introspective = words.some((w) => names.has(w)) || all.some((o) => o.role === 'member' && members.includes(o.name));
  // a macro body that names the function, or a macro call that may stringise it
  const macroWords = macroArgumentNames(ctx.lang, ctx.root, ctx.root, all, naming);
  if (ctx.profile.preprocessor) for (const w of preprocessorWords(ctx.root)) macroWords.add(w);
  return { all, lookupStrings, introspective, macroWords };
}

/** Whether the definition itself rules a rename out (entry points, overrides, exports, tests...). */
function definitionAllows(ctx: UnitContext, fn: FunctionInfo, crossFile: boolean): boolean {
  // methods a runtime or a protocol calls by name (reserved.ts)
  if (ctx.profile.reservedNames.protocol.has(fn.name)) return false;
  // the rest is the language's: overrides, tests, decorators, exports (languages/<id>/renames.ts)
  return ctx.profile.renameAllowed(fn, ctx, crossFile);
}

const PY_SCOPES = ['function_definition', 'lambda', 'class_definition'];

/** How one occurrence of a method's name relates to the method (languages/<id>/bindings.ts, methodUse). */
function methodUse(ctx: UnitContext, fn: FunctionInfo, method: MethodOfClass, o: Occurrence): Verdict {
  if (o.role === 'defname') return o.start === fn.nameNode.startIndex ? 'rename' : 'decline';
  return ctx.profile.variables.bindings.methodUse(o, method, NODE_QUERIES);
}

/** A C++ parameter list without the parameters' names: two declarations with different ones are overloads. */
function signature(declarator: Node | null | undefined): string {
  const params = declarator?.childForFieldName('parameters');
  if (!params) return '';
  return params.namedChildren
    .map((p) => {
      if (!p) return '';
      const name = p.childForFieldName('declarator');
      let text = p.text;
      if (name) {
        const ids = [name, ...name.descendantsOfType('identifier')].filter((n): n is Node => n?.type === 'identifier');
        for (const id of ids.sort((a, b) => b.startIndex - a.startIndex)) {
          text = text.slice(0, id.startIndex - p.startIndex) + text.slice(id.endIndex - p.startIndex);
        }
      }
      return text.replace(/\s+/g, '');
    })
    .join(',');
}

/**
 * Part of what a module exports, where functions leave their module through exports (`modules:
 * 'exports'`, JavaScript and TypeScript): `export { f }`, `export default f`, `module.exports = { f }`,
 * `exports.f = f`.
 */
function moduleExportPart(o: Occurrence): boolean {
  if (ancestor(o.node, ['export_statement'])) return o.role === 'plain' || o.role === 'hazard';
  const assignment = ancestor(o.node, ['assignment_expression']);
  const left = assignment?.childForFieldName('left')?.text ?? '';
  if (!/^(module\.)?exports\b/.test(left)) return false;
  if (o.role === 'member') return /^(module\.)?exports$/.test(o.qualifier?.text ?? '');
  return o.role === 'plain' || o.role === 'shorthand' || o.role === 'key';
}

/** How one occurrence of a plain (non-method) function's name relates to the function. */
function functionUse(ctx: UnitContext, fn: FunctionInfo, o: Occurrence, scope: Span, crossFile: boolean): Verdict {
  if (o.start === fn.nameNode.startIndex) return 'rename';
  // exports name the function for other files, which the rename updates too
  if (crossFile && ctx.profile.modules === 'exports' && moduleExportPart(o)) return 'rename';
  switch (o.role) {
    case 'defname':
      return 'decline';
    case 'plain': {
      if (!contains(scope, o)) return 'decline';
      // in a class body, a bare name may be a class attribute of that name
      // (only Python's grammar has class_definition)
      if (ancestor(o.node, PY_SCOPES)?.type === 'class_definition') return 'decline';
      if (ctx.profile.modules === 'exports') {
        if (ancestor(o.node, ['export_statement'])) return 'decline';
        const assignment = ancestor(o.node, ['assignment_expression']);
        if (assignment && /^(module\.)?exports\b/.test(assignment.childForFieldName('left')?.text ?? '')) return 'decline';
        return callOnly(o, NODE_QUERIES);
      }
      // a C++ prototype with other parameters declares an overload
      const prototype = o.node.parent?.type === 'function_declarator' ? o.node.parent : null;
      if (ctx.profile.parameters.overloads && prototype && signature(prototype) !== signature(fn.nameNode.parent)) return 'decline';
      return 'rename';
    }
    case 'member': {
      const q = o.qualifier;
      // JavaScript's module and global objects hold a plain function as a property we cannot follow
      if (ctx.profile.modules === 'exports' && (q?.type === 'this' || JS_GLOBAL_OBJECTS.has(q?.text ?? '') || /^module\.exports\b/.test(q?.text ?? ''))) return 'decline';
      return 'skip';
    }
    case 'fielddecl':
      // a member of the same name is what a bare name means inside its class (C++; Java has no plain functions)
      return ctx.profile.parameters.bareMethodCalls ? 'decline' : 'skip';
    case 'keyword':
    case 'path':
    case 'shorthand':
    case 'hazard':
      return 'decline';
    default:
      return 'skip';
  }
}

/** What a plain function's name can be seen in: the file, or the block a local function is defined in. */
function definitionScope(ctx: UnitContext, fn: FunctionInfo): Span {
  const enclosing = ancestor(fn.outer, ctx.profile.variables.scopes.functionLike);
  if (!enclosing) return { start: 0, end: ctx.source.length };
  return spanOf(enclosingScope(ctx.lang, fn.outer) ?? enclosing);
}

/** The offsets to rename for one function (in the file and in other files), or null when it must keep its name. */
function plan(ctx: UnitContext, fn: FunctionInfo, facts: Facts): RenameItem | null {
  const name = fn.name;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return null;
  if (ctx.profile.entryNames.has(name)) return null;
  if (ctx.functionsNamed([name]).length !== 1) return null;
  if (facts.introspective || facts.lookupStrings.has(name) || facts.macroWords.has(name)) return null;
  const method: MethodOfClass | null = fn.container ? { container: fn.container, owner: containerName(fn.container) } : null;
  const scope = definitionScope(ctx, fn);
  const crossFile = ctx.project !== undefined && visibleElsewhere(ctx, fn, scope.start === 0 && scope.end === ctx.source.length);
  if (!definitionAllows(ctx, fn, crossFile)) return null;
  const offsets: number[] = [];
  for (const o of facts.all) {
    if (o.name !== name) continue;
    const verdict = method ? methodUse(ctx, fn, method, o) : functionUse(ctx, fn, o, scope, crossFile);
    if (verdict === 'decline') return null;
    if (verdict === 'rename') offsets.push(o.start);
  }
  if (!offsets.includes(fn.nameNode.startIndex)) return null;
  if (!crossFile) return { name, offsets };
  // every reference in the other files is updated in the same step, or the function keeps its name
  const elsewhere = crossFileReferences(ctx, fn);
  if (!elsewhere) return null;
  return Object.keys(elsewhere.files).length ? { name, offsets, other: elsewhere.files } : { name, offsets };
}

/** Functions of the unit that can be renamed, with what to rename, in source order. */
export function renamableFunctions(ctx: UnitContext): { fn: FunctionInfo; offsets: number[]; item: RenameItem }[] {
  const wanted = ctx.unitKind === 'function' ? (ctx.target ? [ctx.target] : []) : ctx.unitFunctions;
  if (wanted.length === 0) return [];
  const facts = factsOf(ctx, wanted);
  const out: { fn: FunctionInfo; offsets: number[]; item: RenameItem }[] = [];
  for (const fn of wanted) {
    const item = plan(ctx, fn, facts);
    if (item) out.push({ fn, offsets: item.offsets, item });
  }
  return out.sort((a, b) => a.fn.nameNode.startIndex - b.fn.nameNode.startIndex);
}

export const functionRename: Method = {
  ...catalogued('function-rename'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    // a function with no good new name free here is not offered
    const found = renamableFunctions(ctx).filter(({ fn }) => freeNames(ctx, fn.name, 'function').length > 0);
    const sites: Site[] = found.map(({ fn, item }) => ({
      start: fn.nameNode.startIndex,
      end: fn.nameNode.endIndex,
      label: `rename function \`${fn.name}\`${item.other ? ` (and in ${count(Object.keys(item.other).length, 'other file')})` : ''}`,
      data: { items: [item] } satisfies RenameData,
    }));
    if (ctx.unitKind !== 'function' && found.length >= 2) {
      sites.unshift({
        start: found[0].fn.nameNode.startIndex,
        end: found[found.length - 1].fn.nameNode.endIndex,
        label: `rename all ${found.length} functions`,
        data: { items: found.map(({ item }) => item) } satisfies RenameData,
        all: true,
      });
    }
    return sites;
  },

  apply(ctx, site, rng): Rewrite {
    const { items } = site.data as RenameData;
    const edits: TextEdit[] = [];
    const renames: Rename[] = [];
    const files: Record<string, TextEdit[]> = {};
    let entryPoint: string | undefined;
    for (const item of items) {
      // null when the names this rewrite already took were the only good ones: the function stays
      const to = chooseName(ctx, item.name, 'function', rng);
      if (!to) continue;
      for (const start of item.offsets) edits.push({ start, end: start + item.name.length, text: to });
      for (const [rel, offsets] of Object.entries(item.other ?? {})) {
        for (const start of offsets) (files[rel] ??= []).push({ start, end: start + item.name.length, text: to });
      }
      renames.push({ from: item.name, to });
      if (ctx.entryPoint !== null && item.name === ctx.entryPoint) entryPoint = to;
    }
    const summary = `renamed ${renames.map((r) => `function \`${r.from}\` to \`${r.to}\``).join(', ')}`;
    const rewrite: Rewrite = entryPoint ? { edits, entryPoint, renames, summary } : { edits, renames, summary };
    if (Object.keys(files).length) rewrite.files = files;
    return rewrite;
  },
};
