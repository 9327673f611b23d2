import type { Node, Tree } from 'web-tree-sitter';
import type { LanguageId } from './languageIds';
import type { ExpressionRules } from './languageProfile';
import type { RegionFactQueries, RegionTest, TypeQueries } from './writtenDeclarations';

/**
 * What the source proves about the numeric type of an expression, for rewrites whose exactness
 * depends on it (integer-only identities, temporaries that need a written type, midpoints).
 * Every answer is evidence from literals and declarations; null means "not known to be a
 * number", and callers decline on it. Each language reads its own (languages/<id>/numeric.ts,
 * `expressions.numericType`); syntax/numeric.ts asks through the profile.
 */
export interface NumType {
  /** 'number': a number, not known whether integer or floating (Python, JavaScript). */
  family: 'int' | 'float' | 'number';
  unsigned: boolean;
  /** C, C++, Java: integer conversion rank (1 char/bool/byte, 2 short, 3 int, 4 long, 5 long long), or float rank (1 float, 2 double, 3 long double). */
  rank: number;
  /** C, C++, Go, Java, Rust: how the type is written in a declaration. */
  spelling: string | null;
}

/** A region test of the syntax layer's node table (syntax/nodeTable.ts MayHold), passed through unread. */
export type { RegionTest };

/**
 * The syntax layer's answers the numeric readers ask (declarations and expressions as TypeQueries,
 * the node table's walks and per-tree memos): they lie above languages/, so syntax/numeric.ts passes them
 * down in one object made once, as the readers of declarations get TreeQueries.
 */
export interface NumericQueries extends TypeQueries, RegionFactQueries {
  /** The nearest function of the language's function kinds around a node. */
  enclosingFunction(lang: LanguageId, node: Node): Node | null;
  /** The identifiers under `root` spelled `name` that `keep` accepts (`key` names what `keep` asks). */
  identifiersWhere(root: Node, name: string, key: string, keep: (id: Node) => boolean, mayHold?: RegionTest): Node[];
  /** The nodes of these kinds under `root`, in regions passing `mayHold`, that the question keeps. */
  nodesOfType(root: Node, types: readonly string[], mayHold?: RegionTest, narrowing?: { question?: { key: string; keep: (n: Node) => boolean } }): Node[];
  /** A region test passed by every region holding one of the words. */
  holdingWord(names: Iterable<string>): RegionTest;
  /** The nearest ancestor of one of the given kinds. */
  ancestor(node: Node, types: readonly string[]): Node | null;
  /** perTree() for a question with a recursion guard: only remembered when the guard is empty. */
  perTreeUnguarded<T>(guard: ReadonlySet<string>, tree: Tree, key: string, compute: () => T): T;
}

/**
 * The language a reader shared by two languages reads for (C's for C and C++, JavaScript's for
 * JavaScript and TypeScript): its id, for the syntax layer's per-language answers, and its
 * expression rules, read when asked (the reader is one of them). Made once per language.
 */
export interface NumericLanguage {
  readonly id: LanguageId;
  rules(): Pick<ExpressionRules, 'autoInfersType' | 'truthValuesAreInt' | 'charLiteralsAreInt' | 'checkedTypeAnnotations'>;
}

/** A language's numeric type reader (`expressions.numericType`). */
export type NumericTypeReader = (node: Node, q: NumericQueries) => NumType | null;

export const INT: NumType = { family: 'int', unsigned: false, rank: 3, spelling: 'int' };
export const NUMBER: NumType = { family: 'number', unsigned: false, rank: 0, spelling: null };
export const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%']);
export const BITWISE: ReadonlySet<string> = new Set(['&', '|', '^', '<<', '>>', '>>>', '&^']);

export function same(a: NumType, b: NumType): boolean {
  return a.family === b.family && a.unsigned === b.unsigned && a.rank === b.rank && a.spelling === b.spelling;
}

/** The one type every declaration agrees on, or null. */
export function agree(types: (NumType | null)[]): NumType | null {
  if (types.length === 0 || types.some((t) => t === null)) return null;
  const first = types[0]!;
  return types.every((t) => same(t!, first)) ? first : null;
}

export function rootOf(node: Node): Node {
  let root = node;
  while (root.parent) root = root.parent;
  return root;
}
