import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { descendants, holdingWord, namedChildren, nodesOfType } from '../syntax/nodes';
import { startsLine } from '../syntax/runs';

/**
 * A test that an argument is null (None, nil, nullptr, an empty Option) whose branch is empty.
 * Only parameters whose type admits the null value are sites: Python's (any), Java's reference
 * types, C and C++ pointers (and C++ smart pointers), Go's pointers, slices, maps, channels,
 * functions and interfaces, Rust's Option (and raw pointers), JavaScript's (any), and
 * TypeScript's when the comparison type-checks under strict null checks (a comparison with
 * `null`/`undefined` always does; `=== null` is kept for types that admit null).
 * The test goes at the top of the body, after what must stay first.
 */

/** One way to write the check, as lines (depth in indentation units, text). */
type Check = [number, string][];

interface Data {
  at: number;
  indent: string;
  checks: Check[];
}

/** The comment in the check's branch, so that it reads as a case considered rather than as noise. */
function note(lang: LanguageId, nothing: string): string {
  return profileOf(lang).spelling.comment(`nothing to do for ${nothing}`);
}

function braces(lang: LanguageId, cond: string, nothing: string): Check {
  return [[0, `if ${cond} {`], [1, note(lang, nothing)], [0, '}']];
}

/** The function's parameter list node. */
function parameterList(ctx: UnitContext, fn: Node): Node | null {
  if (ctx.profile.declaratorChain) {
    let d = fn.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    return d?.childForFieldName('parameters') ?? null;
  }
  return fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
}

/** Where the check goes: before the first statement that need not stay first, when it starts its own line. */
function insertionPoint(ctx: UnitContext, info: FunctionInfo): Node | null {
  const body = info.body;
  if (!body) return null;
  const blockTypes: Record<string, string[]> = {
    python: ['block'], c: ['compound_statement'], cpp: ['compound_statement'], go: ['block'], rust: ['block'],
    java: ['block', 'constructor_body'], javascript: ['statement_block'], typescript: ['statement_block'],
  };
  if (!blockTypes[ctx.lang].includes(body.type) || body.hasError) return null;
  const holder = ctx.profile.blocks.listInsideBlock ? namedChildren(body).find((c) => c.type === 'statement_list') : body;
  if (!holder) return null;
  const comment = (n: Node) => ctx.profile.commentTypes.includes(n.type);
  const statements = namedChildren(holder).filter((c) => !comment(c));
  let i = 0;
  const first = (n: Node | undefined) => (n ? namedChildren(n).find((c) => !comment(c)) : undefined);
  switch (ctx.lang) {
    case 'python':
      if (statements[0]?.type === 'expression_statement' && first(statements[0])?.type === 'string') i = 1;
      break;
    case 'javascript':
    case 'typescript': {
      while (statements[i]?.type === 'expression_statement' && first(statements[i])?.type === 'string') i++;
      // a derived class's constructor: `super(...)` first (TypeScript insists when the class has parameter properties)
      if (info.name === 'constructor' && info.container && /\bextends\b/.test(ctx.source.slice(info.container.startIndex, body.startIndex))) {
        const sup = statements.findIndex((s) => s.type === 'expression_statement' && first(s)?.type === 'call_expression' && first(first(s))?.type === 'super');
        if (sup < 0) return null;
        i = Math.max(i, sup + 1);
      }
      break;
    }
    case 'java':
      if (statements[0]?.type === 'explicit_constructor_invocation') i = 1;
      break;
    case 'rust':
      while (statements[i]?.type === 'inner_attribute_item' || statements[i]?.type === 'attribute_item') i++;
      if (statements[i - 1]?.type === 'attribute_item') return null;
      break;
  }
  const stmt = statements[i];
  return stmt && startsLine(ctx, stmt.startIndex) ? stmt : null;
}

// ---- per language: the nullable parameters and the checks for them ------------------------

function pythonParams(list: Node, info: FunctionInfo): { name: Node; checks: Check[] }[] {
  const out: { name: Node; checks: Check[] }[] = [];
  for (const p of namedChildren(list)) {
    let name: Node | null = null;
    if (p.type === 'identifier') name = p;
    else if (p.type === 'typed_parameter') name = namedChildren(p).find((c) => c.type === 'identifier') ?? null;
    else if (p.type === 'default_parameter' || p.type === 'typed_default_parameter') name = p.childForFieldName('name');
    if (!name || name.type !== 'identifier') continue;
    if (info.container && (name.text === 'self' || name.text === 'cls')) continue;
    out.push({ name, checks: [[[0, `if ${name.text} is None:`], [1, `pass  ${note('python', 'None')}`]]] });
  }
  return out;
}

