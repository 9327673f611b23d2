import type { Node, Tree } from 'web-tree-sitter';
import {
  bindingRegistered,
  listNamedChildrenWith,
  MEMO_END as END,
  MEMO_PARENT as PARENT,
  MEMO_TYPE as TYPE,
  movedNode,
  namedChildrenGetter,
  namedChildrenOf,
  nodeType,
} from '../languages/wasmNodes';
import { append } from '../maps';
import { lowerBound, upperBound } from '../sorted';
import type { Span } from '../text/edits';
import { Attached } from '../attached';

/**
 * A tree's named nodes in source order (preorder), each with its parent and the end of its
 * subtree in that order. Methods walk the unit dozens of times per step with arbitrary
 * predicates; through web-tree-sitter each walk built a fresh Node for every node, and asked
 * wasm for every node's type, which made site search cost many parses per step. One walk per
 * tree builds the table, and every later walk is a scan of plain arrays. A node's type never
 * changes, so the table's nodes carry their type and parent (see remembering).
 *
 * The walk is lazy, region by region. A function perturbed inside a 2,000-line file is one of a
 * hundred top-level declarations, and walking the whole file on every step made the step cost
 * what the file costs. So the table first lays out a skeleton: the nodes longer than
 * `regionChars` that have named children (the file, a large class or function) are frames, and
 * every other node whose parent is a frame roots a region, walked only when a question reaches
 * into it. Every node is still created once per tree, so the same node is always the same object.
 */

/** Characters past which a node with named children is split into its children. */
let regionChars = 2048;

/** Sets the split size (tests use a small one so every shape of skeleton occurs); returns the old one. */
export function setRegionChars(chars: number): number {
  if (!Number.isInteger(chars) || chars < 0) throw new RangeError(`region size must be a non-negative integer, got ${chars}`);
  const old = regionChars;
  regionChars = chars;
  return old;
}

interface Frame {
  kind: 'frame';
  node: Node;
  start: number;
  end: number;
  parent: Frame | null;
  children: Entry[];
  /** The children's starts, ascending, to find the one holding a span. */
  starts: number[];
}

interface Region {
  kind: 'region';
  root: Node;
  start: number;
  end: number;
  /** The frame the region's root hangs from (null: the region is the whole tree). */
  up: Frame | null;
  index: number;
  walked: Walked | null;
  /** The region's source text, once a MayHold test has asked for it. */
  text?: string;
  /** The kinds of the frames above it, outermost first: what a fact about the region may also depend on. */
  path: string;
  /** What is known of the region's text and nodes (see facts). */
  facts: Facts;
}

/**
 * Facts. Questions about the rest of a file (is this name declared anywhere, which functions have
 * it) read every region that may hold an answer, and a step's tree is new, so each step read them
 * again: in a 5 MB file, most of a step. A fact about a region follows from its text, the kind of
 * its root and the frames above it, and a region of the reparsed tree with all three the same as
 * one of the tree it was reparsed from (a region before or after the step's edits) takes that
 * region's facts: its words, the answers of its tests, and whether it holds an answer to a
 * question. Regions are matched in source order from the start of the file and from its end, as
 * far as they stay the same.
 */
interface Facts {
  /** Questions' answers, by key: the region's words, whether it holds an answer to a question. */
  values: Map<string, unknown>;
  /** The answers of region tests marked stable (stableTest), which every step asks again. */
  tests: Map<MayHold, boolean>;
}

function newFacts(): Facts {
  return { values: new Map(), tests: new Map() };
}

interface Walked {
  nodes: Node[];
  /** Positions in `nodes`; the region's root has -1 (its parent is `up`). */
  parents: Int32Array;
  ends: Int32Array;
  /** Positions in `nodes` of each type, ascending. */
  byType: Map<string, number[]>;
}

type Entry = Frame | Region;

interface Table {
  top: Entry;
  /** A node's place: frame `f` as -(f + 1), position `i` of region `r` as r * SLOT + i. */
  where: Map<number, number>;
  frames: Frame[];
  regions: Region[];
  unwalked: number;
  /** The table of the tree this one was reparsed from, while regions are left to walk (see inheriting). */
  source: Table | null;
  /** Nodes copied from a source table instead of read from wasm. */
  copied: number;
  /** The regions in source order. */
  inOrder: Region[];
  /** Regions that took their facts from the source table's (for tests and benchmarks). */
  shared: number;
  /** Regions read natively to answer a question about them (see frugal reading), counted per read (for tests and benchmarks). */
  read: number;
  /** Regions by their root's id. */
  byRoot: Map<number, Region>;
  /** Regions a whole-file question put to its region test (regionRoots, answersByRegion), counted per test (for tests and benchmarks). */
  tested: number;
  /** The regions holding a word, by word, as ascending positions in inOrder (see holding words). */
  holders: Map<string, number[]>;
  /** Each region's place (by its index) in a walk of the frames, the order questions answer in; made when first needed. */
  visitOrder: Int32Array | null;
}

/**
 * A test of a region (its text and root) that is false only when the region cannot hold what is
 * asked for (the text has no such name, no `#`): regions failing it are not walked. A wanted node
 * may be the region's root or lie inside it, and a test that fails for either loses answers.
 */
export type MayHold = (text: string, root: Node) => boolean;

const WORDS = Symbol('words');
const PARTS = Symbol('parts');
const STABLE = Symbol('stable');
const KEY = Symbol('key');

type Tagged = MayHold & { [WORDS]?: readonly string[]; [PARTS]?: readonly MayHold[]; [STABLE]?: true; [KEY]?: string };

/** Characters of a word in the sense of holdingWord: a region holds a word when it is one of the text's runs of them. */
const WORD_RUN = /[A-Za-z0-9_]+/g;
const PLAIN_WORD = /^[A-Za-z0-9_]+$/;

/**
 * A test passed by every region holding one of `names` with no ASCII letter, digit or underscore on
 * either side. Names made of those characters only are looked up in the region's words (a fact,
 * so a region a step left alone is not read again); others are searched for in its text.
 */
