import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';
import { rustIsMutableNumber } from './types';

/**
 * When a Rust expression can become a `||` closure called once in its place (the borrow checker's
 * side of extract-arithmetic and extract-if, reached where `helpers.closureCaptures` is 'borrows').
 * The syntax layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

/** Rust methods that only read their receiver: a closure calling them borrows the receiver shared. */
const RUST_READ_METHODS = new Set(
  `len is_empty contains contains_key starts_with ends_with is_some is_none is_ok is_err abs pow powi powf sqrt min max
  get first last iter chars bytes as_str trim to_lowercase to_uppercase is_ascii_digit is_ascii_alphabetic is_alphabetic
  is_numeric is_alphanumeric is_whitespace is_uppercase is_lowercase signum floor ceil round count sum clone to_string
  wrapping_add wrapping_sub wrapping_mul checked_add checked_sub checked_mul saturating_add saturating_sub rem_euclid
  div_euclid unwrap_or copied cloned keys values is_nan is_finite len_utf8 to_digit`.split(/\s+/),
);

/**
 * Whether a Rust expression can become the body of a `||` closure that is called once right
 * away: it writes nothing, takes no `&mut`, calls no macro, uses no `?`/return/break/await, and
 * calls only methods known to read their receiver when the receiver is a captured place.
 */
export function rustClosureSafe(node: Node, q: TypeQueries): boolean {
  let ok = true;
  const visit = (n: Node) => {
    if (!ok) return;
    switch (n.type) {
      case 'macro_invocation':
      case 'try_expression':
      case 'return_expression':
      case 'break_expression':
      case 'continue_expression':
      case 'await_expression':
      case 'assignment_expression':
      case 'compound_assignment_expr':
      case 'closure_expression':
      case 'unsafe_block':
      case 'block':
      case 'let_condition':
      case 'let_chain':
      case 'yield_expression':
        ok = false;
        return;
      case 'reference_expression':
        if (n.children.some((c) => c?.type === 'mutable_specifier')) ok = false;
        break;
      case 'call_expression': {
        const callee = n.childForFieldName('function');
        if (callee?.type === 'field_expression') {
          const method = callee.childForFieldName('field')?.text ?? '';
          const receiver = callee.childForFieldName('value');
          if (!RUST_READ_METHODS.has(method) && receiver && isPlace(receiver, q)) ok = false;
        }
        break;
      }
    }
    for (const c of q.namedChildren(n)) visit(c);
  };
  visit(node);
  return ok;
}

/** A Rust place expression rooted in a variable: `x`, `self.items`, `v[i]`, `*r`. */
function isPlace(n: Node, q: TypeQueries): boolean {
  const inner = q.unparenthesize(n);
  switch (inner.type) {
    case 'identifier':
    case 'self':
      return true;
    case 'field_expression':
      return isPlace(inner.childForFieldName('value') ?? inner, q);
    case 'index_expression':
      return isPlace(inner.namedChildren[0] ?? inner, q);
    case 'unary_expression':
      return isPlace(inner.namedChildren[0] ?? inner, q);
    default:
      return false;
  }
}

/** The variable a Rust place expression starts from (`self` for `self.x`), or null. */
function placeRoot(n: Node, q: TypeQueries): string | null {
  const inner = q.unparenthesize(n);
  switch (inner.type) {
    case 'identifier':
    case 'self':
      return inner.text;
    case 'field_expression':
      return placeRoot(inner.childForFieldName('value') ?? inner, q);
    case 'index_expression':
    case 'unary_expression':
    case 'reference_expression':
      return inner.namedChildren[0] ? placeRoot(inner.namedChildren[0], q) : null;
    default:
      return null;
  }
}

/** Nodes between a moved Rust expression and its statement that evaluate nothing else first. */
const RUST_TRANSPARENT = new Set(['parenthesized_expression', 'binary_expression', 'unary_expression', 'type_cast_expression']);

/**
 * Whether a Rust closure reading `captured`, defined before `statement` and called where `node`
 * is, stays valid: the closure borrows what it reads until that call, so nothing else in the
 * statement may move or mutably borrow those names meanwhile. Accepted: the expression is the
 * statement's value (a let, an assignment, a return, the statement itself, an if's condition),
 * possibly inside comparisons, unary operators and casts; and the captured names appear
 * elsewhere in the statement only as the assigned variable (a compound assignment only on a
 * primitive number, whose right side Rust evaluates first). Never in a loop statement, which
 * would keep the closure alive across its body.
 */
export function rustClosureFits(statement: Node, node: Node, captured: ReadonlySet<string>, q: TypeQueries): boolean {
  const stmt = unwrapStatement(statement);
  if (['for_expression', 'while_expression', 'loop_expression'].includes(stmt.type)) return false;
  let slot: Node = node;
  while (slot.parent && slot.id !== stmt.id && RUST_TRANSPARENT.has(slot.parent.type)) slot = slot.parent;
  let scanned: Node = stmt;
  let target: Node | null = null;
  if (slot.id !== stmt.id) {
    if (slot.parent?.id !== stmt.id) return false;
    const field = (name: string) => stmt.childForFieldName(name)?.id === slot.id;
    switch (stmt.type) {
      case 'let_declaration':
        if (!field('value')) return false;
        break;
      case 'assignment_expression':
      case 'compound_assignment_expr': {
        if (!field('right')) return false;
        target = stmt.childForFieldName('left');
        const t = target ? q.unparenthesize(target) : null;
        if (t && captured.has(placeRoot(t, q) ?? '')) {
          const primitive = t.type === 'identifier' && rustIsMutableNumber(t, t.text, q);
          if (stmt.type === 'compound_assignment_expr' ? !primitive : t.type !== 'identifier') return false;
        }
        break;
      }
      case 'return_expression':
        break;
      case 'if_expression':
        if (!field('condition')) return false;
        scanned = slot; // the branches run after the call, when the closure is no longer used
        break;
      default:
        return false;
    }
  }
  const elsewhere = q.descendants(scanned, (n) => {
    if (n.type !== 'identifier' && n.type !== 'self') return false;
    if (n.startIndex >= node.startIndex && n.endIndex <= node.endIndex) return false;
    if (target && n.startIndex >= target.startIndex && n.endIndex <= target.endIndex) return false;
    return captured.has(n.text);
  });
  return elsewhere.length === 0;
}

function unwrapStatement(statement: Node): Node {
  return statement.type === 'expression_statement' ? (statement.namedChildren[0] ?? statement) : statement;
}

