import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { lowerBound } from '../sorted';
import type { Span } from '../text/edits';
import { allOf, ancestor, contains, descendants, fieldName, holdingWord, MayHold, nodesOfType, perRegion, perTree, regionRoots, spanOf, stableTest } from './nodes';
import { answersByRegion, nodesSpelling } from './nodeTable';

/**
 * What an identifier-like leaf is, as far as renaming goes. Only `plain` names (references and
 * declarations of variables and functions) are renamed as such; the others either name another
 * thing (a field, a keyword argument, a label, a type) or cannot be renamed safely (`shorthand`,
 * `hazard`: `{x}`, an import, a Go composite-literal key that may be a field or a variable).
 */
export type Role =
  | 'plain'
  | 'defname' // the name of a function or method definition
  | 'member' // the name after `obj.`, `obj->`, a Go selector, a Java invocation of `obj.name(...)` (qualifier: obj)
  | 'path' // a segment of `a::b` (qualifier: the path before it, when the segment is the last one)
  | 'keyword' // a Python keyword-argument name `f(x=1)`
  | 'key' // an object/struct literal key, designated initialiser or struct-pattern field name
  | 'label'
  | 'type'
  | 'macro'
  | 'fielddecl' // a field or method declared without a body
  | 'shorthand' // `{x}`: a key and a variable at once
  | 'hazard';

export interface Occurrence {
  node: Node;
  name: string;
  start: number;
  end: number;
  role: Role;
  /** members: the object (null for a Java call with none); paths: the qualifier before `::`. */
  qualifier?: Node | null;
}

export interface Declaration {
  /** Where the declared name is visible: a block-scoped one from its declaration to the end of its block. */
  scope: Span;
  param: boolean;
}

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

/** Node kinds that hold text a program may print or look names up by. */
export const STRING_KINDS: Record<LanguageId, readonly string[]> = {
  python: ['string'],
  c: ['string_literal', 'char_literal', 'raw_string_literal', 'system_lib_string'],
  cpp: ['string_literal', 'char_literal', 'raw_string_literal', 'system_lib_string'],
  go: ['interpreted_string_literal', 'raw_string_literal', 'rune_literal'],
  rust: ['string_literal', 'raw_string_literal', 'char_literal'],
  java: ['string_literal', 'character_literal', 'text_block'],
  javascript: ['string', 'template_string'],
  typescript: ['string', 'template_string'],
};

const INTERPOLATION_KINDS = new Set(['interpolation', 'template_substitution']);

function words(text: string): readonly string[] {
  return text.split(/\s+/).filter(Boolean);
}

const JS_FUNCTIONS = words(
  'function_declaration generator_function_declaration function_expression function generator_function arrow_function method_definition',
);
const JS_BLOCKS = words('statement_block for_statement for_in_statement catch_clause switch_body class_static_block');

/** Function-like nodes: their parameters are visible in all of them. */
export const FUNCTION_LIKE: Record<LanguageId, readonly string[]> = {
  python: words('function_definition lambda'),
  c: words('function_definition'),
  cpp: words('function_definition lambda_expression'),
  go: words('function_declaration method_declaration func_literal'),
  rust: words('function_item closure_expression'),
  java: words('method_declaration constructor_declaration lambda_expression'),
  javascript: JS_FUNCTIONS,
  typescript: JS_FUNCTIONS,
};

/** Nodes that end the scope of a block-scoped declaration inside them. */
const BLOCKS: Record<LanguageId, readonly string[]> = {
  python: [],
  c: words('compound_statement for_statement if_statement while_statement switch_statement'),
  cpp: words('compound_statement for_statement for_range_loop if_statement while_statement switch_statement catch_clause'),
  go: words(`block for_statement if_statement expression_switch_statement type_switch_statement select_statement
    communication_case expression_case type_case default_case`),
  rust: words('block for_expression match_arm if_expression while_expression'),
  java: words('block for_statement enhanced_for_statement catch_clause try_with_resources_statement switch_block constructor_body'),
  javascript: JS_BLOCKS,
  typescript: JS_BLOCKS,
};

