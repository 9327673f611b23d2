import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { declaratorOwner, scopeEnds } from '../languages/declarationScopes';
import type { Classified, Declaration, NodeQueries, Occurrence } from '../languages/nameRoles';
import { profileOf } from '../languages/profiles';
import { lowerBound } from '../sorted';
import { allOf, ancestor, contains, descendants, fieldName, holdingWord, MayHold, nodesOfType, perRegion, perTree, regionRoots, spanOf, stableTest } from './nodes';
import { answersByRegion, nodesSpelling } from './nodeTable';

export type { Classified, Declaration, Occurrence, Role } from '../languages/nameRoles';

const NAME_KINDS = new Set([
  'identifier',
  'field_identifier',
  'property_identifier',
  'private_property_identifier',
  'type_identifier',
  'namespace_identifier',
  'package_identifier',
  'shorthand_property_identifier',
  'shorthand_property_identifier_pattern',
  'shorthand_field_identifier',
  'statement_identifier',
  'label_name',
]);

const INTERPOLATION_KINDS = new Set(['interpolation', 'template_substitution']);

function words(text: string): readonly string[] {
  return text.split(/\s+/).filter(Boolean);
}


/** Every identifier-like leaf under `root` (itself included), classified, in source order. */
export function occurrencesIn(root: Node, lang: LanguageId): Occurrence[] {
  // Methods ask for the occurrences of the file, of a function and of each statement in turn, and
  // a classification depends only on the name's ancestors, so it is kept per tree and region
  // (names are leaves in every grammar we ship, so a region never starts inside one).
  const { value: index, exact } = perRegion(root, `occurrences:${lang}`, (base) => {
    const all = classifyAll(base, lang);
    return { all, starts: all.map((o) => o.start) };
  });
  if (exact) return index.all.slice();
  // occurrences never nest, so those under `root` are one run of the list, sorted by start
  const from = lowerBound(index.starts, root.startIndex);
  const to = lowerBound(index.starts, root.endIndex);
  return index.all.slice(from, to).filter((o) => o.end <= root.endIndex);
}

/**
 * The occurrences of the given names under `root`, in source order, leaving out those under a node
 * `skip` accepts. Only the regions whose text holds one of the names are classified: whether `x`
 * is used outside any function, or where else `f` is named, then costs what the regions naming
 * them cost, not what the file costs.
 */
export function occurrencesNamed(
  root: Node,
  lang: LanguageId,
  names: ReadonlySet<string>,
  skip: (n: Node) => boolean = () => false,
): Occurrence[] {
  const out: Occurrence[] = [];
  for (const base of regionRoots(root, holdingWord(names), skip)) {
    const found = occurrencesIn(base, lang).filter((o) => names.has(o.name));
    if (found.length === 0) continue;
    const skipped = descendants(base, skip, skip).map(spanOf);
    for (const o of found) if (!skipped.some((s) => contains(s, o))) out.push(o);
  }
  return out;
}

/**
 * occurrencesNamed for one name, keeping those `keep` accepts. Over a file, whether a region holds
 * any is a fact about it under `key` (nodeTable.ts, answersByRegion), so a region a step left alone
 * that holds none is not read again: `key` names what `keep` and `skip` ask, which may look at an
 * occurrence's ancestors, not at other parts of the file.
 */
export function occurrencesWhere(
  root: Node,
  lang: LanguageId,
  name: string,
  key: string,
  keep: (o: Occurrence) => boolean,
  skip: (n: Node) => boolean = () => false,
  /** A stricter region test than holding the name (a pattern only a kept occurrence's text matches), named in `key`. */
  mayHold?: MayHold,
): Occurrence[] {
  const outsideSkipped = (base: Node, found: Occurrence[]) => {
    if (found.length === 0) return found;
    const skipped = descendants(base, skip, skip).map(spanOf);
    return found.filter((o) => !skipped.some((s) => contains(s, o)));
  };
  return answersByRegion(
    root,
    mayHold ? allOf(holdingWord([name]), mayHold) : holdingWord([name]),
    `occurrences ${key} ${name}`,
    (base) => outsideSkipped(base, occurrencesIn(base, lang).filter((o) => o.name === name && keep(o))),
    skip,
    (base) => outsideSkipped(base, occurrencesSpelling(base, lang, name).filter(keep)),
  );
}

