import type { Node, Query, Tree } from 'web-tree-sitter';
import { findFunctions, FunctionInfo } from '../languages/functions';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { LanguageProfile, profileOf } from '../languages/profiles';
import type { Rng } from '../random';
import type { Span } from '../text/edits';
import { indentationAt, indentUnit, lineOf } from '../text/lines';
import { upperBound } from '../sorted';
import { nodesOfTypeIn, perTree } from './shared/nodes';
import { nodesOfTypeIfAtHand } from './shared/nodeTable';
import type { ProjectState } from '../workspace/workspace';

export type UnitKind = 'function' | 'selection' | 'file';

export interface UnitContextInit {
  lang: LanguageId;
  source: string;
  tree: Tree;
  unit: Span;
  unitKind: UnitKind;
  /** Current name of the unit's function (function units only). */
  entryPoint: string | null;
  loader: GrammarLoader;
  /** Words a new name must avoid besides the file's own: the test file's, say. */
  reservedWords?: Iterable<string>;
  /** The project around the file, when known: renames then follow references into other files. */
  project?: ProjectState;
}

/**
 * Everything a method sees of the unit it works on: the file, its tree (owned by the caller,
 * alive while the context is used), the unit's span, and helpers every method needs.
 */
export class UnitContext {
  readonly lang: LanguageId;
  readonly profile: LanguageProfile;
  readonly source: string;
  readonly tree: Tree;
  readonly unit: Span;
  readonly unitKind: UnitKind;
  readonly entryPoint: string | null;
  readonly project: ProjectState | undefined;
  private readonly loader: GrammarLoader;
  private readonly extraReserved: readonly string[];
  private cachedFunctions: readonly FunctionInfo[] | undefined;
  private cachedWords: Set<string> | undefined;
  private cachedIndent: string | undefined;
  private cachedBodies: { starts: number[]; ends: number[] } | undefined;

  constructor(init: UnitContextInit) {
    this.lang = init.lang;
    this.profile = profileOf(init.lang);
    this.source = init.source;
    this.tree = init.tree;
    this.unit = init.unit;
    this.unitKind = init.unitKind;
    this.entryPoint = init.entryPoint;
    this.project = init.project;
    this.loader = init.loader;
    this.extraReserved = [...(init.reservedWords ?? [])];
  }

  get root(): Node {
    return this.tree.rootNode;
  }

  /** Every named function in the file. */
  get functions(): readonly FunctionInfo[] {
    // per tree: a step's search and its rewrite each have a context on the same tree; from the
    // node table when it has the nodes at hand (a native walk was 3% of a 20-line C step)
    this.cachedFunctions ??= perTree(this.tree, 'functions', () =>
      findFunctions(this.root, this.profile, (types) => nodesOfTypeIfAtHand(this.tree, types)),
    );
    return this.cachedFunctions;
  }

  /** Functions defined inside the unit (nested ones included). */
  get unitFunctions(): FunctionInfo[] {
    return this.functions.filter((fn) => fn.start >= this.unit.start && fn.end <= this.unit.end);
  }

  /** The unit's own function, for function units: the outermost one named `entryPoint`. */
  get target(): FunctionInfo | undefined {
    if (this.unitKind !== 'function' || this.entryPoint === null) return undefined;
    return this.unitFunctions.find((fn) => fn.name === this.entryPoint);
  }

  inUnit(node: Node): boolean {
    return node.startIndex >= this.unit.start && node.endIndex <= this.unit.end;
  }

  /**
   * Whether a node is in the unit and inside the body of one of the file's functions (of any
   * function, so a selection inside a body works too), in a part of the tree without errors.
   */
  inFunctionBody(node: Node): boolean {
    if (!this.inUnit(node) || node.hasError) return false;
    const bodies = this.bodySpans();
    const i = upperBound(bodies.starts, node.startIndex) - 1;
    return i >= 0 && node.endIndex <= bodies.ends[i];
  }

  /**
   * The functions' bodies as disjoint spans in source order, for inFunctionBody, which every
   * method asks of every candidate node. Bodies nest or are disjoint, so the outermost ones hold
   * every span any body holds. Only functions that reach the unit can hold a node of it, and
   * finding just those keeps a function unit from describing every function of its file.
   */
  private bodySpans(): { starts: number[]; ends: number[] } {
    if (!this.cachedBodies) {
      const spans = nodesOfTypeIn(this.tree, this.unit, this.profile.functionTypes, true)
        .map((node) => (this.profile.nameOf(node) ? this.profile.bodyOf(node) : null))
        .filter((body): body is Node => body !== null)
        .map((body) => ({ start: body.startIndex, end: body.endIndex }))
        .sort((a, b) => a.start - b.start || b.end - a.end);
      const starts: number[] = [];
      const ends: number[] = [];
      for (const span of spans) {
        if (ends.length > 0 && span.end <= ends[ends.length - 1]) continue;
        starts.push(span.start);
        ends.push(span.end);
      }
      this.cachedBodies = { starts, ends };
    }
    return this.cachedBodies;
  }

  /** Nodes of the given kinds inside the unit, in source order. */
  nodes(types: string | readonly string[]): Node[] {
    return nodesOfTypeIn(this.tree, this.unit, typeof types === 'string' ? [types] : types);
  }

  text(node: Node): string {
    return this.source.slice(node.startIndex, node.endIndex);
  }

  query(source: string): Query {
    return this.loader.querySync(this.lang, source);
  }

  /** Parses other text of the same language (the caller deletes the tree). */
  parse(text: string): Tree {
    return this.loader.parseSync(this.lang, text);
  }

  /** The indentation of the line a node starts on. */
  indentOf(node: Node): string {
    return indentationAt(this.source, node.startIndex);
  }

  /** One level of indentation in this file's style. */
  get indentUnit(): string {
    this.cachedIndent ??= indentUnit(this.source, this.lang === 'go' ? '\t' : '    ');
    return this.cachedIndent;
  }

  lineOf(offset: number): number {
    return lineOf(this.source, offset);
  }

  /**
   * Every identifier-like word in the file (and the reserved extras): a new name must be none
   * of these, which rules out collisions and shadowing without scope analysis.
   */
  get words(): Set<string> {
    if (!this.cachedWords) {
      this.cachedWords = new Set(this.source.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []);
      for (const w of this.extraReserved) this.cachedWords.add(w);
      // in a project, a new name must not collide with the other files' names either (one Go package, C linkage...)
      if (this.project) for (const w of this.project.workspace.words) this.cachedWords.add(w);
    }
    return this.cachedWords;
  }

  isFree(name: string): boolean {
    return !this.words.has(name) && !this.profile.reserved.has(name);
  }

  /**
   * Picks a free name from the candidates (in the rng's order) and claims it, so names chosen
   * for one rewrite never collide with each other. Falls back to a numbered variant.
   */
  freshName(candidates: readonly string[], rng: Rng): string {
    for (const name of rng.shuffle(candidates)) {
      if (this.isFree(name)) return this.claim(name);
    }
    const base = candidates[0] ?? 'value';
    for (let i = 2; ; i++) {
      const name = `${base}${i}`;
      if (this.isFree(name)) return this.claim(name);
    }
  }

  claim(name: string): string {
    this.words.add(name);
    return name;
  }
}