/**
 * Class-like bodies nested in a function: names in them may be fields reached as `this.x` or
 * `A.x`, which a rename of the local `x` would not follow.
 */
export const CLASS_ZONES: Record<LanguageId, readonly string[]> = {
  python: ['class_definition'],
  c: [],
  cpp: ['class_specifier', 'struct_specifier', 'union_specifier'],
  go: [],
  rust: [],
  java: ['class_body', 'interface_body', 'enum_body'],
  javascript: ['class_declaration', 'class'],
  typescript: ['class_declaration', 'class', 'abstract_class_declaration', 'interface_declaration'],
};

function hasChildOfType(node: Node, types: readonly string[]): boolean {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && types.includes(child.type)) return true;
  }
  return false;
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

interface Classified {
  role: Role;
  qualifier?: Node | null;
}

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
      return classifyField(lang, node, parent);
    case 'property_identifier':
    case 'private_property_identifier':
      return classifyProperty(node, parent);
  }
  switch (lang) {
    case 'python':
      return classifyPython(node, parent);
    case 'javascript':
    case 'typescript':
      return classifyJs(node, parent);
    case 'java':
      return classifyJava(node, parent);
    case 'go':
      return classifyGo(node, parent);
    case 'rust':
      return classifyRust(node, parent);
    case 'c':
    case 'cpp':
      return classifyC(node, parent);
  }
}