export function holdingNames(names: Iterable<string>): MayHold {
  const list = [...names];
  if (list.length === 0) return () => false;
  // made when first tested: regions answer a test of plain words from their words (passes), and
  // compiling a pattern per question nobody tested was 1% of a CodeCrash record
  let pattern: RegExp | undefined;
  const test: Tagged = (text) => {
    pattern ??= new RegExp(`(?<![A-Za-z0-9_])(?:${list.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![A-Za-z0-9_])`);
    return pattern.test(text);
  };
  if (list.every((n) => PLAIN_WORD.test(n))) test[WORDS] = list;
  return test;
}

/** A test passed by regions that pass all of `tests` (each answered as it would be alone). */
export function allOf(...tests: MayHold[]): MayHold {
  const test: Tagged = (text, root) => tests.every((t) => t(text, root));
  test[PARTS] = tests;
  return test;
}

/**
 * Marks a test that is made once (a module's constant) and answers from the region's text and
 * root kind alone: its answers are kept as facts. Tests made per question are not, or every
 * region would keep one answer per question ever asked.
 */
export function stableTest(test: MayHold): MayHold {
  (test as Tagged)[STABLE] = true;
  return test;
}

/**
 * Marks a test made per question (a pattern for one name) whose answer follows from the region's
 * text and root kind alone: its answers are kept as facts under `key`, which must name everything
 * the test asks, so a region a step left alone is not tested again.
 */
export function factTest(key: string, test: MayHold): MayHold {
  (test as Tagged)[KEY] = key;
  return test;
}

function textOf(region: Region): string {
  region.text ??= region.root.text;
  return region.text;
}

function passes(region: Region, mayHold: MayHold): boolean {
  const tagged = mayHold as Tagged;
  const parts = tagged[PARTS];
  if (parts) return parts.every((t) => passes(region, t));
  const words = tagged[WORDS];
  if (words) {
    const held = wordsOf(region);
    return words.some((w) => held.has(w));
  }
  const key = tagged[KEY];
  if (key !== undefined) return fact(region, `test ${key}`, () => mayHold(textOf(region), region.root));
  if (!tagged[STABLE]) return mayHold(textOf(region), region.root);
  let known = region.facts.tests.get(mayHold);
  if (known === undefined) {
    known = mayHold(textOf(region), region.root);
    region.facts.tests.set(mayHold, known);
  }
  return known;
}

/** The runs of word characters of a text, added one by one: building the array of them first took twice as long. */
function wordRuns(text: string): Set<string> {
  const runs = new Set<string>();
  WORD_RUN.lastIndex = 0;
  for (let m = WORD_RUN.exec(text); m !== null; m = WORD_RUN.exec(text)) runs.add(m[0]);
  return runs;
}

function wordsOf(region: Region): Set<string> {
  return fact(region, 'words', () => wordRuns(textOf(region)));
}

function fact<T>(region: Region, key: string, compute: () => T): T {
  let value = region.facts.values.get(key) as T | undefined;
  if (value === undefined) {
    value = compute();
    region.facts.values.set(key, value);
  }
  return value;
}

/**
 * Gives the regions of `table` the facts of the same regions of `source`, the table of the tree
 * it was reparsed from: from the start while they stay where they were, and from the end while
 * they keep their distance from it.
 */
function shareFacts(table: Table, source: Table, kept: Unedited | undefined): void {
  const now = table.inOrder;
  const was = source.inOrder;
  // A region wholly in text the edits left alone, at the same place from the start or from the
  // end, has the same text: comparing it read every region's text of a 5 MB file on every step.
  const untouched = (a: Region, b: Region) =>
    kept !== undefined &&
    ((a.start === b.start && a.end <= kept.before) || (b.start >= kept.oldLength - kept.after && a.start - b.start === kept.newLength - kept.oldLength));
  const same = (a: Region, b: Region) =>
    a.end - a.start === b.end - b.start && a.root.type === b.root.type && a.path === b.path && (untouched(a, b) || textOf(a) === textOf(b));
  let i = 0;
  for (; i < now.length && i < was.length && now[i].start === was[i].start && same(now[i], was[i]); i++) now[i].facts = was[i].facts;
  let shared = i;
  const shift = now.length > i && was.length > i ? now[now.length - 1].end - was[was.length - 1].end : 0;
  let j = now.length - 1;
  let k = was.length - 1;
  for (; j >= i && k >= i; j--, k--) {
    if (now[j].start - was[k].start !== shift || !same(now[j], was[k])) break;
    now[j].facts = was[k].facts;
    shared++;
  }
  table.shared = shared;
  inheritHolders(table, source, i, j, k);
}

/**
 * Holding words. A whole-file question about a name (is `range` ever rebound, where else is `x`
 * named) tested every region of the file for the name on every step: in a 5 MB Python file, some
 * 7,000 regions per question, a few dozen questions per step, though the regions holding the name
 * are few and a step changes only its own. So a table keeps, per word asked, the regions whose
 * words (a fact) hold it, and a reparsed tree's table takes the lists of the table it came from:
 * the regions that share their facts (shareFacts: positions below `i` and, shifted, above `k`)
 * hold what they held, and only the regions between (positions `i` to `j` of the new table) are
 * tested. The regions a question then reads, and what it finds, are the ones the full test gives.
 */
function inheritHolders(table: Table, source: Table, i: number, j: number, k: number): void {
  const now = table.inOrder;
  for (const [word, list] of source.holders) {
    const out: number[] = [];
    let p = 0;
    for (; p < list.length && list[p] < i; p++) out.push(list[p]);
    for (let q = i; q <= j; q++) if (wordsOf(now[q]).has(word)) out.push(q);
    for (; p < list.length; p++) if (list[p] > k) out.push(list[p] + j - k);
    table.holders.set(word, out);
  }
}

