import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { ParameterUnit, ValueKind } from '../languages/languageProfile';
import type { TextEdit } from '../text/edits';
import type { Rng } from '../random';
import { crossFileReferences, visibleElsewhere } from '../syntax/references';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Rewrite, Site } from './method';
import { joinIdentifier } from '../text/identifiers';
import { declarationOf, occurrencesNamed, Occurrence, preprocessorWords } from '../syntax/bindings';
import { declarationsOf, TYPE_QUERIES } from '../syntax/declarations';
import { argumentCount } from '../languages/go/newParameter';
import { macroTokensCall } from '../languages/rust/newParameter';
import { ancestor, descendants, fieldName, holdingWord, namedChildren, nodesOfType, spanOf } from '../syntax/nodes';
import { inHelper, isLocalFunction } from '../syntax/shapes';

/**
 * Adds a parameter the body never uses. Python, C++, JavaScript and TypeScript give it a
 * default value, so no caller changes; Java, C, Go and Rust have no defaults, so every call in
 * the file passes a dummy of the parameter's type, and the function must not be callable from
 * elsewhere (exported, public in a library, declared in a header) or used as a value.
 */

type Kind = ValueKind;

/** Meaningful names for an unused parameter, with the kind of value each suggests. */
const POOL: readonly { words: readonly string[]; kind: Kind }[] = [
  { words: ['verbose'], kind: 'bool' },
  { words: ['trace'], kind: 'bool' },
  { words: ['debug'], kind: 'bool' },
  { words: ['strict'], kind: 'bool' },
  { words: ['dry', 'run'], kind: 'bool' },
  { words: ['limit'], kind: 'int' },
  { words: ['depth'], kind: 'int' },
  { words: ['retries'], kind: 'int' },
  { words: ['label'], kind: 'str' },
  { words: ['tag'], kind: 'str' },
  { words: ['options'], kind: 'object' },
  { words: ['context'], kind: 'object' },
];

/** One place a parameter or an argument goes: `text` is `before + item + after` over [start, end). */
interface Slot {
  start: number;
  end: number;
  before: string;
  after: string;
}

interface ParamSlot extends Slot {
  /** `full`: type, name and default where the language has them; `plain`: no default; `type`: an unnamed prototype's type. */
  form: 'full' | 'plain' | 'type';
}

interface ArgsData {
  name: string;
  params: ParamSlot[];
  calls: Slot[];
  /** Python: the other parameters carry annotations, so the new one does too. */
  typed: boolean;
  quote: string;
}

// ---------------------------------------------------------------------------------------------
// Lists

function elements(list: Node): Node[] {
  return namedChildren(list).filter((c) => !c.type.includes('comment'));
}

/** Where a new last item of a parenthesised list goes, keeping a trailing comma and one item per line. */
function appendSlot(ctx: UnitContext, list: Node, beforeNode: Node | null = null): Slot {
  if (beforeNode) return { start: beforeNode.startIndex, end: beforeNode.startIndex, before: '', after: ', ' };
  const items = elements(list);
  const last = items[items.length - 1];
  if (!last) {
    const open = list.children.find((c) => c?.type === '(');
    const at = open ? open.endIndex : list.startIndex + 1;
    return { start: at, end: at, before: '', after: '' };
  }
  const next = last.nextSibling;
  if (next?.type === ',') {
    const close = list.children[list.childCount - 1];
    if (close && close.startPosition.row > next.startPosition.row) {
      return { start: next.endIndex, end: next.endIndex, before: `\n${ctx.indentOf(last)}`, after: ',' };
    }
    return { start: next.endIndex, end: next.endIndex, before: ' ', after: ',' };
  }
  return { start: last.endIndex, end: last.endIndex, before: ', ', after: '' };
}

/** A C/C++ `(void)` list: the new parameter replaces `void`. */
function voidSlot(list: Node): Slot | null {
  const items = elements(list);
  if (items.length !== 1 || items[0].type !== 'parameter_declaration' || items[0].text.trim() !== 'void') return null;
  return { start: items[0].startIndex, end: items[0].endIndex, before: '', after: '' };
}

/** Arguments of a call inside a Rust macro: a token tree `( ... )` right after the name. */
function tokenTreeSlot(tree: Node): Slot | null {
  const tokens = tree.children.filter((c): c is Node => c !== null);
  if (tokens[0]?.type !== '(' || tokens[tokens.length - 1]?.type !== ')') return null;
  const inner = tokens.slice(1, -1);
  if (inner.length === 0) return { start: tokens[0].endIndex, end: tokens[0].endIndex, before: '', after: '' };
  const last = inner[inner.length - 1];
  if (last.type === ',') return { start: last.endIndex, end: last.endIndex, before: ' ', after: '' };
  return { start: last.endIndex, end: last.endIndex, before: ', ', after: '' };
}

