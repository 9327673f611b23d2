import type { Language, Tree } from 'web-tree-sitter';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { LeafWalk, walkTree } from '../languages/wasmNodes';
import type { Span } from '../text/edits';

/**
 * A unit's tokens for structural similarity: the leaves of its tree-sitter tree, each reduced to a
 * kind so that renaming and changed constants do not show. Compute the original unit's stream once
 * per run and reuse it for every comparison.
 */
export interface TokenStream {
  readonly lang: LanguageId;
  /** One kind per token: ID_KIND, LIT_KIND, or 2 + the grammar's symbol id for the leaf's type. */
  readonly kinds: Int32Array;
  /** Where each token starts in the text (JS string index), to point at matched or unmatched code. */
  readonly starts: Int32Array;
}

/** Every identifier-like leaf (variables, fields, properties, types, labels, packages). */
export const ID_KIND = 0;
/** Every literal: numbers, strings and chars as one token each, booleans, null/None/nil. */
export const LIT_KIND = 1;

/** Comments, and Python's backslash line joins: layout, not structure. */
const DROPPED = new Set(['comment', 'line_comment', 'block_comment', 'html_comment', 'hash_bang_line', 'line_continuation']);

/**
 * Literal nodes, across the eight grammars. Each counts as one token even when the grammar splits
 * it into quotes, content and escapes. Deliberately a list: a `_literal` suffix would also catch
 * Go's composite_literal and func_literal or C's compound literals, which are real structure.
 */
const LITERALS = new Set([
  // numbers
  'number_literal', 'integer', 'float', 'int_literal', 'float_literal', 'imaginary_literal', 'integer_literal', 'number',
  'decimal_integer_literal', 'hex_integer_literal', 'octal_integer_literal', 'binary_integer_literal',
  'decimal_floating_point_literal', 'hex_floating_point_literal', 'user_defined_literal',
  // strings and characters
  'string', 'string_literal', 'raw_string_literal', 'concatenated_string', 'template_string', 'interpreted_string_literal',
  'char_literal', 'character_literal', 'rune_literal', 'regex',
  // constants
  'true', 'false', 'boolean_literal', 'null', 'null_literal', 'undefined', 'none', 'nil', 'iota',
]);

/** Code inside a literal (f-string fields, template substitutions) is tokenised like any other code. */
const INTERPOLATIONS = new Set(['interpolation', 'template_substitution']);

enum Rule {
  Drop,
  Literal,
  Interpolation,
  Identifier,
  Plain,
}

interface Classified {
  rule: Rule;
  /** The kind a leaf of this type gets (plain leaves; identifiers use ID_KIND). */
  kind: number;
}

/** Per grammar, per symbol id: how a node of that type is tokenised. Keyed by Language, so grammars never mix. */
const tables = new WeakMap<Language, Map<number, Classified>>();

function classify(language: Language, cursor: LeafWalk): Classified {
  let table = tables.get(language);
  if (!table) {
    table = new Map();
    tables.set(language, table);
  }
  const typeId = cursor.nodeTypeId;
  let found = table.get(typeId);
  if (!found) {
    const type = cursor.nodeType;
    const named = cursor.nodeIsNamed;
    let rule = Rule.Plain;
    if (named && DROPPED.has(type)) rule = Rule.Drop;
    else if (named && LITERALS.has(type)) rule = Rule.Literal;
    else if (named && INTERPOLATIONS.has(type)) rule = Rule.Interpolation;
    else if (named && (type === 'identifier' || type.endsWith('_identifier') || type === 'label_name')) rule = Rule.Identifier;
    // By name, not by the id the cursor reports, so that aliases of one type share one kind.
    const canonical = language.idForNodeType(type, named) ?? typeId;
    found = { rule, kind: canonical + 2 };
    table.set(typeId, found);
  }
  return found;
}

enum Mode {
  /** Tokenise normally. */
  Code,
  /** Inside a literal already counted: emit nothing, look for interpolations only. */
  Literal,
}

/**
 * Tokenises the part of `tree` in `span` (default: all of it). A token belongs to the span when it
 * starts inside it. Leaves only: inner nodes contribute through their leaves (the keywords,
 * operators and punctuation that spell them), which is what keeps the kinds comparable across
 * rewrites. Zero-width leaves (MISSING nodes of error recovery) are skipped.
 */