/** occurrencesIn(base, lang) of one name, found where the name occurs in the text (nodeTable.ts, nodesSpelling). */
function occurrencesSpelling(base: Node, lang: LanguageId, name: string): Occurrence[] {
  const known = perTree(base.tree, `classified:${lang}`, () => new Map<number, Occurrence>());
  const out: Occurrence[] = [];
  for (const node of nodesSpelling(base, name, NAME_KINDS)) {
    // a name's own children (a qualified name's parts) are not occurrences of their own
    let nested = false;
    for (let p = node.parent; p && !nested && p.startIndex >= base.startIndex && p.endIndex <= base.endIndex; p = p.parent) {
      nested = NAME_KINDS.has(p.type);
      if (p.id === base.id) break;
    }
    if (nested) continue;
    let occurrence = known.get(node.id);
    if (!occurrence) {
      const { role, qualifier } = classify(lang, node);
      occurrence = Object.freeze({ node, name: node.text, start: node.startIndex, end: node.endIndex, role, qualifier });
      known.set(node.id, occurrence);
    }
    out.push(occurrence);
  }
  return out;
}

function classifyAll(root: Node, lang: LanguageId): Occurrence[] {
  const isName = (node: Node) => NAME_KINDS.has(node.type);
  // a region's names are classified once per tree, though the file's list and the region's both hold them
  const known = perTree(root.tree, `classified:${lang}`, () => new Map<number, Occurrence>());
  // a name's own children (a qualified name's parts) are not occurrences of their own
  return descendants(root, isName, isName).map((node) => {
    let occurrence = known.get(node.id);
    if (!occurrence) {
      const { role, qualifier } = classify(lang, node);
      occurrence = Object.freeze({ node, name: node.text, start: node.startIndex, end: node.endIndex, role, qualifier });
      known.set(node.id, occurrence);
    }
    return occurrence;
  });
}

/** The syntax layer's answers to the languages' readers (languages/nameRoles.ts, NodeQueries): one object for every call. */
export const NODE_QUERIES: NodeQueries = { fieldName, ancestor };

function classify(lang: LanguageId, node: Node): Classified {
  const parent = node.parent;
  if (!parent) return { role: 'plain' };
  switch (node.type) {
    case 'type_identifier':
    case 'namespace_identifier':
    case 'package_identifier':
      return { role: 'type' };
    case 'statement_identifier':
    case 'label_name':
      return { role: 'label' };
    case 'shorthand_property_identifier':
    case 'shorthand_property_identifier_pattern':
    case 'shorthand_field_identifier':
      return { role: 'shorthand' };
    case 'field_identifier':
      return classifyField(node, parent);
    case 'property_identifier':
    case 'private_property_identifier':
      return classifyProperty(node, parent);
  }
  return profileOf(lang).variables.bindings.classify(node, parent, NODE_QUERIES);
}

function classifyField(node: Node, parent: Node): Classified {
  if (parent.type === 'field_expression' && fieldName(node) === 'field') {
    // C's `p->f` calls the object its argument, Rust's `v.f` its value
    return { role: 'member', qualifier: parent.childForFieldName('argument') ?? parent.childForFieldName('value') };
  }
  if (parent.type === 'selector_expression' && fieldName(node) === 'field') return { role: 'member', qualifier: parent.childForFieldName('operand') };
  if (parent.type === 'method_declaration' && fieldName(node) === 'name') return { role: 'defname' };
  if (parent.type === 'field_designator' || parent.type === 'field_initializer' || parent.type === 'field_pattern') return { role: 'key' };
  if (parent.type === 'function_declarator') {
    // a method defined in its class, or only declared there
    return { role: declaratorOwner(parent)?.type === 'function_definition' ? 'defname' : 'fielddecl' };
  }
  return { role: 'fielddecl' };
}