// ---------------------------------------------------------------------------------------------
// Uses of the function

/** The expression that names the function in a use: the name, or `obj.name`, `Type::name`, `name<T>`. */
function usedExpression(name: Node): Node {
  let expr = name;
  const p = name.parent;
  if (!p) return expr;
  const field = fieldName(name);
  if (['field_expression', 'member_expression', 'selector_expression', 'attribute', 'field_access'].includes(p.type)) {
    if (field === 'field' || field === 'property' || field === 'attribute') expr = p;
  } else if ((p.type === 'scoped_identifier' || p.type === 'qualified_identifier') && field === 'name') {
    expr = p;
  }
  const q = expr.parent;
  if (q && (q.type === 'generic_function' || q.type === 'template_function') && fieldName(expr) === 'function') expr = q;
  if (q && q.type === 'template_function' && fieldName(expr) === 'name') expr = q;
  return expr;
}

/** The call whose callee is this name, or null when the name is used otherwise (as a value). */
function callOf(name: Node): Node | null {
  const p = name.parent;
  if (p?.type === 'method_invocation' && fieldName(name) === 'name') return p;
  const expr = usedExpression(name);
  const call = expr.parent;
  if (!call || !['call_expression', 'call'].includes(call.type)) return null;
  return call.childForFieldName('function')?.id === expr.id ? call : null;
}

function argumentsOf(call: Node): Node | null {
  const args = call.childForFieldName('arguments');
  return args && ['argument_list', 'arguments'].includes(args.type) ? args : null;
}