export function tokenize(lang: LanguageId, tree: Tree, span?: Span): TokenStream {
  const from = span?.start ?? 0;
  const to = span?.end ?? Number.MAX_SAFE_INTEGER;
  const kinds: number[] = [];
  const starts: number[] = [];
  const language = tree.language;
  const cursor = walkTree(tree);
  // Modes apply to the descendants of the node at the recorded depth; walked iteratively because
  // long else-if chains and operator chains nest deeper than recursion would like.
  const modeDepths: number[] = [];
  const modes: Mode[] = [];
  let depth = 0;
  // The depth of the outermost node wholly inside the span, or -1. Its descendants are inside too,
  // so an inner node there needs no offsets: each offset is a call into wasm, and a unit is mostly inside.
  let insideFrom = -1;
  const emit = (kind: number, start: number, end: number): void => {
    if (start >= from && start < to && end > start) {
      kinds.push(kind);
      starts.push(start);
    }
  };
  try {
    for (;;) {
      const inside = insideFrom >= 0;
      let start = inside ? -1 : cursor.startIndex;
      let end = inside ? -1 : cursor.endIndex;
      if (inside || (end > from && start < to)) {
        const { rule, kind } = classify(language, cursor);
        const mode = modes.length ? modes[modes.length - 1] : Mode.Code;
        let enter = true;
        let childMode: Mode | undefined;
        if (mode === Mode.Literal) {
          if (rule === Rule.Interpolation) childMode = Mode.Code;
        } else if (rule === Rule.Drop) {
          enter = false;
        } else if (rule === Rule.Literal) {
          if (inside) [start, end] = [cursor.startIndex, cursor.endIndex];
          emit(LIT_KIND, start, end);
          childMode = Mode.Literal;
        }
        if (enter) {
          if (cursor.gotoFirstChild()) {
            if (childMode !== undefined) {
              modeDepths.push(depth);
              modes.push(childMode);
            }
            if (!inside && start >= from && end <= to) insideFrom = depth;
            depth++;
            continue;
          }
          if (mode === Mode.Code && rule !== Rule.Literal) {
            if (inside) [start, end] = [cursor.startIndex, cursor.endIndex];
            emit(rule === Rule.Identifier ? ID_KIND : kind, start, end);
          }
        }
      }
      for (;;) {
        if (cursor.gotoNextSibling()) break;
        if (!cursor.gotoParent()) return packed(lang, kinds, starts);
        depth--;
        if (insideFrom >= depth) insideFrom = -1;
        while (modeDepths.length && modeDepths[modeDepths.length - 1] >= depth) {
          modeDepths.pop();
          modes.pop();
        }
      }
    }
  } finally {
    cursor.delete();
  }
}

/**
 * The stream's two arrays as views of one buffer, filled by hand: each typed array over 64 bytes
 * gets a backing store of its own outside the heap, and two of them per tokenisation (and
 * Int32Array.from's iterator protocol) cost a CodeCrash record more than a tenth of its tokenising.
 */
function packed(lang: LanguageId, kinds: readonly number[], starts: readonly number[]): TokenStream {
  const n = kinds.length;
  const both = new Int32Array(2 * n);
  for (let i = 0; i < n; i++) {
    both[i] = kinds[i];
    both[n + i] = starts[i];
  }
  return { lang, kinds: both.subarray(0, n), starts: both.subarray(n) };
}

/** A kind's readable name ('ID', 'LIT', or the grammar's node type), for explaining a comparison. */
export function kindName(language: Language, kind: number): string {
  if (kind === ID_KIND) return 'ID';
  if (kind === LIT_KIND) return 'LIT';
  return language.nodeTypeForId(kind - 2) ?? `#${kind}`;
}

/** Parses `text` and tokenises `span` of it, for callers that hold no tree. */
export async function tokenizeText(loader: GrammarLoader, lang: LanguageId, text: string, span?: Span): Promise<TokenStream> {
  const tree = await loader.parse(lang, text);
  try {
    return tokenize(lang, tree, span);
  } finally {
    tree.delete();
  }
}