function classifyProperty(node: Node, parent: Node): Classified {
  if (parent.type === 'member_expression' && fieldName(node) === 'property') return { role: 'member', qualifier: parent.childForFieldName('object') };
  if (parent.type === 'method_definition' && fieldName(node) === 'name') return { role: 'defname' };
  if (parent.type === 'pair' || parent.type === 'pair_pattern') return { role: 'key' };
  return { role: 'fielddecl' };
}

// ---------------------------------------------------------------------------------------------
// Declarations

/**
 * The declaration a `plain` identifier makes, with its scope; null when it is a use. Scopes
 * are conservative: a block-scoped name is visible from its declaration to the end of the
 * enclosing block; parameters and Python locals in the whole function.
 */
export function declarationOf(lang: LanguageId, id: Node): Declaration | null {
  return profileOf(lang).variables.bindings.declarationOf(id, NODE_QUERIES);
}

// ---------------------------------------------------------------------------------------------
// Strings

/**
 * The literal text of every string in the tree (interpolated expressions left out), with the
 * string node it belongs to. `mayHold` (nodeTable.ts) skips regions that cannot hold a wanted string.
 */
export function stringTexts(
  root: Node,
  lang: LanguageId,
  mayHold?: MayHold,
  question?: {
    key: string;
    keep: (string: { node: Node; text: string }) => boolean;
    /** An index of the regions' strings by what `of` makes of each (nodeTable.ts, Narrowing). */
    index?: { key: string; of: (string: { node: Node; text: string }) => string | null; value: string };
  },
): { node: Node; text: string }[] {
  const stringKinds = profileOf(lang).expressions.stringKinds;
  const kinds = new Set(stringKinds);
  const texts = new Map<number, { node: Node; text: string } | null>();
  // a string's text, or null when it is part of another string's
  const textOf = (node: Node) => {
    let known = texts.get(node.id);
    if (known === undefined) {
      known = throughHoles(node, root, kinds) ? { node, text: literalText(node) } : null;
      texts.set(node.id, known);
    }
    return known;
  };
  // a question's answers are the strings it keeps: whether a region holds one is a fact about it
  const index = question?.index;
  const narrowing = question && {
    question: {
      key: `strings ${question.key}`,
      keep: (n: Node) => {
        const t = textOf(n);
        return t !== null && question.keep(t);
      },
      index: index && {
        key: `strings ${index.key}`,
        of: (n: Node) => {
          const t = textOf(n);
          return t === null ? null : index.of(t);
        },
        value: index.value,
      },
    },
  };
  const out: { node: Node; text: string }[] = [];
  for (const node of nodesOfType(root, stringKinds, mayHold, narrowing)) {
    const t = textOf(node);
    if (t) out.push(t);
  }
  return out;
}

/** A string's text, with each interpolation in it a space. */
function literalText(node: Node): string {
  let text = '';
  let at = node.startIndex;
  const holes = node.namedChildren.filter((c): c is Node => c !== null && INTERPOLATION_KINDS.has(c.type));
  const source = node.text;
  for (const hole of holes) {
    text += source.slice(at - node.startIndex, hole.startIndex - node.startIndex) + ' ';
    at = hole.endIndex;
  }
  text += source.slice(at - node.startIndex);
  return text;
}

/** Whether every string between `root` and `node` holds the way to it in an interpolation: a string's other parts are its text. */
function throughHoles(node: Node, root: Node, kinds: ReadonlySet<string>): boolean {
  for (let child = node, p = node.parent; child.id !== root.id && p; child = p, p = p.parent) {
    if (kinds.has(p.type) && !INTERPOLATION_KINDS.has(child.type)) return false;
  }
  return true;
}

/**
 * Names a program may look up by a string: in Python, JavaScript and TypeScript, every string
 * whose whole content is one identifier. Words inside longer strings (messages, printed labels)
 * are data, and the other languages reach a name by string only through reflection, which the
 * renames check by its own words (`dlsym`, `reflect`, `getMethod`...).
 */
