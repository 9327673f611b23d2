import type { Node, Tree, TreeCursor } from 'web-tree-sitter';

/**
 * Nodes and tree cursors read straight from web-tree-sitter's wasm memory, for the two walks a
 * search makes over every tree: the node table's (syntax/nodeTable.ts), which asks each
 * named node for its type and named children, and the tokeniser's (similarity/tokens.ts), which
 * moves a cursor over every node. web-tree-sitter moves each value between JavaScript and wasm
 * through emscripten's `getValue`/`setValue`, which compare a type string and go through a
 * DataView on every call: a node's type and named children cost about 17 of them and a Node built
 * from an options object per child, a cursor's move eight. Here the same values are read and
 * written as 32-bit words of the same buffer, through the same exported functions (issue 8: a
 * step 5 to 15% cheaper, the same trees and tokens).
 *
 * The binding is emscripten's module object, which is the options object given to `Parser.init`
 * (emscripten fills in the object it is handed). The layout is web-tree-sitter's: a node is five
 * words (id, start index, start row, start column, alias) in its transfer buffer; a list of nodes
 * is a count and a pointer the caller frees; a tree cursor is four words. When the binding does
 * not look like that (another version of web-tree-sitter), nothing is registered and
 * web-tree-sitter's own getters and cursor answer.
 */

type Call = (...args: number[]) => number;

/** The wasm functions used here, by web-tree-sitter's names. */
const FUNCTIONS = [
  '_ts_init',
  '_free',
  '_ts_node_symbol_wasm',
  '_ts_node_named_children_wasm',
  '_ts_tree_cursor_goto_first_child_wasm',
  '_ts_tree_cursor_goto_next_sibling_wasm',
  '_ts_tree_cursor_goto_parent_wasm',
  '_ts_tree_cursor_current_node_type_id_wasm',
  '_ts_tree_cursor_current_node_is_named_wasm',
  '_ts_tree_cursor_start_index_wasm',
  '_ts_tree_cursor_end_index_wasm',
] as const;

type Binding = { HEAP32: Int32Array } & Record<(typeof FUNCTIONS)[number], Call>;

type Raw = Node & { 0: number; tree: Node['tree'] & { 0: number }; _namedChildren?: (Node | null)[] };

/** Words per node in the transfer buffer (web-tree-sitter's SIZE_OF_NODE / SIZE_OF_INT). */
const NODE_WORDS = 5;

let binding: Binding | null = null;
/** The transfer buffer's first word. */
let transfer = 0;

function looksLikeBinding(m: Partial<Binding>): m is Binding {
  return m.HEAP32 instanceof Int32Array && FUNCTIONS.every((name) => typeof m[name] === 'function');
}

/** Takes the module object `Parser.init` filled in; the first one registered serves the process, as web-tree-sitter's own does. */
export function registerBinding(module: object): void {
  if (binding || !looksLikeBinding(module as Partial<Binding>)) return;
  binding = module as Binding;
  // ts_init sets the buffer's version words and returns its address; Parser.init has called it already
  transfer = binding._ts_init() >> 2;
}

/** Whether reads go straight to wasm memory (tests check that the fast path is the one they test). */
export function bindingRegistered(): boolean {
  return binding !== null;
}

function marshal(b: Binding, node: Raw): void {
  const heap = b.HEAP32;
  heap[transfer] = node.id;
  heap[transfer + 1] = node.startIndex;
  heap[transfer + 2] = node.startPosition.row;
  heap[transfer + 3] = node.startPosition.column;
  heap[transfer + 4] = node[0];
}

/** The node's type, as web-tree-sitter's `type` getter gives it. */
export function nodeType(node: Node, fallback: (this: Node) => string): string {
  const b = binding;
  if (!b) return fallback.call(node);
  marshal(b, node as Raw);
  return node.tree.language.types[b._ts_node_symbol_wasm((node as Raw).tree[0])] || 'ERROR';
}