const JAVA_PRIMITIVES = new Set(['integral_type', 'floating_point_type', 'boolean_type']);

function javaParams(list: Node): { name: Node; checks: Check[] }[] {
  const out: { name: Node; checks: Check[] }[] = [];
  for (const p of namedChildren(list)) {
    let name: Node | null = null;
    if (p.type === 'formal_parameter') {
      const type = p.childForFieldName('type');
      // `int a[]` is an array: a reference like any other
      if (!type || (JAVA_PRIMITIVES.has(type.type) && !p.childForFieldName('dimensions'))) continue;
      name = p.childForFieldName('name');
    } else if (p.type === 'spread_parameter') {
      name = namedChildren(p).find((c) => c.type === 'variable_declarator')?.childForFieldName('name') ?? null;
    }
    if (name) out.push({ name, checks: [braces('java', `(${name.text} == null)`, 'null')] });
  }
  return out;
}

const C_NULL_HEADERS = /#\s*include\s*[<"](stdio|stdlib|string|stddef|time|locale|wchar|cstdio|cstdlib|cstring|cstddef)(\.h)?[>"]/;

function cParams(ctx: UnitContext, list: Node): { name: Node; checks: Check[] }[] {
  const out: { name: Node; checks: Check[] }[] = [];
  // C's `NULL` comes from its headers, C++'s `nullptr` is a keyword; C++'s smart pointers test as pointers
  const nothing = ctx.profile.spelling.nullValue!;
  const smartPointers = ctx.profile.variables.smartPointers;
  for (const p of namedChildren(list)) {
    if (p.type !== 'parameter_declaration' && p.type !== 'optional_parameter_declaration') continue;
    let d = p.childForFieldName('declarator');
    let pointer = false;
    while (d?.type === 'pointer_declarator') {
      pointer = true;
      d = d.childForFieldName('declarator');
    }
    const typeText = p.childForFieldName('type')?.text ?? '';
    const smart = smartPointers !== null && smartPointers.test(typeText);
    if (smart && !pointer && d?.type === 'reference_declarator') d = namedChildren(d).find((c) => c.type === 'identifier') ?? null;
    if (!d || d.type !== 'identifier' || !(pointer || smart)) continue;
    const n = d.text;
    const checks: Check[] = [braces(ctx.lang, `(!${n})`, nothing.literal)];
    const defined = !nothing.fromHeaders || C_NULL_HEADERS.test(ctx.source) || /#\s*define\s+NULL\b/.test(ctx.source);
    if (defined) checks.push(braces(ctx.lang, `(${n} == ${nothing.literal})`, nothing.literal));
    out.push({ name: d, checks });
  }
  return out;
}

const GO_NILABLE = new Set(['pointer_type', 'slice_type', 'map_type', 'channel_type', 'function_type', 'interface_type']);

/** Go types that hold nil: by their form, `error` and `any`, or a type of the file declared as one of those forms. */
function goNilable(ctx: UnitContext, type: Node | null): boolean {
  if (!type) return false;
  if (GO_NILABLE.has(type.type)) return true;
  if (type.type !== 'type_identifier') return false;
  if (type.text === 'error' || type.text === 'any') return true;
  // only the parts of the file holding the name: a walk of the whole file cost a large file's step most of its time
  return nodesOfType(ctx.root, ['type_spec'], holdingWord([type.text])).filter((n) => n.childForFieldName('name')?.text === type.text).some(
    (spec) => spec.childForFieldName('type_parameters') === null && GO_NILABLE.has(spec.childForFieldName('type')?.type ?? ''),
  );
}

function goParams(ctx: UnitContext, fn: Node, list: Node): { name: Node; checks: Check[] }[] {
  const out: { name: Node; checks: Check[] }[] = [];
  const typeParams = new Set(descendants(fn.childForFieldName('type_parameters') ?? list, (n) => n.type === 'type_parameter_declaration').flatMap((d) => d.childrenForFieldName('name').map((c) => c?.text ?? '')));
  const lists = [fn.childForFieldName('receiver'), list].filter((l): l is Node => l !== null);
  for (const l of lists) {
    for (const p of namedChildren(l)) {
      const variadic = p.type === 'variadic_parameter_declaration';
      if (p.type !== 'parameter_declaration' && !variadic) continue;
      const type = p.childForFieldName('type');
      if (type && typeParams.has(type.text)) continue;
      if (!variadic && !goNilable(ctx, type)) continue;
      for (const name of p.childrenForFieldName('name')) {
        if (name && name.text !== '_') out.push({ name, checks: [braces('go', `${name.text} == nil`, 'nil')] });
      }
    }
  }
  return out;
}