export function namesInLookupStrings(root: Node, lang: LanguageId, mayHold?: MayHold): Set<string> {
  const out = new Set<string>();
  if (!profileOf(lang).variables.namesLookedUpByString) return out;
  for (const { text } of stringTexts(root, lang, mayHold)) {
    const content = text.replace(/^[A-Za-z]*(["'`]+)/, '').replace(/["'`]+$/, '');
    if (/^[A-Za-z_$][\w$]*$/.test(content)) out.add(content);
  }
  return out;
}

export function wordsOf(text: string): string[] {
  return text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}

/** Regions that may hold a C or C++ directive (`#define`, `#if`...): the directive's text starts with `#`. */
export const mayHoldDirective = stableTest((text: string): boolean => text.includes('#'));

/** Regions that may hold a `preproc_arg`: one, or any holding a directive. */
const mayHoldPreprocessorArg: MayHold = stableTest((text, root) => root.type === 'preproc_arg' || mayHoldDirective(text, root));

/** C and C++ nodes that define a type (or use one: a specifier without a body). */
export const C_TYPE_DEFINITIONS = ['type_definition', 'struct_specifier', 'union_specifier', 'enum_specifier'];

/** Regions that may hold one of C_TYPE_DEFINITIONS: each starts with its keyword. */
export const mayHoldTypeDefinition = holdingWord(['typedef', 'struct', 'union', 'enum']);

/** The bodies and conditions of C and C++ directives (`preproc_arg`): raw text the tree does not parse. */
export function preprocessorArgs(root: Node): Node[] {
  // a body lies in its directive, unless it is a region of its own
  return perTree(root.tree, `preprocessor:${root.id}`, () =>
    nodesOfType(root, ['preproc_arg'], mayHoldPreprocessorArg),
  );
}

/** C and C++ macro bodies and conditions are raw text: the names in them are uses nobody can see. */
export function preprocessorWords(root: Node): ReadonlySet<string> {
  return perTree(root.tree, `preprocessor words:${root.id}`, () => {
    const out = new Set<string>();
    for (const arg of preprocessorArgs(root)) for (const w of wordsOf(arg.text)) out.add(w);
    return out;
  });
}

/** The nearest block or function around a node: what a declaration made there is visible in. */
export function enclosingScope(lang: LanguageId, node: Node): Node | null {
  const { blocks, variables } = profileOf(lang);
  return ancestor(node, blocks.blockScoped ? scopeEnds(variables.scopes) : variables.scopes.functionLike);
}

/** Rust macros that only evaluate their arguments (and print format strings, checked apart). */
const RUST_PLAIN_MACROS = words(`println print eprintln eprint format format_args write writeln vec panic assert assert_eq assert_ne
  debug_assert debug_assert_eq debug_assert_ne unreachable todo unimplemented matches`);

/**
 * Names passed to a macro that may turn them into text (`#x`, `stringify!`) or paste them: C
 * and C++ function-like macros of the file, Rust macros other than the standard printing ones.
 */
export function macroArgumentNames(
  lang: LanguageId,
  root: Node,
  within: Node,
  occurrences: readonly Occurrence[],
  mayHold?: MayHold,
): Set<string> {
  const calls: Node[] = [];
  const { preprocessor, macroInvocations } = profileOf(lang);
  if (preprocessor) {
    const defines = nodesOfType(root, ['preproc_function_def'], mayHoldDirective);
    const macros = new Set(defines.map((d) => d.childForFieldName('name')?.text ?? ''));
    if (macros.size === 0) return new Set();
    for (const call of nodesOfType(within, ['call_expression'], mayHold)) {
      const callee = call.childForFieldName('function');
      if (callee?.type === 'identifier' && macros.has(callee.text)) calls.push(call);
    }
  } else if (macroInvocations) {
    for (const call of nodesOfType(within, ['macro_invocation'], mayHold)) {
      if (!RUST_PLAIN_MACROS.includes(call.childForFieldName('macro')?.text ?? '')) calls.push(call);
    }
  }
  const out = new Set<string>();
  for (const call of calls) for (const o of occurrences) if (contains(spanOf(call), o)) out.add(o.name);
  return out;
}