/** Positions in inOrder of the regions holding `word`, ascending. */
function holdersOf(table: Table, word: string): number[] {
  let list = table.holders.get(word);
  if (!list) {
    list = [];
    for (let p = 0; p < table.inOrder.length; p++) if (wordsOf(table.inOrder[p]).has(word)) list.push(p);
    table.holders.set(word, list);
  }
  return list;
}

/** The words a region must hold (one of) to pass `mayHold`, when it says: its own, or one of its parts'. */
function wordsRequired(mayHold: MayHold): readonly string[] | undefined {
  const tagged = mayHold as Tagged;
  if (tagged[WORDS]) return tagged[WORDS];
  for (const part of tagged[PARTS] ?? []) {
    const words = wordsRequired(part);
    if (words) return words;
  }
  return undefined;
}

/**
 * The regions of the table that may pass `mayHold`, in the order a walk of the frames reaches
 * them, when the test requires a word (see holding words); undefined when it does not. Every other
 * region fails it.
 */
function regionsMayHolding(table: Table, mayHold: MayHold): Region[] | undefined {
  const words = wordsRequired(mayHold);
  if (!words) return undefined;
  const positions = new Set<number>();
  for (const word of words) for (const p of holdersOf(table, word)) positions.add(p);
  const order = visitOrderOf(table);
  return [...positions].map((p) => table.inOrder[p]).sort((a, b) => order[a.index] - order[b.index]);
}

/** passes(), counted (Table.tested). */
function tested(table: Table, region: Region, mayHold: MayHold): boolean {
  table.tested++;
  return passes(region, mayHold);
}

function visitOrderOf(table: Table): Int32Array {
  if (table.visitOrder) return table.visitOrder;
  const order = new Int32Array(table.regions.length);
  let next = 0;
  // iterative, as the skeleton is made: frames may nest deep
  const stack: Entry[] = [table.top];
  while (stack.length > 0) {
    const entry = stack.pop()!;
    if (entry.kind === 'region') order[entry.index] = next++;
    else for (let c = entry.children.length - 1; c >= 0; c--) stack.push(entry.children[c]);
  }
  table.visitOrder = order;
  return order;
}

/** Whether a frame between `region` and `top` (both excluded) is one `skip` accepts: a walk from `top` would not reach the region. */
function underSkipped(region: Region, top: Frame, skip: (n: Node) => boolean, asked: Map<Frame, boolean>): boolean {
  for (let f = region.up; f && f !== top; f = f.parent) {
    let skipped = asked.get(f);
    if (skipped === undefined) {
      skipped = skip(f.node);
      asked.set(f, skipped);
    }
    if (skipped) return true;
  }
  return false;
}

/**
 * Frugal reading. A question asked of a region for the first time (answersByRegion, a question of
 * nodesOfType) is answered from wasm, natively: most regions hold no answer, and walking each of
 * them into the table cost what the region costs (a file's worth, for a name most functions use,
 * of the time and the memory a step may take). While frugal, nothing walks a region: a node the
 * table does not hold is answered for the way one outside every table is (its parent, its
 * ancestors and its descendants from wasm), and an analysis kept per region covers its region.
 */
let frugal = 0;

function frugally<T>(task: () => T): T {
  frugal++;
  try {
    return task();
  } finally {
    frugal--;
  }
}

/** Positions per region in a code of `where`: a region spans at most regionChars characters or is one childless node. */
const SLOT = 2 ** 26;

const tables = new Attached<Tree, Table>('node table');

/**
 * Inheriting. A step's tree is reparsed from the last one, and most of it is the same: tree-sitter
 * reuses the subtrees an edit did not reach, and a node's id is the address of the slot its parent
 * keeps it in, so a node inside a reused subtree has the same id in both trees. The slots of a
 * tree are allocated while it is parsed, when the tree it was reparsed from is alive, so an id of
 * the new tree found in the old tree's table is the same slot, holding the same subtree (subtrees
 * are never changed once shared). Its nodes are then copied from the old table, moved to where
 * the subtree starts now, instead of asked of wasm one by one (the walk was an eighth of a step;
 * a 2,000-line step is about 5% cheaper, measured in-process with and without inheriting).
 */
const inherited = new Attached<Tree, Table>('parent node table');

/**
 * Lets the table of `tree`, made by reparsing a copy of `from` while `from` is alive, copy what
 * `from`'s table has walked (see inheriting).
 */
export function inheritNodeTable(tree: Tree, from: Tree, kept?: Unedited): void {
  const source = tables.get(from);
  if (source && bindingRegistered()) {
    inherited.set(tree, source);
    if (kept) unedited.set(tree, kept);
  }
}

/**
 * What a reparse's edits left alone: the first `before` and the last `after` characters of the
 * old text (oldLength long), which are the first `before` and the last `after` of the new one
 * (newLength long). A region of the new tree within them has the text of the region of the old
 * tree at the same place (see shareFacts).
 */
export interface Unedited {
  before: number;
  after: number;
  oldLength: number;
  newLength: number;
}

const unedited = new Attached<Tree, Unedited>('unedited text');

/** Where a table node keeps its type and parent, and any node its end once read (see remembering). */
type Remembered = Node & { [TYPE]?: string; [PARENT]?: Node | null; [END]?: number };
let patched: object | null = null;

/**
 * Lets `type`, `parent` and `endIndex` answer from values stored on the node. Defining them as the
 * node's own properties (what the table did first) goes through V8's slow path and took about 40%
 * of a table's walk; a plain store of a symbol-keyed field does not. So the getters of the Node
 * prototype (our bundled copy of web-tree-sitter's) read the stored value first and ask wasm only
 * for nodes no table holds. web-tree-sitter makes a new object for a node each time one is asked
 * for (`child(i)`, `childForFieldName`), and walking up from such an object through wasm made
 * `enclosingFunction` and its like a tenth of a step in C; such an object answers from the table's
 * object for the same node (the same id) once the table has walked it.
 */
