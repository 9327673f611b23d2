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
  { id: 'add-arguments', category: 'basic', description: 'add a parameter the body never uses: with a default value, or passed a dummy by every call' },
  { id: 'change-statement-order', category: 'basic', description: 'swap two adjacent statements that share no variables and have no effects beyond local writes' },
  { id: 'check-arguments', category: 'basic', description: 'add a null check on an argument whose branch changes nothing, saying so in a comment' },
  { id: 'insert-junk-function', category: 'basic', description: 'add a function that is never called' },
  { id: 'insert-junk-loop', category: 'basic', description: 'add a loop that never runs: a pass count set to zero, as a hook left turned off' },
  { id: 'insert-variables', category: 'basic', description: 'add a variable that is never used (one per unit)' },
  { id: 'move-assignments', category: 'basic', description: 'split a declaration with an initialiser into a declaration and an assignment, or move an assignment down to its first use' },
  { id: 'statement-wrapping', category: 'basic', description: 'wrap statements that declare a temporary in a block that scopes it' },
  { id: 'function-rename', category: 'basic', description: 'rename a function and every reference to it in the file' },
  { id: 'variable-rename', category: 'basic', description: 'rename parameters and local variables consistently, to meaningful new names' },
  { id: 'add-condition', category: 'condition', description: 'add an else branch that does nothing, saying so in a comment' },
  { id: 'div-if-else', category: 'condition', description: 'turn an `else if` into an `else` block holding a nested `if`' },
  { id: 'div-composed-if', category: 'condition', description: 'split an if on `a && b` into nested ifs, and one on `a || b` into an else-if chain' },
  { id: 'if-continue-to-if-else', category: 'condition', description: 'turn `if (c) { work; continue; } rest` in a loop into `if (c) { work } else { rest }` (`if (!c) { rest }` when the if only continues)' },
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

/** A method's id, category and description as the catalogue writes them: a method file takes them from here, never repeats them. */
export function catalogued(id: string): CatalogueEntry {
  const entry = catalogueEntry(id);
  if (!entry) throw new Error(`${id} is not in the catalogue (transforms/catalogue.ts)`);
  return entry;
}

/**
 * The paper's junk insertion: code that does nothing but be there (a loop that never runs, a
 * function never called, an empty else). A search bounds how often a unit gets them (`--max-junk`).
 */
export const JUNK_METHODS: readonly string[] = ['insert-junk-loop', 'insert-junk-function', 'add-condition'];

export function isJunkMethod(id: string): boolean {
  return JUNK_METHODS.includes(id);
}