/** The receiver of a method call `obj.m(...)`, or null for a plain call. */
function receiverOf(call: Node): Node | null {
  if (call.type === 'method_invocation') return call.childForFieldName('object');
  const fn = call.childForFieldName('function');
  const generic = fn && (fn.type === 'generic_function' || fn.type === 'template_function');
  const inner = generic ? (fn.childForFieldName('function') ?? fn.childForFieldName('name')) : fn;
  if (!inner) return null;
  const fields = ['object', 'value', 'operand', 'argument'];
  return fields.map((f) => inner.childForFieldName(f)).find((n) => n !== null) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Definitions (which ones may take a parameter is the language's: ParameterRules.newParameterAllowed)

function parametersOf(ctx: UnitContext, fn: FunctionInfo): Node | null {
  const node = fn.node;
  if (ctx.profile.declaratorChain) {
    const top = node.childForFieldName('declarator') ?? node;
    const declarator = descendants(top, (n) => n.type === 'function_declarator', (n) => n.type === 'parameter_list')[0];
    return declarator?.childForFieldName('parameters') ?? null;
  }
  return node.childForFieldName('parameters');
}

function hasMain(ctx: UnitContext): boolean {
  return ctx.functionsNamed(['main']).length > 0;
}

const mayHoldInclude = holdingWord(['include']);

/** What the language's rules for a new parameter ask of the file (ParameterUnit). */
function unitOf(ctx: UnitContext): ParameterUnit {
  return {
    source: ctx.source,
    root: ctx.root,
    hasWord: (word) => ctx.words.has(word),
    hasMain: () => hasMain(ctx),
    preprocessorWords: () => preprocessorWords(ctx.root),
    includesOwnHeader() {
      // only the parts of the file that hold an `#include` are read
      const local = (n: Node) => n.childForFieldName('path')?.type === 'string_literal';
      return nodesOfType(ctx.root, ['preproc_include'], mayHoldInclude, { question: { key: 'c local include', keep: local } }).length > 0;
    },
    qualifiedOwner: (fn) => classOfQualified(ctx, fn),
    ancestor,
    descendants,
    declares: (id) => declarationOf(ctx.lang, id) !== null,
    declarationsOf: (id) => declarationsOf(ctx.lang, id, id.text),
  };
}

/** Whether the definition itself allows a new parameter (entry points, overrides, exports, accessors...). */
export function definitionAllows(ctx: UnitContext, fn: FunctionInfo): boolean {
  const name = fn.name;
  if (!/^[A-Za-z_$][\w$]*$/.test(name) || name === 'main') return false;
  return ctx.profile.parameters.newParameterAllowed(fn, unitOf(ctx));
}

/** The class an out-of-line C++ method `int Foo::bar()` belongs to, when this file defines it. */
function classOfQualified(ctx: UnitContext, fn: FunctionInfo): Node | null {
  const q = fn.nameNode.parent;
  if (q?.type !== 'qualified_identifier') return null;
  const scope = q.childForFieldName('scope')?.text;
  if (scope === undefined) return null;
  const defines = (n: Node) =>
    (n.type === 'class_specifier' || n.type === 'struct_specifier') &&
    n.childForFieldName('name')?.text === scope &&
    n.childForFieldName('body') !== null;
  // only the parts of the file holding the name (a class's name lies in its node)
  return nodesOfType(ctx.root, ['class_specifier', 'struct_specifier'], holdingWord([scope])).find(defines) ?? null;
}

/** C/C++ declarations of the function besides its definition: prototypes and in-class declarations. */
function prototypesOf(ctx: UnitContext, fn: FunctionInfo): Node[] | null {
  const out: Node[] = [];
  const owner = fn.container ?? classOfQualified(ctx, fn);
  // only the parts of the file holding the name: its declarations hold it
  for (const decl of nodesOfType(ctx.root, ['function_declarator'], holdingWord([fn.name]))) {
    const name = decl.childForFieldName('declarator');
    if (!name || name.text !== fn.name || decl.id === parametersOf(ctx, fn)?.parent?.id) continue;
    if (ancestor(decl, ['function_definition'])?.id === fn.node.id && ancestor(decl, ['parameter_list'])) continue;
    const holder = ancestor(decl, ['declaration', 'field_declaration', 'function_definition']);
    if (!holder) return null;
    if (holder.type === 'function_definition') {
      if (holder.id !== fn.node.id) return null; // another definition: an overload
      continue;
    }
    if (ancestor(decl, ['parameter_list'])) return null; // a parameter of that name
    const inClass = holder.type === 'field_declaration';
    if (inClass !== (owner !== null)) return null;
    if (owner && ancestor(holder, ['class_specifier', 'struct_specifier'])?.id !== owner.id) return null;
    out.push(decl);
  }
  // every declaration must declare the same parameters, or one is an overload
  const count = (d: Node) => elements(d.childForFieldName('parameters')!).filter((p) => p.text.trim() !== 'void').length;
  const own = count(parametersOf(ctx, fn)!.parent!);
  if (out.some((d) => count(d) !== own)) return null;
  return out;
}

/** Whether a method call's receiver is surely of the function's own type (the language's ParameterRules.ownReceiver). */
export function receiverIsOwn(ctx: UnitContext, fn: FunctionInfo, receiver: Node): boolean {
  return ctx.profile.parameters.ownReceiver(fn, receiver, unitOf(ctx));
}

// ---------------------------------------------------------------------------------------------
// Planning

/**
 * Whether other files of the project use the function. Their calls would need the new argument
 * (Java, C, Go, Rust) or, in C++, would go through a prototype of their own without it (another
 * mangled name); the site is declined rather than those calls edited, which keeps the rewrite to
 * this file. Python's default keeps every call valid, so other files need nothing there; an
 * exported JavaScript or TypeScript function is declined already.
 */
function usedElsewhere(ctx: UnitContext, fn: FunctionInfo): boolean {
  // A default fills the new parameter and no call is checked against the parameters (Python).
  // JavaScript's calls are as free, but its exports (module.exports, export lists) are still looked
  // for in the other files.
  const { defaults, uncheckedCalls, moduleExports } = ctx.profile.parameters;
  if (!ctx.project || (defaults && uncheckedCalls && !moduleExports)) return false;
  const inside = (f: FunctionInfo) => f.node.id !== fn.node.id && f.node.startIndex <= fn.node.startIndex && fn.node.endIndex <= f.node.endIndex;
  const nested = ctx.functionsTouching(spanOf(fn.node)).some(inside);
  if (!visibleElsewhere(ctx, fn, !nested)) return false;
  const refs = crossFileReferences(ctx, fn);
  return refs === null || Object.keys(refs.files).length > 0;
}

/** Everything one site edits, or null when the function must keep its signature (`all`: the file's occurrences of at least its name). */
export function plan(ctx: UnitContext, fn: FunctionInfo, all: readonly Occurrence[]): ArgsData | null {
  const lang = ctx.lang;
  const rules = ctx.profile.parameters;
  if (!definitionAllows(ctx, fn)) return null;
  if (usedElsewhere(ctx, fn)) return null;
  const same = ctx.functionsNamed([fn.name]);
  if (same.length !== 1) return null; // overloads, or another type's method of that name
  const quote = quoteOf(ctx);
  const data: ArgsData = { name: fn.name, params: [], calls: [], typed: false, quote };

  // The new parameter.
  // an arrow function's lone parameter without parentheses: `x => …`
  if (fn.node.childForFieldName('parameter')) {
    const p = fn.node.childForFieldName('parameter')!;
    data.params.push({ start: p.startIndex, end: p.endIndex, before: `(${p.text}, `, after: ')', form: 'full' });
  } else {
    const list = parametersOf(ctx, fn);
    if (!list) return null;
    const items = elements(list);
    const variadic = ['rest_pattern', 'spread_parameter', 'variadic_parameter', 'variadic_parameter_declaration'];
    if (items.some((p) => variadic.includes(p.type) || p.text === '...')) return null;
    if (descendants(list, (n) => n.type === 'rest_pattern').length > 0) return null;
    let slot: Slot;
    // Python: before `**kwargs`, annotated when the others are
    const kwargs = items.find((p) => p.type === 'dictionary_splat_pattern') ?? null;
    slot = (rules.voidList && voidSlot(list)) || appendSlot(ctx, list, kwargs);
    data.typed = items.some((p) => p.type === 'typed_parameter' || p.type === 'typed_default_parameter');
    data.params.push({ ...slot, form: 'full' });
  }

  // C and C++ prototypes; C++ default arguments go on the first declaration only.
  if (rules.prototypes) {
    const prototypes = prototypesOf(ctx, fn);
    if (!prototypes) return null;
    for (const decl of prototypes) {
      const list = decl.childForFieldName('parameters')!;
      const items = elements(list).filter((p) => p.text.trim() !== 'void');
      const named = items.every((p) => p.childForFieldName('declarator') !== null);
      const slot = voidSlot(list) ?? appendSlot(ctx, list);
      data.params.push({ ...slot, form: named ? 'full' : 'type' });
    }
    data.params.sort((a, b) => a.start - b.start);
    data.params.forEach((p, i) => {
      if (p.form === 'full' && (!rules.defaults || i > 0)) p.form = 'plain';
    });
  }

  // Uses of the function. Python and JavaScript callers, whatever they pass, cannot reach a
  // parameter that no call fills by position (after *args, before **kwargs) and that nothing reads.
  if (rules.moduleExports) {
    // `export { f }`, `module.exports = { f }`: other modules call it
    const exported = all.some((o) => {
      if (o.name !== fn.name) return false;
      if (ancestor(o.node, ['export_statement'])) return true;
      const assignment = ancestor(o.node, ['assignment_expression']);
      return assignment !== null && /^(module\.)?exports\b/.test(assignment.childForFieldName('left')?.text ?? '');
    });
    if (exported) return null;
  }
  if (rules.uncheckedCalls) return data;
  const needsArguments = !rules.defaults;
  const ownParams = parametersOf(ctx, fn);
  const arity = rules.spreadArguments && ownParams ? argumentCount(ownParams) : null;
  const isMethod = fn.container !== null || fn.node.type === 'method_declaration';
  for (const o of all) {
    if (o.name !== fn.name || o.start === fn.nameNode.startIndex) continue;
    if (o.node.parent?.type === 'function_declarator') continue; // a prototype
    if (rules.methodsApart && o.role !== 'member') continue; // a variable or field of the same name lives apart from methods
    if (o.role === 'key' || o.role === 'keyword' || o.role === 'label' || o.role === 'type' || o.role === 'defname') continue;
    if (o.role === 'fielddecl') {
      if (rules.fieldsClashWithMethods) return null; // a field of that name
      continue;
    }
    if (o.role === 'plain' && declarationOf(lang, o.node)) return null; // a variable of the same name
    if (o.node.parent?.type === 'token_tree') {
      // among a macro's tokens (Rust's grammar alone has token trees): a call passes tokens
      const slot = macroTokensCall(fn, o.node, TYPE_QUERIES) ? tokenTreeSlot(o.node.nextSibling!) : null;
      if (!slot) return null;
      data.calls.push(slot);
      continue;
    }
    if (o.role === 'hazard' || o.role === 'shorthand' || o.role === 'macro') return null;
    const call = callOf(o.node);
    if (!call) return null; // a value: a callback or a pointer must keep its type
    const receiver = receiverOf(call);
    if (o.role === 'member' && !isMethod) {
      // `obj.f` is another thing's member, or, where types are checked (TypeScript), an object's
      // property holding this function, whose type the new parameter changes
      if (needsArguments || ctx.profile.expressions.checkedTypeAnnotations) return null;
      continue;
    }
    if (isMethod && needsArguments) {
      if (o.role === 'path') {
        // `Self::f(…)`, `Type::f(…)` (Rust; C++'s `Cls::f(…)` has a default and passes nothing, Java's and Go's paths name no call)
        const path = o.node.parent?.childForFieldName('path')?.text;
        const type = fn.container?.childForFieldName('type')?.text.replace(/<.*$/, '');
        if (path !== 'Self' && path !== type) return null;
      } else if (receiver) {
        if (!receiverIsOwn(ctx, fn, receiver)) return null;
      } else if (!rules.bareMethodCalls) {
        return null;
      } else if (!ancestor(call, ['class_body']) || ancestor(call, ['class_body'])?.id !== fn.container?.childForFieldName('body')?.id) {
        return null;
      }
    }
    if (!needsArguments) continue;
    const args = argumentsOf(call);
    if (!args) return null;
    if (rules.spreadArguments) {
      if (arity === null || elements(args).length !== arity) return null; // `f(g())` passes several values
      if (args.children.some((c) => c?.type === '...')) return null;
    }
    data.calls.push(appendSlot(ctx, args));
  }
  return data;
}

function quoteOf(ctx: UnitContext): string {
  const singles = (ctx.source.match(/(^|[^\w\\])'[^'\n]*'/g) ?? []).length;
  const doubles = (ctx.source.match(/(^|[^\w\\])"[^"\n]*"/g) ?? []).length;
  return singles > doubles ? "'" : '"';
}

// ---------------------------------------------------------------------------------------------
// Text

/** The parameter's declaration and the dummy every call passes, as the language writes them. */
function spelled(ctx: UnitContext, name: string, kind: Kind, form: ParamSlot['form'], data: ArgsData): { param: string; dummy: string } {
  return ctx.profile.parameters.unused(name, kind, form, { typed: data.typed, quote: data.quote });
}

/** Unnamed prototypes still carry the default when they are the first declaration (C++). */
function prototypeText(ctx: UnitContext, name: string, kind: Kind, slot: ParamSlot, first: boolean, data: ArgsData): string {
  const { param, dummy } = spelled(ctx, name, kind, slot.form, data);
  if (slot.form === 'type' && ctx.profile.parameters.defaults && first) return `${param} = ${dummy}`;
  return param;
}

function choose(ctx: UnitContext, rng: Rng): { name: string; kind: Kind } {
  const { kinds } = ctx.profile.parameters;
  const { unusedPrefix } = ctx.profile;
  const byName = new Map<string, Kind>();
  for (const p of POOL.filter((p) => kinds.includes(p.kind))) {
    const word = joinIdentifier(p.words, ctx.profile.naming);
    byName.set(`${unusedPrefix}${word}`, p.kind);
  }
  const name = ctx.freshName([...byName.keys()], rng);
  return { name, kind: byName.get(name) ?? 'bool' };
}

export const addArguments: Method = {
  ...catalogued('add-arguments'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    // not the closures and local helpers an earlier step made: an unused parameter there is noise on noise
    const localHelper = (fn: FunctionInfo) => isLocalFunction(ctx.lang, fn.node) && inHelper(ctx.lang, fn.node, ctx.target?.node);
    const fns = ctx.unitFunctions.filter((fn) => fn.body !== null && !fn.node.hasError && !localHelper(fn));
    if (fns.length === 0) return [];
    // a plan looks only at the occurrences of its function's name
    const all = occurrencesNamed(ctx.root, ctx.lang, new Set(fns.map((fn) => fn.name)));
    const sites: Site[] = [];
    for (const fn of fns) {
      const data = plan(ctx, fn, all);
      if (!data) continue;
      sites.push({ start: fn.nameNode.startIndex, end: fn.nameNode.endIndex, label: `add a parameter to \`${fn.name}\``, data });
    }
    return sites.sort((a, b) => a.start - b.start);
  },

  apply(ctx, site, rng): Rewrite {
    const data = site.data as ArgsData;
    const { name, kind } = choose(ctx, rng);
    const edits: TextEdit[] = [];
    data.params.forEach((slot, i) => {
      const text = prototypeText(ctx, name, kind, slot, i === 0, data);
      edits.push({ start: slot.start, end: slot.end, text: slot.before + text + slot.after });
    });
    const { dummy } = spelled(ctx, name, kind, 'plain', data);
    for (const slot of data.calls) edits.push({ start: slot.start, end: slot.end, text: slot.before + dummy + slot.after });
    const callers = data.calls.length;
    const how = callers > 0 ? `; ${callers} call${callers === 1 ? '' : 's'} pass ${dummy}` : '';
    return {
      edits,
      summary: `added unused parameter \`${name}\` to \`${data.name}\`${how}`,
    };
  },
};