function remembering(node: Node): void {
  const proto = Object.getPrototypeOf(node) as object;
  if (patched === proto) return;
  for (const [name, key] of [
    ['type', TYPE],
    ['parent', PARENT],
  ] as const) {
    const asked = Object.getOwnPropertyDescriptor(proto, name)?.get;
    if (!asked) throw new Error(`web-tree-sitter's Node has no ${name} getter: syntax/nodeTable.ts needs updating`);
    if (name === 'type') askedType = asked;
    Object.defineProperty(proto, name, {
      configurable: true,
      enumerable: false,
      get(this: Remembered) {
        const known = this[key];
        if (known !== undefined) return known;
        const twin = tableTwin(this);
        return twin !== undefined ? twin[key] : asked.call(this);
      },
    });
  }
  // A node copied from a parent's table (or asked for through web-tree-sitter) has not fetched
  // its children; once its region is walked they are the table's objects (listedChildren).
  const askedNamed = Object.getOwnPropertyDescriptor(proto, 'namedChildren')?.get;
  if (!askedNamed) throw new Error("web-tree-sitter's Node has no namedChildren getter: syntax/nodeTable.ts needs updating");
  Object.defineProperty(proto, 'namedChildren', { configurable: true, enumerable: false, get: namedChildrenGetter(askedNamed) });
  listNamedChildrenWith(listedChildren);
  // An end is read many times of the same object (spans, `text`), each a call into wasm; it never
  // changes, since our trees are never edited in place (GrammarLoader edits a copy).
  const askedEnd = Object.getOwnPropertyDescriptor(proto, 'endIndex')?.get;
  if (!askedEnd) throw new Error("web-tree-sitter's Node has no endIndex getter: syntax/nodeTable.ts needs updating");
  Object.defineProperty(proto, 'endIndex', {
    configurable: true,
    enumerable: false,
    get(this: Remembered) {
      let end = this[END];
      if (end === undefined) {
        end = askedEnd.call(this) as number;
        this[END] = end;
      }
      return end;
    },
  });
  patched = proto;
}

/** The table's object for `node` (stamped), when its tree's table has walked the node. */
function tableTwin(node: Node): Remembered | undefined {
  const table = tables.get(node.tree);
  const code = table?.where.get(node.id);
  if (code === undefined) return undefined;
  if (code < 0) return frameOf(table!, code).node;
  return regionOf(table!, code).walked?.nodes[code % SLOT];
}

/**
 * The named children of a frame, or of a node whose region the table has walked: the table's
 * objects, the ones its walk reached the node's subtree through (every named child; see walk), in
 * order. Nodes copied from a parent's table got none from wasm, and asking wasm made new objects
 * for nodes the table already holds, at about 1.5% of a 20-line Go step.
 */
function listedChildren(node: Node): Node[] | undefined {
  const table = tables.get(node.tree);
  const code = table?.where.get(node.id);
  if (code === undefined) return undefined;
  // a frame's entries are its named children: the frames and region roots laid out under it
  if (code < 0) return frameOf(table!, code).children.map((e) => (e.kind === 'frame' ? e.node : e.root));
  const w = regionOf(table!, code).walked;
  if (!w) return undefined;
  const at = code % SLOT;
  const children: Node[] = [];
  for (let k = at + 1, end = w.ends[at]; k < end; k = w.ends[k]) children.push(w.nodes[k]);
  return children;
}

/**
 * web-tree-sitter's own `type` getter, which remembering saves before any node is stamped: a node
 * being stamped has no twin to ask.
 */
let askedType!: (this: Node) => string;

function stamp(node: Node, parent: Node | null): void {
  (node as Remembered)[TYPE] = nodeType(node, askedType);
  (node as Remembered)[PARENT] = parent;
}

/** The skeleton of a tree's table: frames laid out, regions not yet walked. */
function tableOf(tree: Tree): Table {
  const known = tables.get(tree);
  if (known) return known;
  const root = tree.rootNode;
  remembering(root);
  const source = inherited.get(tree) ?? null;
  if (source) {
    inherited.set(tree, undefined!);
    // one generation back is enough, and a chain of them would keep every tree's table of a run alive
    source.source = null;
  }
  const table: Table = {
    top: null!,
    where: new Map(),
    frames: [],
    regions: [],
    unwalked: 0,
    source,
    copied: 0,
    inOrder: [],
    shared: 0,
    read: 0,
    byRoot: new Map(),
    tested: 0,
    holders: new Map(),
    visitOrder: null,
  };
  const pending: Frame[] = [];
  const paths = new Map<Frame, string>();
  const place = (node: Node, parent: Frame | null): Entry => {
    // a node's parent is the one it was reached from: a node's place in the tree never changes
    stamp(node, parent ? parent.node : null);
    const start = node.startIndex;
    const end = node.endIndex;
    if (end - start > regionChars) {
      const children = namedChildrenOf(node).filter((c): c is Node => c !== null);
      if (children.length > 0) {
        const frame: Frame = { kind: 'frame', node, start, end, parent, children: [], starts: [] };
        paths.set(frame, parent ? `${paths.get(parent)}>${node.type}` : node.type);
        table.where.set(node.id, -(table.frames.length + 1));
        table.frames.push(frame);
        pending.push(frame);
        return frame;
      }
    }
    const path = parent ? paths.get(parent)! : '';
    const region: Region = { kind: 'region', root: node, start, end, up: parent, index: table.regions.length, walked: null, path, facts: newFacts() };
    table.regions.push(region);
    table.byRoot.set(node.id, region);
    table.unwalked++;
    return region;
  };
  table.top = place(root, null);
  // iterative, since else-if chains and nested blocks of a generated file nest deep
  while (pending.length > 0) {
    const frame = pending.pop()!;
    for (const child of namedChildrenOf(frame.node)) {
      if (!child) continue;
      const entry = place(child, frame);
      frame.children.push(entry);
      frame.starts.push(entry.start);
    }
  }
  // regions are made frame by frame, each frame's in order: sorted, they are in source order
  // a file's top-level regions come in order already: checking costs less than sorting thousands
  const inOrder = (a: Region, b: Region) => a.start - b.start || a.end - b.end;
  const sorted = table.regions.every((r, k) => k === 0 || inOrder(table.regions[k - 1], r) <= 0);
  table.inOrder = sorted ? [...table.regions] : [...table.regions].sort(inOrder);
  if (source) {
    const kept = unedited.get(tree);
    if (kept) unedited.set(tree, undefined!);
    shareFacts(table, source, kept);
  }
  tables.set(tree, table);
  return table;
}

