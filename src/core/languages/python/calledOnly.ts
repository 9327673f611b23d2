import type { Node } from 'web-tree-sitter';
import type { RegionFactQueries, RegionTest } from '../writtenDeclarations';

/**
 * A region test for the whole-file questions about a Python builtin (is `range`, `len`, `iter`
 * ever bound, defined, imported, a parameter?): false only for a region whose every occurrence of
 * `name` is plainly called, `range(`, which no such question keeps (an identifier that is the
 * function of a call binds nothing). In a large file nearly every region holding `range` or `len`
 * only calls it, and reading each of them natively to learn that made the first such question of
 * a 5 MB file a tenth of a second or more; the region's text answers it.
 *
 * An occurrence is plainly called when `(` follows it on its line and what comes before it can
 * only start an expression there: an operator or opening bracket, or a keyword that an expression
 * follows. Anything else keeps the region (an attribute `x.range(`, `def range(`, the start of the
 * region, a line break, which inside brackets may follow a `.`), as do regions with a syntax error
 * (error recovery may make such a call something else) and match statements, whose class patterns
 * (`case range():`) are not calls: `case` in the text, or a region inside a case clause. The
 * syntax layer's marks for region tests come in `q` (languages/python/numeric.ts, loopRewrites.ts).
 */
export function notOnlyCalled(name: string, q: RegionFactQueries): RegionTest {
  return q.factTest(`py not only called ${name}`, (text, root) => !onlyCalled(text, name) || CASE.test(text) || inCaseClause(root) || q.hasErrorIn(root));
}

const CASE = /(?<![A-Za-z0-9_])case(?![A-Za-z0-9_])/;
/** Characters after which (spaces and tabs between) a name followed by `(` is the function of a call. */
const EXPRESSION_BEFORE = new Set('([{,=:+-*/%<>!&|^~;@'.split(''));
/** Keywords after which it is. */
const KEYWORDS_BEFORE = new Set(['in', 'return', 'if', 'elif', 'while', 'not', 'and', 'or', 'yield', 'else', 'await', 'assert', 'is']);

const isWord = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isBlank = (ch: string) => ch === ' ' || ch === '\t';

function onlyCalled(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const end = at + name.length;
    // inside a longer name: not an occurrence of this one (as nodeTable's nodesSpelling has it)
    if ((at > 0 && isWord(text.charCodeAt(at - 1))) || isWord(text.charCodeAt(end))) continue;
    let after = end;
    while (isBlank(text[after])) after++;
    if (text[after] !== '(') return false;
    let before = at - 1;
    while (before >= 0 && isBlank(text[before])) before--;
    if (before < 0) return false;
    if (EXPRESSION_BEFORE.has(text[before])) continue;
    let wordStart = before;
    while (wordStart > 0 && isWord(text.charCodeAt(wordStart - 1))) wordStart--;
    const word = text.slice(wordStart, before + 1);
    // a whole word, not a member's name (`x.in`) nor the end of a name in other letters (`äin`)
    const preceding = wordStart > 0 ? text.charCodeAt(wordStart - 1) : -1;
    if (!KEYWORDS_BEFORE.has(word) || preceding === 46 || preceding >= 128) return false;
  }
  return true;
}

function inCaseClause(root: Node): boolean {
  for (let p: Node | null = root; p; p = p.parent) if (p.type === 'case_clause' || p.type === 'case_pattern') return true;
  return false;
}
