/**
 * The 26 methods of the CodeMorph paper (Table I) under the ids of docs/methods.md, in the
 * paper's order. Ids are public names: CLI flags, settings, prompt files and entries use them.
 */
export const CATEGORIES = ['basic', 'condition', 'loop', 'logic', 'decomposition', 'arithmetic'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface CatalogueEntry {
  id: string;
  category: Category;
  description: string;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  { id: 'add-exception', category: 'basic', description: 'wrap statements in exception handling that rethrows what it catches' },
  { id: 'add-arguments', category: 'basic', description: 'add a parameter the body never uses' },
  { id: 'change-statement-order', category: 'basic', description: 'swap two adjacent statements that share no variables' },
  { id: 'check-arguments', category: 'basic', description: 'add a null check on an argument whose branch changes nothing' },
  { id: 'insert-junk-function', category: 'basic', description: 'add a function that is never called' },
  { id: 'insert-junk-loop', category: 'basic', description: 'add a loop that never runs' },
  { id: 'insert-variables', category: 'basic', description: 'add variables that are never used' },
  { id: 'move-assignments', category: 'basic', description: 'split a declaration from its initialiser, or move an assignment next to its first use' },
  { id: 'statement-wrapping', category: 'basic', description: 'wrap statements in `if (true)` or a one-iteration loop' },
  { id: 'function-rename', category: 'basic', description: 'rename the target function and all its references' },
  { id: 'variable-rename', category: 'basic', description: 'rename parameters and locals consistently, with meaningful names' },
  { id: 'add-condition', category: 'condition', description: 'add an else branch that does nothing' },
  { id: 'div-if-else', category: 'condition', description: 'turn `if / else if / else` into `if / else { if / else }`' },
  { id: 'div-composed-if', category: 'condition', description: 'split `if (a && b)` into nested ifs, `if (a || b) S` into `if (a) S else if (b) S`' },
  { id: 'if-continue-to-if-else', category: 'condition', description: '`if (c) continue; rest` becomes `if (c) {} else { rest }`' },
  { id: 'if-to-switch', category: 'condition', description: 'an if-chain comparing one variable with constants becomes switch/match' },
  { id: 'switch-to-if', category: 'condition', description: 'switch/match becomes an if-chain' },
  { id: 'div-loop', category: 'loop', description: 'split a counted loop into loops over consecutive index ranges' },
  { id: 'for-while', category: 'loop', description: 'for to while and while to for' },
  { id: 'equi-boolean-logic', category: 'logic', description: 'De Morgan and double negation; flip an if/else by negating its condition' },
  { id: 'swap-boolean-expression', category: 'logic', description: 'swap the operands of comparisons and of `&&`/`||`' },
  { id: 'extract-if', category: 'decomposition', description: 'move an if condition (or the whole if) into a new function or local closure' },
  { id: 'extract-arithmetic', category: 'decomposition', description: 'move an arithmetic expression into a new function or closure' },
  { id: 'equi-arithmetic', category: 'arithmetic', description: 'equivalent arithmetic: `x * 2` to `x + x`, `i++` to `i += 1`' },
  { id: 'expression-div', category: 'arithmetic', description: 'split a long expression into named temporaries' },
  { id: 'modify-operations', category: 'arithmetic', description: '`a += b` to `a = a + b` and back' },
];

export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return CATALOGUE.find((m) => m.id === id);
}

/**
 * The paper's junk insertion: code that does nothing but be there (a loop that never runs, a
 * function never called, an empty else). A search bounds how often a unit gets them (`--max-junk`).
 */
export const JUNK_METHODS: readonly string[] = ['insert-junk-loop', 'insert-junk-function', 'add-condition'];

export function isJunkMethod(id: string): boolean {
  return JUNK_METHODS.includes(id);
}