function walk(table: Table, region: Region): Walked {
  if (region.walked) return region.walked;
  const nodes: Node[] = [];
  const parentOf: number[] = [];
  const base = region.index * SLOT;
  const stack: Node[] = [region.root];
  const stackParents: number[] = [-1];
  const source = table.source;
  while (stack.length > 0) {
    const node = stack.pop()!;
    const parent = stackParents.pop()!;
    const index = nodes.length;
    ensureRoom(index + 1);
    if (parent >= 0) stamp(node, nodes[parent]); // the root was stamped when the skeleton placed it
    nodes.push(node);
    parentOf.push(parent);
    table.where.set(node.id, base + index);
    if (source && copied(table, source, base, node, nodes, parentOf)) continue;
    const children = namedChildrenOf(node);
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) {
        stack.push(child);
        stackParents.push(index);
      }
    }
  }
  // one buffer for both arrays, filled by hand: a typed array over 64 bytes gets a backing store of
  // its own outside the heap, which cost more than the walk's JavaScript in a small file (and
  // Int32Array.from goes through the iterator protocol)
  const n = nodes.length;
  const both = new Int32Array(2 * n);
  const parents = both.subarray(0, n);
  const ends = both.subarray(n);
  for (let i = 0; i < n; i++) parents[i] = parentOf[i];
  const byType = new Map<string, number[]>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    ends[i] = Math.max(ends[i], i + 1);
    if (parents[i] >= 0) ends[parents[i]] = Math.max(ends[parents[i]], ends[i]);
  }
  for (let i = 0; i < nodes.length; i++) append(byType, nodes[i].type, i);
  region.walked = { nodes, parents, ends, byType };
  if (--table.unwalked === 0) table.source = null;
  return region.walked;
}

/** Throws when a region would hold more nodes than its code has room for. */
function ensureRoom(count: number): void {
  if (count > SLOT) throw new Error(`a region of the node table holds more than ${SLOT} nodes: syntax/nodeTable.ts needs a wider code`);
}

/**
 * Appends the descendants of `node`, the last of `nodes`, copied from the source table when it
 * has walked the same subtree (see inheriting); false when it has not.
 */
function copied(table: Table, source: Table, base: number, node: Node, nodes: Node[], parentOf: number[]): boolean {
  const code = source.where.get(node.id);
  if (code === undefined || code < 0) return false;
  const w = regionOf(source, code).walked;
  if (!w) return false;
  const at = code % SLOT;
  const end = w.ends[at];
  const twin = w.nodes[at] as Remembered;
  if (twin[TYPE] !== (node as Remembered)[TYPE]) return false; // cannot happen (see inheriting); cheap to make sure
  const shift = node.startIndex - twin.startIndex;
  const row = twin.startPosition.row;
  const rows = node.startPosition.row - row;
  // only the subtree's first line moves sideways: below it, columns count from a newline inside
  const columns = node.startPosition.column - twin.startPosition.column;
  const offset = nodes.length - 1 - at;
  ensureRoom(nodes.length + end - at - 1);
  for (let k = at + 1; k < end; k++) {
    const model = w.nodes[k] as Remembered;
    const place = model.startPosition;
    const copy: Remembered = movedNode(model, node.tree, model.startIndex + shift, place.row + rows, place.row === row ? place.column + columns : place.column);
    const parent = w.parents[k] + offset;
    copy[TYPE] = model[TYPE];
    copy[PARENT] = nodes[parent];
    const modelEnd = model[END];
    if (modelEnd !== undefined) copy[END] = modelEnd + shift;
    table.where.set(copy.id, base + nodes.length);
    nodes.push(copy);
    parentOf.push(parent);
  }
  table.copied += end - at - 1;
  return true;
}

/** The unwalked regions whose span holds [start, end), outermost frames first. */
function regionsHolding(entry: Entry, start: number, end: number, out: Region[]): Region[] {
  if (entry.start > start || end > entry.end) return out;
  if (entry.kind === 'region') {
    if (!entry.walked) out.push(entry);
    return out;
  }
  // children are disjoint but for zero-width ones, so only those starting at or before `start` and ending after it can hold it
  for (let k = upperBound(entry.starts, start) - 1; k >= 0 && entry.children[k].end >= start; k--) {
    regionsHolding(entry.children[k], start, end, out);
  }
  return out;
}

