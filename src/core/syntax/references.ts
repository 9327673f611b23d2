import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../languages/functions';
import type { LanguageId } from '../languages/languageIds';
import type { LanguageProfile } from '../languages/languageProfile';
import { profileOf } from '../languages/profiles';
import { packageName } from '../languages/go/packages';
import { crateNames } from '../languages/rust/crates';
import type { UnitContext } from './context';
import { namesInLookupStrings, occurrencesIn, Role } from './bindings';
import { ancestor } from './nodes';
import { currentText, ProjectState } from '../workspace/workspace';

/** One identifier in another file, reduced to plain data so it outlives the parse. */
interface Ref {
  start: number;
  role: Role;
  /** The qualifier's text for members and paths (`lib` in `lib.add`, `crate::util` in `crate::util::add`). */
  qualifier: string | null;
  /** Part of an import or export (`from lib import add`, `import { add }`, `use crate::lib::add`). */
  importLike: boolean;
}

interface FileFacts {
  text: string;
  refs: Map<string, Ref[]>;
  /** Words inside string literals: a name printed or looked up by text is not renamed. */
  lookupStrings: Set<string>;
  /** Names an import binds to another module (`lib` in `import lib`, `const lib = require('./lib')`, a Go package). */
  modules: Set<string>;
}

function moduleNames(root: Node, modules: LanguageProfile['modules'], source: string): Set<string> {
  const out = new Set<string>();
  const visit = (node: Node) => {
    // Python: every name of an import binds a module or a name from one (JavaScript's import_statement
    // is read through its import clause below)
    if (modules === 'imports' && (node.type === 'import_statement' || node.type === 'import_from_statement')) {
      for (const id of node.descendantsOfType('identifier')) if (id) out.add(id.text);
      return;
    }
    // JavaScript's import clauses (only its grammar has them), and a variable given a `require(...)`
    if (node.type === 'import_clause' || node.type === 'namespace_import') {
      for (const id of node.descendantsOfType('identifier')) if (id) out.add(id.text);
      return;
    }
    if (modules === 'exports' && node.type === 'variable_declarator' && /^\s*require\s*\(/.test(node.childForFieldName('value')?.text ?? '')) {
      const name = node.childForFieldName('name');
      if (name?.type === 'identifier') out.add(name.text);
      return;
    }
    // Go's imports (only its grammar has import_spec): the alias, or the path's last segment
    if (node.type === 'import_spec') {
      const alias = node.childForFieldName('name');
      const spec = node.childForFieldName('path')?.text.replace(/^["`]|["`]$/g, '') ?? '';
      out.add(alias ? alias.text : spec.split('/').pop() ?? spec);
      return;
    }
    for (const child of node.namedChildren) if (child) visit(child);
  };
  visit(root);
  void source;
  return out;
}

function factsOf(ctx: UnitContext, project: ProjectState, rel: string): FileFacts {
  const text = currentText(project, rel);
  const key = `refs:${rel}`;
  const cached = project.workspace.cache.get(key) as FileFacts | undefined;
  if (cached && cached.text === text) return cached;
  const tree = ctx.parse(text);
  try {
    const root = tree.rootNode;
    const refs = new Map<string, Ref[]>();
    const imports = ctx.profile.importNodes;
    for (const o of occurrencesIn(root, ctx.lang)) {
      const list = refs.get(o.name) ?? [];
      list.push({
        start: o.start,
        role: o.role,
        qualifier: o.qualifier ? o.qualifier.text : null,
        importLike: imports.length > 0 && ancestor(o.node, imports) !== null,
      });
      refs.set(o.name, list);
    }
    const lookupStrings = namesInLookupStrings(root, ctx.lang);
    const facts: FileFacts = { text, refs, lookupStrings, modules: moduleNames(root, ctx.profile.modules, text) };
    project.workspace.cache.set(key, facts);
    return facts;
  } finally {
    tree.delete();
  }
}

type Use = 'rename' | 'skip' | 'decline';

interface Target {
  lang: LanguageId;
  name: string;
  /** The class, struct or impl type a method belongs to; undefined for a free function. */
  owner: string | undefined;
  /** Names the defining module goes by in a path (Rust: crate, the file's module, the crate's name). */
  moduleNames: Set<string>;
  /** The Go package the function is in. */
  goPackage: string | undefined;
}

function lastSegment(qualifier: string | null): string {
  if (!qualifier) return '';
  const parts = qualifier.split(/::|\./);
  return parts[parts.length - 1].trim();
}

/** How an occurrence of a free function's name in another file relates to the function, by how the language's files reach each other. */
function functionUse(t: Target, facts: FileFacts, ref: Ref, sameFolder: boolean): Use {
  const modules = profileOf(t.lang).modules;
  const exports = modules === 'exports';
  switch (ref.role) {
    case 'plain':
      // a Go name is seen unqualified only inside its own package
      if (modules === 'packages') return sameFolder ? 'rename' : 'skip';
      if (modules === 'classes') return 'decline';
      return 'rename';
    case 'defname':
      if (modules === 'packages' && !sameFolder) return 'skip';
      return 'decline';
    case 'member': {
      const q = ref.qualifier ?? '';
      if (modules === 'packages') return facts.modules.has(q) && q === t.goPackage ? 'rename' : 'skip';
      if (modules === 'imports' || exports) {
        if (facts.modules.has(q) || (exports && /^(module\.)?exports$/.test(q))) return 'rename';
        return 'skip';
      }
      return 'skip';
    }
    case 'path':
      if (modules === 'crates') {
        if (ref.qualifier === null) return ref.importLike ? 'decline' : 'skip';
        return t.moduleNames.has(lastSegment(ref.qualifier)) ? 'rename' : 'skip';
      }
      return 'decline';
    case 'shorthand':
      return exports ? 'rename' : 'decline';
    case 'key':
      return exports ? 'rename' : 'skip';
    case 'hazard':
      return ref.importLike && modules !== 'packages' ? 'rename' : 'decline';
    case 'fielddecl':
    case 'macro':
      return 'decline';
    default:
      return 'skip';
  }
}

/** The same for a method: only `Owner.name` / `Owner::name` is provably it. */
function methodUse(t: Target, ref: Ref): Use {
  switch (ref.role) {
    case 'member':
    case 'path':
      return lastSegment(ref.qualifier) === t.owner ? 'rename' : 'decline';
    case 'defname':
    case 'fielddecl':
    case 'hazard':
    case 'macro':
      return 'decline';
    case 'plain': {
      // a bare name inside a Java or C++ class may call the method itself: not provably it, nor provably not
      const modules = profileOf(t.lang).modules;
      return modules === 'classes' || modules === 'headers' ? 'decline' : 'skip';
    }
    default:
      return 'skip';
  }
}

/** Whether other files can see the function at all: C `static`, Java `private`, nested functions and unexported JS stay in the file. */
export function visibleElsewhere(ctx: UnitContext, fn: FunctionInfo, fileScoped: boolean): boolean {
  if (!fileScoped && fn.container === null) return false;
  const head = ctx.source.slice(fn.node.startIndex, fn.body?.startIndex ?? fn.node.endIndex);
  switch (ctx.profile.modules) {
    case 'headers':
      if (/\bstatic\b/.test(head) && fn.container === null) return false;
      // an anonymous namespace gives internal linkage too
      return !(ancestor(fn.node, ['namespace_definition'])?.childForFieldName('name') === null);
    case 'classes':
      return !/\bprivate\b/.test(head);
    case 'exports': {
      if (fn.container !== null) return ancestor(fn.container, ['export_statement']) !== null;
      if (fn.outer.type === 'export_statement' || fn.outer.parent?.type === 'export_statement') return true;
      const exported = new RegExp(`\\bexport\\b[^;]*\\b${fn.name}\\b|\\b(module\\.)?exports\\b[^;]*\\b${fn.name}\\b`);
      return exported.test(ctx.source);
    }
    case 'imports':
    case 'packages':
    case 'crates':
      return true;
  }
}

export interface CrossFilePlan {
  /** Offsets of the name in other files (relative path -> offsets), every one to rename. */
  files: Record<string, number[]>;
}

/**
 * Finds the function's references in the project's other files. Null means the rename must be
 * declined: some occurrence may be the function but cannot be updated safely (a string that
 * names it, a definition of the same name, an instance call on an object of unknown type).
 */
export function crossFileReferences(ctx: UnitContext, fn: FunctionInfo): CrossFilePlan | null {
  const project = ctx.project;
  if (!project) return { files: {} };
  const owner = fn.container ? (fn.container.childForFieldName('name')?.text ?? fn.container.childForFieldName('type')?.text) : undefined;
  const target: Target = {
    lang: ctx.lang,
    name: fn.name,
    owner,
    moduleNames: ctx.profile.modules === 'crates' ? crateNames(project.workspace.mainFile, () => project.workspace.original('Cargo.toml')) : new Set(),
    goPackage: ctx.profile.modules === 'packages' ? packageName(ctx.root) : undefined,
  };
  const word = new RegExp(`(?<![\\w$])${fn.name}(?![\\w$])`);
  const files: Record<string, number[]> = {};
  for (const rel of project.workspace.otherSources) {
    const sameFolder = project.workspace.sameFolder(rel);
    // a Go unexported name cannot be seen outside its package
    if (ctx.profile.modules === 'packages' && !sameFolder && !/^[A-Z]/.test(fn.name)) continue;
    if (!word.test(currentText(project, rel))) continue;
    const facts = factsOf(ctx, project, rel);
    const refs = facts.refs.get(fn.name) ?? [];
    if (facts.lookupStrings.has(fn.name)) return null;
    const offsets: number[] = [];
    for (const ref of refs) {
      const use = target.owner === undefined ? functionUse(target, facts, ref, sameFolder) : methodUse(target, ref);
      if (use === 'decline') return null;
      if (use === 'rename') offsets.push(ref.start);
    }
    if (offsets.length > 0) files[rel] = offsets;
  }
  return { files };
}

/**
 * Python names other files pass as keyword arguments (`add(a=1)`): a parameter of that name is
 * part of the function's interface, so renaming it would break those calls.
 */
export function keywordArgumentsElsewhere(ctx: UnitContext): Set<string> {
  const out = new Set<string>();
  const project = ctx.project;
  if (!project || !ctx.profile.parameters.keywordArguments) return out;
  for (const rel of project.workspace.otherSources) {
    if (!/\w\s*=[^=]/.test(currentText(project, rel))) continue;
    for (const [name, refs] of factsOf(ctx, project, rel).refs) if (refs.some((r) => r.role === 'keyword')) out.add(name);
  }
  return out;
}
