import type { Node, Query, Tree } from 'web-tree-sitter';
import { describeFunction, FunctionInfo } from '../languages/functions';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { LanguageProfile, profileOf } from '../languages/profiles';
import type { Rng } from '../random';
import type { Span } from '../text/edits';
import { indentationAt, indentFrom, lineOf } from '../text/lines';
import { factsAround, LinesFacts, linesFacts, linesOf } from '../text/linesFacts';
import { upperBound } from '../sorted';
import { allOf, factTest, hasErrorIn, holdingWord, nodesOfType, nodesOfTypeIn, perTree } from './nodes';
import { nodesOfTypeIfAtHand, rootFact } from './nodeTable';
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
  private cachedWords: WordSet | undefined;
  private cachedLines: { around: LinesFacts; inside: LinesFacts } | undefined;
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

  /**
   * Every named function in the file. A function unit asks the questions below instead, which
   * read only the parts of the file that can answer them: describing every function of a large
   * file on every step made a step cost what the file costs.
   */
  get functions(): readonly FunctionInfo[] {
    // per tree: a step's search and its rewrite each have a context on the same tree; from the
    // node table when it has the nodes at hand (a native walk was 3% of a 20-line C step)
    this.cachedFunctions ??= perTree(this.tree, 'functions', () => {
      const nodes = nodesOfTypeIfAtHand(this.tree, this.profile.functionTypes) ?? this.root.descendantsOfType([...this.profile.functionTypes]);
      return this.described(nodes);
    });
    return this.cachedFunctions;
  }

  /** Functions defined inside the unit (nested ones included). */
  get unitFunctions(): FunctionInfo[] {
    // a function whose definition lies in the unit has its node there too
    const inside = perTree(this.tree, `unit functions:${this.unit.start}:${this.unit.end}`, () =>
      this.described(nodesOfTypeIn(this.tree, this.unit, this.profile.functionTypes)),
    );
    return inside.filter((fn) => fn.start >= this.unit.start && fn.end <= this.unit.end);
  }

  /**
   * The functions whose node touches `span` (starts at or before its end and ends at or after its
   * start), in source order: a superset of those whose definition (node, or the decorators and
   * declarations around it) reaches into the span, for a span that is a node or the unit, which
   * callers narrow with their own test.
   */
  functionsTouching(span: Span): FunctionInfo[] {
    return perTree(this.tree, `functions touching:${span.start}:${span.end}`, () =>
      this.described(nodesOfTypeIn(this.tree, span, this.profile.functionTypes, true)),
    );
  }

  /** The file's functions called one of `names`, in source order (what `functions` holds of them). */
  functionsNamed(names: Iterable<string>): FunctionInfo[] {
    const found = new Map<number, FunctionInfo>();
    for (const name of new Set(names)) for (const fn of this.functionsCalled(name)) found.set(fn.node.id, fn);
    // nodes in source order: by start, an outer one before an inner one starting with it
    return [...found.values()].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  }

  private functionsCalled(name: string): FunctionInfo[] {
    return perTree(this.tree, `functions named:${name}`, () => functionsCalled(this.tree, this.profile, name, (n) => this.info(n)));
  }

  /** Whether `node` is one of the file's named functions (a node `functions` holds). */
  isFunction(node: Node): boolean {
    if (!this.profile.functionTypes.includes(node.type)) return false;
    // a kind named from its parent may gain or lose its name while its region stays the same
    if (this.profile.namedFromParent.includes(node.type)) return this.info(node) !== null;
    // what makes info() non-null, without describing the function: asked of every function of a
    // large file by whole-file questions that skip functions
    return rootFact(node, 'a named function', () => node.isNamed && this.profile.nameOf(node) !== null && this.profile.bodyOf(node) !== null);
  }

  /** The named functions among `nodes`, described once per tree so that every list shares its objects. */
  private described(nodes: readonly (Node | null)[]): FunctionInfo[] {
    const out: FunctionInfo[] = [];
    for (const node of nodes) {
      const fn = node && this.info(node);
      if (fn) out.push(fn);
    }
    return out;
  }

  private info(node: Node): FunctionInfo | null {
    if (!node.isNamed) return null;
    const known = perTree(this.tree, 'function infos', () => new Map<number, FunctionInfo | null>());
    let fn = known.get(node.id);
    if (fn === undefined) {
      fn = describeFunction(node, this.profile);
      known.set(node.id, fn);
    }
    return fn;
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
    // hasErrorIn: a tree without errors (nearly every one) answers without a call into wasm per node
    if (!this.inUnit(node) || hasErrorIn(node)) return false;
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
    const { around, inside } = this.linesFacts();
    this.cachedIndent ??= indentFrom([around, inside], this.profile.spelling.indentUnit);
    return this.cachedIndent;
  }

  /** The facts of the unit's lines and of the file around them (text/linesFacts.ts). */
  private linesFacts(): { around: LinesFacts; inside: LinesFacts } {
    if (!this.cachedLines) {
      const lines = linesOf(this.source, this.unit);
      this.cachedLines = { around: factsAround(this.source, lines), inside: linesFacts(this.source.slice(lines.start, lines.end)) };
    }
    return this.cachedLines;
  }

  lineOf(offset: number): number {
    return lineOf(this.source, offset);
  }

  /**
   * Every identifier-like word in the file (and the reserved extras): a new name must be none
   * of these, which rules out collisions and shadowing without scope analysis.
   */
  get words(): WordSet {
    if (!this.cachedWords) {
      const { around, inside } = this.linesFacts();
      const layers = [around.words, inside.words];
      // in a project, a new name must not collide with the other files' names either (one Go package, C linkage...)
      if (this.project) layers.push(this.project.workspace.words);
      this.cachedWords = new WordSet(layers, this.extraReserved);
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

/**
 * The named functions of `tree` called `name`, in source order. A function's name lies in its node
 * (or, for some kinds, in its parent's), so only the parts of the file holding the name are read,
 * and of those only the ones not known to hold no such function.
 */
export function functionsCalled(
  tree: Tree,
  profile: LanguageProfile,
  name: string,
  describe: (node: Node) => FunctionInfo | null = (node) => (node.isNamed ? describeFunction(node, profile) : null),
): FunctionInfo[] {
  const fromParent = profile.namedFromParent;
  const pattern = profile.definedAs?.(name);
  const mayHold = pattern ? allOf(holdingWord([name]), factTest(`defines ${name}`, (text) => pattern.test(text))) : holdingWord([name]);
  const nodes = nodesOfType(tree.rootNode, profile.functionTypes, mayHold, {
    keepRoot: (root) => fromParent.includes(root.type),
    question: { key: `function named ${name}`, keep: (n) => describe(n)?.name === name, index: { key: 'function names', of: (n) => describe(n)?.name ?? null, value: name } },
  });
  const out: FunctionInfo[] = [];
  for (const node of nodes) {
    const fn = describe(node);
    if (fn) out.push(fn);
  }
  return out;
}

/**
 * The words a new name must avoid: sets shared by every context on the same file (read once,
 * never changed) and the names this context claimed, so that claiming copies nothing.
 */
export class WordSet {
  private readonly own: Set<string>;

  constructor(
    private readonly layers: readonly ReadonlySet<string>[],
    own: Iterable<string>,
  ) {
    this.own = new Set(own);
  }

  has(word: string): boolean {
    return this.own.has(word) || this.layers.some((layer) => layer.has(word));
  }

  add(word: string): this {
    this.own.add(word);
    return this;
  }
}