/**
 * The node's named children, as web-tree-sitter's `namedChildren` getter gives them and cached on
 * the node where that getter caches them: the list known already (knownChildren), else read from
 * wasm. The new nodes are Node objects (they share its prototype) with the fields its constructor
 * sets, in the same order.
 */
export function namedChildrenOf(node: Node): (Node | null)[] {
  const raw = node as Raw;
  const known = knownChildren(raw);
  if (known) return known;
  const b = binding;
  if (!b) return node.namedChildren;
  marshal(b, raw);
  b._ts_node_named_children_wasm(raw.tree[0]);
  // the call may have grown the memory, which replaces the view
  const heap = b.HEAP32;
  const count = heap[transfer];
  const list = heap[transfer + 1];
  const children: (Node | null)[] = new Array(count);
  const proto = Object.getPrototypeOf(node) as object;
  for (let k = 0, at = list >> 2; k < count; k++, at += NODE_WORDS) {
    const id = heap[at];
    children[k] = id === 0 ? null : make(proto, node.tree, id, heap[at + 1], heap[at + 2], heap[at + 3], heap[at + 4]);
  }
  if (count > 0) b._free(list);
  raw._namedChildren = children;
  return children;
}

/**
 * Answers a node's named children from what is already known of its tree without asking wasm, or
 * undefined (nodeTable.ts: a node its table has walked, whose children are the table's objects).
 */
type Lister = (node: Node) => Node[] | undefined;
let lister: Lister | null = null;

/** Sets the lister namedChildrenOf asks first (and the getter the node table installs). */
export function listNamedChildrenWith(list: Lister): void {
  lister = list;
}

/**
 * web-tree-sitter's `namedChildren` getter in front of a lister: a list cached on the node, else
 * the lister's (cached as the getter caches its own), else the getter's.
 */
export function namedChildrenGetter(asked: (this: Node) => (Node | null)[]): (this: Node) => (Node | null)[] {
  return function (this: Node) {
    return knownChildren(this as Raw) ?? asked.call(this);
  };
}

/** The list cached on the node, else the lister's (then cached the same way), else undefined. */
function knownChildren(raw: Raw): (Node | null)[] | undefined {
  if (raw._namedChildren) return raw._namedChildren;
  const listed = lister?.(raw);
  return listed && (raw._namedChildren = listed);
}

/**
 * Where the node table keeps a node's type, parent and end (nodeTable.ts, remembering). They live
 * here because the nodes this module makes carry them from birth.
 */
export const MEMO_TYPE = Symbol('type');
export const MEMO_PARENT = Symbol('parent');
export const MEMO_END = Symbol('end');

type Maker = new (tree: Node['tree'], id: number, startIndex: number, row: number, column: number, alias: number) => Node;
let maker: Maker | null = null;
let makerProto: object | null = null;

/**
 * A constructor of nodes with web-tree-sitter's Node as prototype and every field, the table's
 * included, set in one order. Made by Object.create and then given their fields one by one, nodes
 * outgrew their in-object room and got a separate property store, grown again when the table
 * stamped them: steps were 0.5 to 3% slower (in-process A/B at 20 lines, in all eight languages).
 */
function makerFor(proto: object): Maker {
  if (makerProto === proto && maker) return maker;
  const Made = function (this: Record<string | symbol | number, unknown>, tree: Node['tree'], id: number, startIndex: number, row: number, column: number, alias: number) {
    this[0] = alias;
    this._children = undefined;
    this._namedChildren = undefined;
    this.id = id;
    this.startIndex = startIndex;
    this.startPosition = { row, column };
    this.tree = tree;
    this[MEMO_TYPE] = undefined;
    this[MEMO_PARENT] = undefined;
    this[MEMO_END] = undefined;
  } as unknown as Maker;
  (Made as unknown as { prototype: object }).prototype = proto;
  maker = Made;
  makerProto = proto;
  return Made;
}

function make(proto: object, tree: Node['tree'], id: number, startIndex: number, row: number, column: number, alias: number): Node {
  return new (makerFor(proto))(tree, id, startIndex, row, column, alias);
}