function classifyField(lang: LanguageId, node: Node, parent: Node): Classified {
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

/** Python statements that bind names in ways a rename does not follow: imports and match patterns. */
const PY_UNFOLLOWED = words('import_statement import_from_statement future_import_statement case_pattern keyword_pattern');

function classifyPython(node: Node, parent: Node): Classified {
  switch (parent.type) {
    case 'attribute':
      if (fieldName(node) === 'attribute') return { role: 'member', qualifier: parent.childForFieldName('object') };
      break;
    case 'keyword_argument':
      if (fieldName(node) === 'name') return { role: 'keyword' };
      break;
    case 'function_definition':
      if (fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'class_definition':
      if (fieldName(node) === 'name') return { role: 'type' };
      break;
    case 'global_statement':
    case 'nonlocal_statement':
      return { role: 'hazard' };
  }
  for (let p: Node | null = parent; p; p = p.parent) {
    if (PY_UNFOLLOWED.includes(p.type)) return { role: 'hazard' };
    if (p.type.endsWith('statement') || p.type === 'block' || p.type === 'module') break;
  }
  return { role: 'plain' };
}

function classifyJs(node: Node, parent: Node): Classified {
  switch (parent.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'function_expression':
    case 'function':
    case 'generator_function':
      if (fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'class_declaration':
    case 'class':
      if (fieldName(node) === 'name') return { role: 'type' };
      break;
    case 'import_specifier':
    case 'import_clause':
    case 'namespace_import':
    case 'export_specifier':
    case 'namespace_export':
      return { role: 'hazard' };
    case 'nested_identifier':
    case 'nested_type_identifier':
      return { role: 'path' };
    case 'required_parameter':
    case 'optional_parameter':
      // `constructor(private x: number)` declares a field as well as a parameter
      if (hasChildOfType(parent, ['accessibility_modifier', 'override_modifier', 'readonly'])) return { role: 'hazard' };
      break;
    case 'meta_property':
      return { role: 'type' };
  }
  return { role: 'plain' };
}

function classifyJava(node: Node, parent: Node): Classified {
  switch (parent.type) {
    case 'method_invocation':
      if (fieldName(node) === 'name') return { role: 'member', qualifier: parent.childForFieldName('object') };
      break;
    case 'field_access':
      if (fieldName(node) === 'field') return { role: 'member', qualifier: parent.childForFieldName('object') };
      break;
    case 'method_reference': {
      const named = parent.namedChildren;
      if (named.length > 1 && named[named.length - 1]?.id === node.id) return { role: 'member', qualifier: named[0] };
      break;
    }
    case 'method_declaration':
    case 'constructor_declaration':
    case 'compact_constructor_declaration':
      if (fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'class_declaration':
    case 'interface_declaration':
    case 'enum_declaration':
    case 'record_declaration':
    case 'annotation_type_declaration':
    case 'marker_annotation':
    case 'annotation':
      if (fieldName(node) === 'name') return { role: 'type' };
      break;
    case 'labeled_statement':
    case 'break_statement':
    case 'continue_statement':
      return { role: 'label' };
    case 'scoped_identifier':
    case 'import_declaration':
    case 'package_declaration':
      return { role: 'path' };
    case 'variable_declarator':
      if (fieldName(node) === 'name' && parent.parent?.type === 'field_declaration') return { role: 'fielddecl' };
      break;
    case 'enum_constant':
      return { role: 'fielddecl' };
  }
  return { role: 'plain' };
}

function classifyGo(node: Node, parent: Node): Classified {
  if (parent.type === 'function_declaration' && fieldName(node) === 'name') return { role: 'defname' };
  // `T{x: v}` names a field when T is a struct, and reads variable x when T is a map
  const keyed = parent.type === 'literal_element' && parent.parent?.type === 'keyed_element' && fieldName(parent) === 'key';
  if (keyed) return { role: 'hazard' };
  if (parent.type === 'import_spec') return { role: 'hazard' };
  return { role: 'plain' };
}

function classifyRust(node: Node, parent: Node): Classified {
  switch (parent.type) {
    case 'scoped_identifier':
    case 'scoped_type_identifier':
      return { role: 'path', qualifier: fieldName(node) === 'name' ? parent.childForFieldName('path') : null };
    case 'scoped_use_list':
    case 'use_list':
    case 'use_as_clause':
    case 'use_wildcard':
    case 'use_declaration':
      return { role: 'hazard' };
    case 'macro_invocation':
    case 'macro_definition':
      if (fieldName(node) === 'macro' || fieldName(node) === 'name') return { role: 'macro' };
      break;
    case 'function_item':
    case 'function_signature_item':
      if (fieldName(node) === 'name') return { role: 'defname' };
      break;
    case 'label':
    case 'lifetime':
      return { role: 'label' };
    case 'tuple_struct_pattern':
      if (fieldName(node) === 'type') return { role: 'type' };
      break;
    case 'shorthand_field_initializer':
      return { role: 'shorthand' };
    case 'mod_item':
    case 'extern_crate_declaration':
      return { role: 'path' };
    case 'token_tree':
      return classifyTokenTree(node);
  }
  if (ancestor(node, ['attribute_item', 'inner_attribute_item', 'use_declaration'])) return { role: 'hazard' };
  return { role: 'plain' };
}

/**
 * Macro arguments are bare tokens: `a.b` is a field (or method) of `a`, `a::b` a path, `x!` a
 * macro and `name = value` a named format argument (renaming it alone would break `{name}`).
 */
function classifyTokenTree(node: Node): Classified {
  const prev = node.previousSibling;
  const next = node.nextSibling;
  if (prev?.type === '.') return { role: 'member', qualifier: prev.previousSibling };
  if (prev?.type === '::') return { role: 'path', qualifier: prev.previousSibling };
  if (next?.type === '::') return { role: 'path' };
  if (next?.type === '!') return { role: 'macro' };
  if (next?.type === '=') return { role: 'hazard' };
  if (ancestor(node, ['attribute_item', 'inner_attribute_item'])) return { role: 'hazard' };
  return { role: 'plain' };
}

function classifyC(node: Node, parent: Node): Classified {
  switch (parent.type) {
    case 'qualified_identifier':
      return { role: 'path', qualifier: fieldName(node) === 'name' ? parent.childForFieldName('scope') : null };
    case 'template_function':
    case 'template_method':
      if (parent.parent?.type === 'qualified_identifier') return { role: 'path', qualifier: parent.parent.childForFieldName('scope') };
      break;
    case 'using_declaration':
    case 'namespace_alias_definition':
      return { role: 'path' };
    case 'preproc_def':
    case 'preproc_function_def':
    case 'preproc_params':
    case 'preproc_ifdef':
    case 'preproc_defined':
    case 'preproc_call':
      return { role: 'hazard' };
    case 'function_declarator':
      if (fieldName(node) === 'declarator' && declaratorOwner(parent)?.type === 'function_definition') return { role: 'defname' };
      break;
  }
  return { role: 'plain' };
}

const DECLARATOR_WRAPPERS = words('pointer_declarator reference_declarator parenthesized_declarator attributed_declarator');

/** The node a (possibly nested) C declarator belongs to: the definition, declaration or parameter. */
function declaratorOwner(declarator: Node): Node | null {
  let p = declarator.parent;
  while (p && DECLARATOR_WRAPPERS.includes(p.type)) p = p.parent;
  return p;
}

// ---------------------------------------------------------------------------------------------
// Declarations

/**
 * The declaration a `plain` identifier makes, with its scope; null when it is a use. Scopes
 * are conservative: a block-scoped name is visible from its declaration to the end of the
 * enclosing block; parameters and Python locals in the whole function.
 */
export function declarationOf(lang: LanguageId, id: Node): Declaration | null {
  switch (lang) {
    case 'python':
      return pythonDeclaration(id);
    case 'javascript':
    case 'typescript':
      return jsDeclaration(lang, id);
    case 'java':
      return javaDeclaration(id);
    case 'go':
      return goDeclaration(id);
    case 'rust':
      return rustDeclaration(id);
    case 'c':
    case 'cpp':
      return cDeclaration(lang, id);
  }
}

function span(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

function blockScope(lang: LanguageId, id: Node): Declaration | null {
  const block = ancestor(id, [...BLOCKS[lang], ...FUNCTION_LIKE[lang]]);
  return block ? { scope: { start: id.startIndex, end: block.endIndex }, param: false } : null;
}

/** Parameters of a function-like node are visible in all of it; those of a function type only in their list. */
function paramScope(lang: LanguageId, list: Node, owner: Node | null): Declaration {
  // an abstract or interface method has no body: its parameter names are only documentation
  const fn = owner && FUNCTION_LIKE[lang].includes(owner.type) && owner.childForFieldName('body') ? owner : null;
  return { scope: span(fn ?? list), param: fn !== null };
}

function pythonDeclaration(id: Node): Declaration | null {
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => fieldName(child);
    switch (p.type) {
      case 'pattern_list':
      case 'tuple_pattern':
      case 'list_pattern':
      case 'list_splat_pattern':
      case 'dictionary_splat_pattern':
      case 'tuple':
      case 'list':
      case 'parenthesized_expression':
      case 'expression_list':
        n = p;
        continue;
      case 'typed_parameter':
        if (f() === null) {
          n = p;
          continue;
        }
        return null;
      case 'default_parameter':
      case 'typed_default_parameter':
        if (f() === 'name') {
          n = p;
          continue;
        }
        return null;
      case 'parameters':
      case 'lambda_parameters':
        return p.parent ? { scope: span(p.parent), param: true } : null;
      case 'assignment':
      case 'augmented_assignment':
      case 'for_statement':
        return f() === 'left' ? pythonLocal(id, false) : null;
      case 'for_in_clause':
        return f() === 'left' && p.parent ? { scope: span(p.parent), param: false } : null;
      case 'as_pattern_target':
        return pythonLocal(id, false);
      case 'named_expression':
        return f() === 'name' ? pythonLocal(id, true) : null;
      default:
        return null;
    }
  }
}

const PY_COMPREHENSIONS = words('list_comprehension set_comprehension dictionary_comprehension generator_expression');

/** Python binds a name in the whole function that assigns it; a walrus in a comprehension binds outside it. */
function pythonLocal(id: Node, skipComprehensions: boolean): Declaration | null {
  const kinds = skipComprehensions ? FUNCTION_LIKE.python : [...FUNCTION_LIKE.python, ...PY_COMPREHENSIONS];
  const scope = ancestor(id, kinds);
  return scope ? { scope: span(scope), param: false } : null;
}

function jsDeclaration(lang: LanguageId, id: Node): Declaration | null {
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => fieldName(child);
    switch (p.type) {
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern':
        n = p;
        continue;
      case 'pair_pattern':
        if (f() === 'value') {
          n = p;
          continue;
        }
        return null;
      case 'assignment_pattern':
      case 'object_assignment_pattern':
        if (f() === 'left') {
          n = p;
          continue;
        }
        return null;
      case 'required_parameter':
      case 'optional_parameter':
        if (f() === 'pattern') {
          n = p;
          continue;
        }
        return null;
      case 'formal_parameters':
        return paramScope(lang, p, p.parent);
      case 'arrow_function':
        return f() === 'parameter' ? paramScope(lang, n, p) : null;
      case 'variable_declarator': {
        if (f() !== 'name') return null;
        const declaration = p.parent;
        if (declaration?.type === 'variable_declaration') return functionScope(lang, id);
        return blockScope(lang, id);
      }
      case 'for_in_statement': {
        if (f() !== 'left') return null;
        const kind = p.childForFieldName('kind')?.type;
        if (kind === 'var') return functionScope(lang, id);
        return kind === 'let' || kind === 'const' ? { scope: span(p), param: false } : null;
      }
      case 'catch_clause':
        return f() === 'parameter' ? { scope: span(p), param: false } : null;
      default:
        return null;
    }
  }
}

/** `var` is hoisted to the top of its function. */
function functionScope(lang: LanguageId, id: Node): Declaration | null {
  const fn = ancestor(id, FUNCTION_LIKE[lang]);
  return fn ? { scope: span(fn), param: false } : null;
}

function javaDeclaration(id: Node): Declaration | null {
  const p = id.parent;
  if (!p) return null;
  const f = () => fieldName(id);
  switch (p.type) {
    case 'variable_declarator':
      if (f() !== 'name') return null;
      if (p.parent?.type === 'local_variable_declaration') return blockScope('java', id);
      if (p.parent?.type === 'spread_parameter' && p.parent.parent) return paramScope('java', p.parent.parent, p.parent.parent.parent);
      return null;
    case 'formal_parameter':
      if (f() !== 'name' || !p.parent) return null;
      // a record's components are its fields
      if (p.parent.parent?.type === 'record_declaration') return null;
      return paramScope('java', p.parent, p.parent.parent);
    case 'catch_formal_parameter':
      return f() === 'name' ? scopeOf(id, ['catch_clause']) : null;
    case 'enhanced_for_statement':
      return f() === 'name' ? { scope: span(p), param: false } : null;
    case 'resource':
      return f() === 'name' ? scopeOf(id, ['try_with_resources_statement']) : null;
    case 'lambda_expression':
      return f() === 'parameters' ? paramScope('java', id, p) : null;
    case 'inferred_parameters':
      return paramScope('java', p, p.parent);
    case 'instanceof_expression':
      return f() === 'name' ? blockScope('java', id) : null;
    default:
      return null;
  }
}

function scopeOf(id: Node, kinds: readonly string[]): Declaration | null {
  const scope = ancestor(id, kinds);
  return scope ? { scope: span(scope), param: false } : null;
}

function goDeclaration(id: Node): Declaration | null {
  const p = id.parent;
  if (!p) return null;
  const f = () => fieldName(id);
  switch (p.type) {
    case 'parameter_declaration':
    case 'variadic_parameter_declaration':
      return f() === 'name' && p.parent ? paramScope('go', p.parent, p.parent.parent) : null;
    case 'var_spec':
    case 'const_spec':
      return f() === 'name' ? blockScope('go', id) : null;
    case 'expression_list': {
      const owner = p.parent;
      const role = fieldName(p);
      if (!owner) return null;
      if (owner.type === 'short_var_declaration' && role === 'left') return blockScope('go', id);
      if ((owner.type === 'range_clause' || owner.type === 'receive_statement') && role === 'left' && hasChildOfType(owner, [':='])) {
        return blockScope('go', id);
      }
      if (owner.type === 'type_switch_statement' && role === 'alias') return { scope: span(owner), param: false };
      return null;
    }
    default:
      return null;
  }
}

function rustDeclaration(id: Node): Declaration | null {
  // lowercase only: `None`, `Red`, `MAX` in a pattern are a variant or a constant, not a binding
  if (!/^[a-z_][a-z0-9_]*$/.test(id.text)) return null;
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => fieldName(child);
    switch (p.type) {
      case 'tuple_pattern':
      case 'slice_pattern':
      case 'ref_pattern':
      case 'mut_pattern':
      case 'reference_pattern':
      case 'or_pattern':
      case 'captured_pattern':
      case 'struct_pattern':
        n = p;
        continue;
      case 'tuple_struct_pattern':
        if (f() === 'type') return null;
        n = p;
        continue;
      case 'field_pattern':
        if (f() === 'pattern') {
          n = p;
          continue;
        }
        return null;
      case 'match_pattern':
        if (f() === 'condition') return null;
        n = p;
        continue;
      case 'parameter':
        if (f() !== 'pattern') return null;
        n = p;
        continue;
      case 'parameters':
        return paramScope('rust', p, p.parent);
      case 'closure_parameters':
        return paramScope('rust', p, p.parent);
      case 'let_declaration':
        return f() === 'pattern' ? blockScope('rust', id) : null;
      case 'for_expression':
        return f() === 'pattern' ? { scope: span(p), param: false } : null;
      case 'let_condition':
        return f() === 'pattern' ? scopeOf(id, ['if_expression', 'while_expression']) : null;
      case 'match_arm':
        return f() === 'pattern' ? { scope: span(p), param: false } : null;
      default:
        return null;
    }
  }
}

function cDeclaration(lang: LanguageId, id: Node): Declaration | null {
  let n = id;
  for (;;) {
    const p = n.parent;
    if (!p) return null;
    const child = n;
    const f = () => fieldName(child);
    switch (p.type) {
      case 'pointer_declarator':
      case 'reference_declarator':
      case 'parenthesized_declarator':
      case 'attributed_declarator':
      case 'structured_binding_declarator':
        n = p;
        continue;
      case 'array_declarator':
      case 'init_declarator':
        if (f() !== 'declarator') return null;
        n = p;
        continue;
      case 'function_declarator':
        // `int (*rule)(int)`: a function pointer; a bare `int f(int)` declares a function
        if (f() !== 'declarator' || n.type !== 'parenthesized_declarator') return null;
        n = p;
        continue;
      case 'parameter_declaration':
      case 'optional_parameter_declaration': {
        if (f() !== 'declarator') return null;
        const list = p.parent;
        if (!list) return null;
        const owner = list.parent;
        if (owner?.type === 'catch_clause') return { scope: span(owner), param: false };
        if (owner?.type === 'function_declarator') {
          const def = declaratorOwner(owner);
          if (def?.type === 'function_definition') return { scope: span(def), param: true };
        }
        if (owner?.type === 'abstract_function_declarator' && owner.parent?.type === 'lambda_expression') {
          return { scope: span(owner.parent), param: true };
        }
        return { scope: span(list), param: false };
      }
      case 'declaration':
        return f() === 'declarator' ? blockScope(lang, id) : null;
      case 'for_range_loop':
        return f() === 'declarator' ? { scope: span(p), param: false } : null;
      default:
        return null;
    }
  }
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
  const kinds = new Set(STRING_KINDS[lang]);
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
  for (const node of nodesOfType(root, STRING_KINDS[lang], mayHold, narrowing)) {
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
  return ancestor(node, profileOf(lang).blocks.blockScoped ? [...BLOCKS[lang], ...FUNCTION_LIKE[lang]] : FUNCTION_LIKE[lang]);
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