function rustParams(fn: Node, list: Node): { name: Node; checks: Check[] }[] {
  const out: { name: Node; checks: Check[] }[] = [];
  const constFn = /^[^(]*\bconst\b/.test(fn.text.slice(0, (fn.childForFieldName('name')?.startIndex ?? fn.startIndex) - fn.startIndex));
  for (const p of namedChildren(list)) {
    if (p.type !== 'parameter') continue;
    const name = p.childForFieldName('pattern');
    let type = p.childForFieldName('type');
    if (!name || name.type !== 'identifier' || !type) continue;
    if (type.type === 'pointer_type') {
      if (!constFn) out.push({ name, checks: [braces('rust', `${name.text}.is_null()`, 'a null pointer')] });
      continue;
    }
    if (type.type === 'reference_type') type = type.childForFieldName('type');
    const head = type?.type === 'generic_type' ? type.childForFieldName('type')?.text ?? '' : '';
    if (!/^((std|core)::option::)?Option$/.test(head)) continue;
    out.push({ name, checks: [braces('rust', `${name.text}.is_none()`, 'None'), braces('rust', `let None = ${name.text}`, 'None')] });
  }
  return out;
}

function jsParams(ctx: UnitContext, list: Node): { name: Node; checks: Check[] }[] {
  const out: { name: Node; checks: Check[] }[] = [];
  const params = list.type === 'identifier' ? [list] : namedChildren(list);
  for (const p of params) {
    let name: Node | null = null;
    let typeText: string | null = null;
    let optional = false;
    if (p.type === 'identifier') name = p;
    else if (p.type === 'assignment_pattern') name = p.childForFieldName('left');
    else if (p.type === 'required_parameter' || p.type === 'optional_parameter') {
      name = p.childForFieldName('pattern');
      typeText = p.childForFieldName('type')?.text.replace(/^:\s*/, '') ?? null;
      optional = p.type === 'optional_parameter';
    }
    if (!name || name.type !== 'identifier') continue;
    const n = name.text;
    const strict = `(${n} === null)`;
    const loose = `(${n} == null)`;
    const undef = `(${n} === undefined)`;
    let conds = [strict, loose, undef];
    // only TypeScript's parameters (required_parameter, optional_parameter) carry a type
    if (typeText !== null && !/^(any|unknown)$/.test(typeText.trim())) {
      // a type without null still compares with `== null` and `=== undefined` under strict null checks
      conds = /\bnull\b/.test(typeText) ? [strict, loose] : [loose, undef];
    }
    if (optional) conds = [loose, undef];
    out.push({ name, checks: conds.map((c) => braces(ctx.lang, c, c.includes('undefined') ? 'undefined' : 'null')) });
  }
  return out;
}

function nullableParams(ctx: UnitContext, info: FunctionInfo): { name: Node; checks: Check[] }[] {
  const list = parameterList(ctx, info.node);
  if (!list) return [];
  switch (ctx.lang) {
    case 'python':
      return pythonParams(list, info);
    case 'java':
      return javaParams(list);
    case 'c':
    case 'cpp':
      return cParams(ctx, list);
    case 'go':
      return goParams(ctx, info.node, list);
    case 'rust':
      return rustParams(info.node, list);
    case 'javascript':
    case 'typescript':
      return jsParams(ctx, list);
  }
}

export const checkArguments: Method = {
  ...catalogued('check-arguments'),
  // every language has a nullable parameter type (C pointers, Rust's Option): units without one just have no site
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const info of ctx.unitFunctions) {
      const before = insertionPoint(ctx, info);
      if (!before) continue;
      const body = info.body ? ctx.text(info.body) : '';
      for (const { name, checks } of nullableParams(ctx, info)) {
        // one check of an argument is a choice, a second one noise
        if (checks.some((c) => body.includes(c[0][1]))) continue;
        const data: Data = { at: before.startIndex, indent: ctx.indentOf(before), checks };
        sites.push({ start: name.startIndex, end: name.endIndex, label: `null check of \`${name.text}\` in ${info.name}`, data });
      }
    }
    return sites.sort((a, b) => a.start - b.start);
  },

  apply(ctx, site, rng) {
    const { at, indent, checks } = site.data as Data;
    const check = rng.pick(checks);
    const text = check.map(([d, t]) => `${ctx.indentUnit.repeat(d)}${t}\n${indent}`).join('');
    return {
      edits: [{ start: at, end: at, text }],
      summary: `added a ${site.label} that does nothing`,
    };
  },
};