/** A node's code in `where`, walking the region that holds it first when needed; undefined for nodes the table does not hold (anonymous ones). */
function locate(table: Table, node: Node): number | undefined {
  const code = table.where.get(node.id);
  if (code !== undefined || table.unwalked === 0 || frugal > 0) return code;
  for (const region of regionsHolding(table.top, node.startIndex, node.endIndex, [])) {
    walk(table, region);
    const found = table.where.get(node.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

const regionOf = (table: Table, code: number) => table.regions[Math.floor(code / SLOT)];
const frameOf = (table: Table, code: number) => table.frames[-code - 1];

function scan(w: Walked, from: number, to: number, keep: (n: Node) => boolean, prune: (n: Node) => boolean, out: Node[]): void {
  for (let i = from; i < to; ) {
    const n = w.nodes[i];
    if (keep(n)) out.push(n);
    i = prune(n) ? w.ends[i] : i + 1;
  }
}

function visit(table: Table, entry: Entry, keep: (n: Node) => boolean, prune: (n: Node) => boolean, out: Node[]): void {
  if (entry.kind === 'region') {
    // a pruned root is all a walk of its region would give: the file's globals or a class's fields
    // are asked for pruned at functions, which are most of the regions
    if (prune(entry.root)) {
      if (keep(entry.root)) out.push(entry.root);
      return;
    }
    const w = walk(table, entry);
    scan(w, 0, w.nodes.length, keep, prune, out);
    return;
  }
  if (keep(entry.node)) out.push(entry.node);
  if (prune(entry.node)) return;
  for (const child of entry.children) visit(table, child, keep, prune, out);
}

/** Every node under `node` (itself included) that `keep` accepts, in source order; `prune` stops the descent. */
export function descendants(node: Node, keep: (n: Node) => boolean, prune: (n: Node) => boolean = () => false): Node[] {
  const table = tableOf(node.tree);
  const code = locate(table, node);
  if (code === undefined) return walkedDescendants(node, keep, prune);
  const out: Node[] = [];
  if (keep(node)) out.push(node);
  if (code >= 0) {
    const w = regionOf(table, code).walked!;
    const at = code % SLOT;
    scan(w, at + 1, w.ends[at], keep, prune, out);
  } else {
    for (const child of frameOf(table, code).children) visit(table, child, keep, prune, out);
  }
  return out;
}

/** descendants() for a node the table does not hold: an anonymous node, reached only by walking. */
function walkedDescendants(node: Node, keep: (n: Node) => boolean, prune: (n: Node) => boolean): Node[] {
  const out: Node[] = [];
  const go = (n: Node) => {
    if (keep(n)) out.push(n);
    if (n !== node && prune(n)) return;
    for (const c of n.namedChildren) if (c) go(c);
  };
  go(node);
  return out;
}

/** The nodes of a walked region between two positions whose type is wanted, in source order. */
function pick(w: Walked, wanted: ReadonlySet<string>, from: number, to: number, out: Node[]): void {
  const picked: number[] = [];
  for (const type of wanted) {
    const list = w.byType.get(type);
    if (!list) continue;
    for (let k = lowerBound(list, from); k < list.length && list[k] < to; k++) picked.push(list[k]);
  }
  if (wanted.size > 1) picked.sort((x, y) => x - y);
  for (const i of picked) out.push(w.nodes[i]);
}

/**
 * Whether a region holds a named node of one of the kinds (a fact, read natively). The native
 * search that answers it, when it had to be made, is handed to `then`: the question asked next of
 * the same region (the names of those nodes, whether one answers) needs the same nodes, and a
 * second native search of every region of a 5 MB file cost a whole-file question half its time.
 */
function holdsAny(region: Region, wanted: ReadonlySet<string>, then?: (native: (Node | null)[]) => void): boolean {
  const kinds = [...wanted].sort();
  const key = `holds ${kinds.join(' ')}`;
  let held = region.facts.values.get(key) as boolean | undefined;
  if (held === undefined) {
    const native = region.root.descendantsOfType(kinds);
    held = native.some((n) => n !== null && n.isNamed);
    region.facts.values.set(key, held);
    if (held) then?.(native);
  }
  return held;
}

/**
 * Appends the wanted nodes under `entry` that `fits` accepts, in source order. `span` bounds the
 * search: entries that do not touch it are skipped without walking, and a region wholly inside it
 * needs no check per node.
 */
function gather(
  table: Table,
  entry: Entry,
  wanted: ReadonlySet<string>,
  out: Node[],
  span: Span,
  fits: (start: number, end: number) => boolean,
  mayHold: MayHold | undefined,
  options: Narrowing = {},
): void {
  // a node lies within its ancestors, so an entry that does not touch the span holds nothing wanted
  if (entry.start > span.end || entry.end < span.start) return;
  const { keepRoot, question } = options;
  if (entry.kind === 'frame') {
    if (wanted.has(entry.node.type) && fits(entry.start, entry.end) && (!question || question.keep(entry.node))) out.push(entry.node);
    for (const child of entry.children) gather(table, child, wanted, out, span, fits, mayHold, options);
    return;
  }
  // a root that keepRoot takes is asked every time: its answer may depend on more than the region
  const root = entry.root;
  const alwaysRoot = keepRoot !== undefined && wanted.has(root.type) && keepRoot(root);
  const rootOnly = () => {
    if (alwaysRoot && fits(entry.start, entry.end) && (!question || question.keep(root))) out.push(root);
  };
  if (mayHold && !passes(entry, mayHold)) return rootOnly();
  const whole = span.start <= entry.start && entry.end <= span.end; // then so is every node of it
  const index = question?.index;
  // the wanted nodes of the region, searched for natively (the same search whatever the kinds' order)
  let found: (Node | null)[] | undefined;
  const nativeSearch = () => (found ??= root.descendantsOfType([...wanted]));
  // whether an unread region holds any wanted node at all is a fact about it, asked natively: a
  // question about the whole file then reads only the regions that hold such nodes
  if (!entry.walked && !holdsAny(entry, wanted, (native) => (found = native))) return rootOnly();
  if (index && whole) {
    // what the region's wanted nodes are called, read once natively: a region without the name holds no answer
    const called = fact(entry, index.key, () =>
      frugally(() => {
        table.read++;
        const names = new Set<string>();
        for (const n of nativeSearch()) {
          if (!n || !n.isNamed || (alwaysRoot && n.id === root.id)) continue;
          const name = index.of(n);
          if (name !== null) names.add(name);
        }
        return names;
      }),
    );
    if (!called.has(index.value)) return rootOnly();
  } else if (question && whole && !entry.walked && !entry.facts.values.has(question.key)) {
    // asked of an unread region for the first time: one native search of it is much cheaper
    // than walking it into the table, and most regions hold no answer
    table.read++;
    const native = nativeSearch();
    const answers = frugally(() => native.some((n) => n !== null && n.isNamed && !(alwaysRoot && n.id === root.id) && question.keep(n)));
    entry.facts.values.set(question.key, answers);
  }
  if (question && entry.facts.values.get(question.key) === false) return rootOnly();
  const w = walk(table, entry);
  const from = out.length;
  pick(w, wanted, 0, w.nodes.length, out);
  let kept = from;
  let answers = false;
  for (let k = from; k < out.length; k++) {
    const n = out[k];
    if (!whole && !fits(n.startIndex, n.endIndex)) continue;
    if (question && !question.keep(n)) continue;
    if (!(alwaysRoot && n === root)) answers = true;
    out[kept++] = n;
  }
  out.length = kept;
  // only a question asked of the whole region is an answer about it
  if (question && whole && !index) entry.facts.values.set(question.key, answers);
}

/** What narrows a search by kinds (nodesOfType) besides a region test. */
export interface Narrowing {
  /**
   * A region's root of a wanted kind that this accepts is found even when its region fails the
   * test: a node whose answer depends on more than its region's text (a function named from its parent).
   */
  keepRoot?: (root: Node) => boolean;
  /**
   * Only the nodes `keep` accepts are wanted. Whether a region holds any is a fact about it (see
   * facts), under `key`, which must name everything `keep` asks (the name looked for): a region a
   * step left alone, known to hold none, is not read again. `keep` may look at a node's ancestors
   * (the frames above a region are part of what a fact depends on), but not at other regions.
   */
  question?: {
    key: string;
    keep: (n: Node) => boolean;
    /**
     * Instead of a fact per question: a fact per region (under `key`) of what `of` calls each
     * wanted node of it, kept by every question about one of those names; the region is read
     * only when `value`, the name asked about, is among them.
     */
    index?: { key: string; of: (n: Node) => string | null; value: string };
  };
}

/**
 * Nodes of the given kinds under `root` (itself included), in source order; `mayHold` skips regions
 * that cannot hold one (see Narrowing for the rest).
 */
export function nodesOfType(root: Node, types: readonly string[], mayHold?: MayHold, narrowing: Narrowing = {}): Node[] {
  const table = tableOf(root.tree);
  const code = locate(table, root);
  const keep = narrowing.question?.keep ?? (() => true);
  if (code === undefined) return root.descendantsOfType([...types]).filter((n): n is Node => n !== null && n.isNamed && keep(n));
  const wanted = new Set(types);
  const out: Node[] = [];
  if (code >= 0) {
    const w = regionOf(table, code).walked!;
    const at = code % SLOT;
    pick(w, wanted, at, w.ends[at], out);
    return narrowing.question ? out.filter(keep) : out;
  }
  // everything under a frame is its descendant: its own span takes every entry and every node
  const frame = frameOf(table, code);
  gather(table, frame, wanted, out, frame, () => true, mayHold, narrowing);
  return out;
}

/**
 * nodesOfType() of the tree's root when the table has the nodes at hand: every region walked, or
 * the whole tree one region, which the first question about it walks anyway. Else null: for a
 * function in a large file, one native walk of the file costs less than walking all its regions.
 */
export function nodesOfTypeIfAtHand(tree: Tree, types: readonly string[]): Node[] | null {
  const table = tableOf(tree);
  if (table.unwalked > 0 && table.top.kind !== 'region') return null;
  return nodesOfType(table.top.kind === 'region' ? table.top.root : table.top.node, types);
}

/**
 * Nodes of the given kinds inside `span` (or, when `overlapping`, touching it: starting at or
 * before its end and ending at or after its start), in source order. Walks only the regions that
 * reach the span, which is what keeps a function unit's searches from walking the whole file.
 */
export function nodesOfTypeIn(tree: Tree, span: Span, types: readonly string[], overlapping = false): Node[] {
  const table = tableOf(tree);
  const out: Node[] = [];
  const fits = overlapping
    ? (start: number, end: number) => start <= span.end && end >= span.start
    : (start: number, end: number) => span.start <= start && end <= span.end;
  gather(table, table.top, new Set(types), out, span, fits, undefined);
  return out;
}

/**
 * The roots of the regions under `node` that a question has to read, in source order: those not
 * under a node `skip` accepts (frames and region roots are asked) and that `mayHold` accepts. A
 * question whose answer needs some text (a name) reads only the regions holding it, so asking it
 * of a whole file costs what those regions cost. `node` itself when it is not a frame: its region
 * is read whole anyway.
 */
export function regionRoots(node: Node, mayHold: MayHold, skip: (n: Node) => boolean = () => false): Node[] {
  const table = tableOf(node.tree);
  const code = locate(table, node);
  if (code === undefined || code >= 0) return [node];
  const out: Node[] = [];
  const frame = frameOf(table, code);
  // over the whole file, only the regions holding the word the test requires (see holding words)
  const holding = frame === table.top ? regionsMayHolding(table, mayHold) : undefined;
  if (holding) {
    const asked = new Map<Frame, boolean>();
    for (const region of holding) if (!underSkipped(region, frame, skip, asked) && !skip(region.root) && tested(table, region, mayHold)) out.push(region.root);
    return out;
  }
  const visitEntry = (entry: Entry) => {
    if (entry.kind === 'region') {
      if (!skip(entry.root) && tested(table, entry, mayHold)) out.push(entry.root);
    } else if (!skip(entry.node)) {
      for (const child of entry.children) visitEntry(child);
    }
  };
  for (const child of frame.children) visitEntry(child);
  return out;
}

/**
 * A question's answers under `node`, in source order: `answer` of each region root regionRoots
 * gives (`node` itself when it is not a frame). Whether a region gave any is a fact about it (see
 * facts) under `key`, so a region a step left alone that gave none is not read again. `key` must
 * name everything `answer` asks, and an answer may depend on the region and the kinds of the
 * frames above it, not on other regions.
 */
export function answersByRegion<T>(
  node: Node,
  mayHold: MayHold,
  key: string,
  answer: (base: Node) => T[],
  skip: (n: Node) => boolean = () => false,
  /** The same answer for a region the table has not read (see frugal reading), when there is a cheaper way to it. */
  unread: (base: Node) => T[] = answer,
): T[] {
  const table = tableOf(node.tree);
  const code = locate(table, node);
  if (code === undefined || code >= 0) return answer(node);
  const out: T[] = [];
  const ask = (region: Region) => {
    // the region test first: its answer is a fact, while `skip` may have to look at the root (is it a
    // named function?), which for a whole-file question about a name was every region's cost
    if (!tested(table, region, mayHold) || region.facts.values.get(key) === false || skip(region.root)) return;
    // an unread region is read natively (see frugal reading): it is seldom one that answers
    table.read++;
    const found = region.walked ? answer(region.root) : frugally(() => unread(region.root));
    region.facts.values.set(key, found.length > 0);
    for (const x of found) out.push(x);
  };
  const frame = frameOf(table, code);
  // over the whole file, only the regions holding the word the test requires (see holding words)
  const holding = frame === table.top ? regionsMayHolding(table, mayHold) : undefined;
  if (holding) {
    const asked = new Map<Frame, boolean>();
    for (const region of holding) if (!underSkipped(region, frame, skip, asked)) ask(region);
    return out;
  }
  const visitEntry = (entry: Entry) => {
    if (entry.kind === 'region') ask(entry);
    else if (!skip(entry.node)) {
      for (const child of entry.children) visitEntry(child);
    }
  };
  for (const child of frame.children) visitEntry(child);
  return out;
}

/**
 * The nodes under `base` (itself included) of the given kinds whose text is `word`, in source
 * order, found where the word occurs in `base`'s text: a name is a token, so such a node spans one
 * of its occurrences, and is the deepest named node there (names are leaves). Asks wasm for a node
 * per occurrence instead of reading the subtree.
 */
export function nodesSpelling(base: Node, word: string, types: ReadonlySet<string>): Node[] {
  const text = base.text;
  const out: Node[] = [];
  const offset = base.startIndex;
  const joins = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  const first = word.charCodeAt(0);
  const last = word.charCodeAt(word.length - 1);
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    // a token goes on through letters, digits and underscores: the word inside a longer name is not one
    if ((joins(first) && at > 0 && joins(text.charCodeAt(at - 1))) || (joins(last) && joins(text.charCodeAt(at + word.length)))) continue;
    const node = base.namedDescendantForIndex(offset + at, offset + at + word.length);
    if (node && types.has(node.type) && node.startIndex === offset + at && node.endIndex === offset + at + word.length && (out.length === 0 || out[out.length - 1].id !== node.id)) {
      out.push(node);
    }
  }
  return out;
}

/**
 * `compute()`, kept as a fact (see facts) when `node` is the root of a region: an answer about the
 * root that follows from its region and the frames above it (whether it is a named function).
 */
export function rootFact<T>(node: Node, key: string, compute: () => T): T {
  const region = tableOf(node.tree).byRoot.get(node.id);
  return region && region.root === node ? fact(region, key, compute) : compute();
}

/** Whether the table splits `node` into regions (a frame): whether a question about it may skip some. */
export function spansRegions(node: Node): boolean {
  const code = locate(tableOf(node.tree), node);
  return code !== undefined && code < 0;
}

/** The nearest ancestor of one of the given kinds. */
export function ancestor(node: Node, types: readonly string[]): Node | null {
  const table = tableOf(node.tree);
  const code = locate(table, node);
  if (code === undefined) {
    for (let p = node.parent; p; p = p.parent) if (types.includes(p.type)) return p;
    return null;
  }
  let frame: Frame | null;
  if (code >= 0) {
    const region = regionOf(table, code);
    const w = region.walked!;
    for (let p = w.parents[code % SLOT]; p >= 0; p = w.parents[p]) if (types.includes(w.nodes[p].type)) return w.nodes[p];
    frame = region.up;
  } else {
    frame = frameOf(table, code).parent;
  }
  for (; frame; frame = frame.parent) if (types.includes(frame.node.type)) return frame.node;
  return null;
}

/** A node's parent, the table's object for it when the table holds the node. */
export function parentOf(node: Node): Node | null {
  const table = tableOf(node.tree);
  const code = locate(table, node);
  if (code === undefined) return node.parent;
  if (code < 0) return frameOf(table, code).parent?.node ?? null;
  const region = regionOf(table, code);
  const p = region.walked!.parents[code % SLOT];
  return p >= 0 ? region.walked!.nodes[p] : (region.up?.node ?? null);
}

/**
 * The node whose subtree an analysis kept per tree should cover to answer for `node`: the root of
 * the region holding it, so that questions about a function walk only its region; `node` itself
 * when it spans regions (a frame); the tree's root for nodes the table does not hold.
 */
export function coveringRoot(node: Node): Node {
  const table = tableOf(node.tree);
  const code = locate(table, node);
  if (code === undefined && frugal > 0) {
    // the region that holds it, unread: its analyses read it natively
    const holder = regionsHolding(table.top, node.startIndex, node.endIndex, []).pop();
    if (holder) return holder.root;
  }
  if (code === undefined) return table.top.kind === 'frame' ? table.top.node : table.top.root;
  return code >= 0 ? regionOf(table, code).root : node;
}

/**
 * How many regions a tree's table has, how many it has walked, how many nodes it copied from the
 * tree it was reparsed from, how many regions took their facts from it, how many times it read
 * a region natively to answer a question and how many times a whole-file question tested a region
 * (for tests and benchmarks).
 */
export function walkedRegions(tree: Tree): { regions: number; walked: number; copied: number; shared: number; read: number; tested: number } {
  const table = tableOf(tree);
  return { regions: table.regions.length, walked: table.regions.length - table.unwalked, copied: table.copied, shared: table.shared, read: table.read, tested: table.tested };
}