/**
 * A node of `tree` for the same subtree as `model`, a node of the tree `tree` was reparsed from,
 * starting at the given place (nodeTable.ts, inheriting). Only with a registered binding: without
 * one, a node's fields are web-tree-sitter's to lay out.
 */
export function movedNode(model: Node, tree: Node['tree'], startIndex: number, row: number, column: number): Node {
  if (!binding) throw new Error('movedNode needs the wasm binding (nodeTable.ts inherits tables only when it is registered)');
  return make(Object.getPrototypeOf(model) as object, tree, model.id, startIndex, row, column, (model as Raw)[0]);
}

/** The part of a TreeCursor that tokenising uses (similarity/tokens.ts). */
export interface LeafWalk {
  readonly nodeTypeId: number;
  readonly nodeType: string;
  readonly nodeIsNamed: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  gotoFirstChild(): boolean;
  gotoNextSibling(): boolean;
  gotoParent(): boolean;
  delete(): void;
}

type RawCursor = TreeCursor & { 0: number; 1: number; 2: number; 3: number; tree: { 0: number } };

/**
 * A cursor over `tree` whose moves and questions go to the same wasm functions as TreeCursor's,
 * with its four words kept here and written to and read from the transfer buffer directly
 * (TreeCursor passes each through setValue/getValue, eight of them per move). Tokenising a unit
 * moves over every node, named or not. It wraps a TreeCursor made the usual way, which it hands
 * its words back to before deleting it.
 */
export function walkTree(tree: Tree): LeafWalk {
  const cursor = tree.walk();
  return binding ? new BufferedCursor(binding, cursor as RawCursor, tree.language.types) : cursor;
}

class BufferedCursor implements LeafWalk {
  private w0: number;
  private w1: number;
  private w2: number;
  private w3: number;
  private readonly tree: number;

  constructor(
    private readonly b: Binding,
    private readonly cursor: RawCursor,
    private readonly types: readonly string[],
  ) {
    this.w0 = cursor[0];
    this.w1 = cursor[1];
    this.w2 = cursor[2];
    this.w3 = cursor[3];
    this.tree = cursor.tree[0];
  }

  private put(): void {
    const heap = this.b.HEAP32;
    heap[transfer] = this.w0;
    heap[transfer + 1] = this.w1;
    heap[transfer + 2] = this.w2;
    heap[transfer + 3] = this.w3;
  }

  private moved(result: number): boolean {
    const heap = this.b.HEAP32;
    this.w0 = heap[transfer];
    this.w1 = heap[transfer + 1];
    this.w2 = heap[transfer + 2];
    this.w3 = heap[transfer + 3];
    return result === 1;
  }

  get nodeTypeId(): number {
    this.put();
    return this.b._ts_tree_cursor_current_node_type_id_wasm(this.tree);
  }

  get nodeType(): string {
    return this.types[this.nodeTypeId] || 'ERROR';
  }

  get nodeIsNamed(): boolean {
    this.put();
    return this.b._ts_tree_cursor_current_node_is_named_wasm(this.tree) === 1;
  }

  get startIndex(): number {
    this.put();
    return this.b._ts_tree_cursor_start_index_wasm(this.tree);
  }

  get endIndex(): number {
    this.put();
    return this.b._ts_tree_cursor_end_index_wasm(this.tree);
  }

  gotoFirstChild(): boolean {
    this.put();
    return this.moved(this.b._ts_tree_cursor_goto_first_child_wasm(this.tree));
  }

  gotoNextSibling(): boolean {
    this.put();
    return this.moved(this.b._ts_tree_cursor_goto_next_sibling_wasm(this.tree));
  }

  gotoParent(): boolean {
    this.put();
    return this.moved(this.b._ts_tree_cursor_goto_parent_wasm(this.tree));
  }

  delete(): void {
    // the cursor's stack may have moved while it walked: TreeCursor frees what the words point at now
    this.cursor[0] = this.w0;
    this.cursor[1] = this.w1;
    this.cursor[2] = this.w2;
    this.cursor[3] = this.w3;
    this.cursor.delete();
  }
}
