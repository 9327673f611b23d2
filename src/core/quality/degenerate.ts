import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { namedChildren } from '../syntax/nodes';
import {
  blockStatements,
  branchBlock,
  callArguments,
  calleeName,
  constantPasses,
  constantTruth,
  coreOf,
  countedRange,
  emptiness,
  enclosingFunctionLike,
  functionName,
  ifKinds,
  isCall,
  isComment,
  isEndless,
  isLocalFunction,
  isTrivialExpression,
  isWholeValue,
  loopBody,
  onlyPlaceholders,
  parametersOf,
  rangesIn,
  splitChains,
  takesNoArguments,
  testOf,
  unusedLiterals,
  wrapperBody,
} from '../syntax/shapes';

/**
 * Code no person would write, found in a parsed file: what a perturbation must never leave
 * behind (issue 30). Each finding names its shape:
 * - `empty-branch`: an if branch that does nothing and says nothing (`} else {\n}`, `else: pass`,
 *   `if p == nil {}`); an empty branch with a comment saying why is a choice, not noise, except
 *   an empty then-branch of a plain if/else (`if c {} else { ... }`), which only inverts a test;
 * - `constant-condition`: an if tested on a constant (`if true`, `if not True: break`), a loop
 *   tested on a constant false (`while False`, `for false`);
 * - `dead-loop` / `single-pass-loop`: a loop over a constant range of no or one pass, a
 *   do-while on a constant false, an endless loop that always breaks at the end of its first pass;
 * - `empty-loop`: a loop whose body is empty and whose header does nothing (no call or update
 *   of a variable that outlives it);
 * - `loop-only-breaks`: a loop whose first statement breaks out of it;
 * - `resplit-loop`: three or more loops over adjacent ranges of one variable (a split loop split
 *   again);
 * - `trivial-wrapper`: a local function of no arguments returning a name, a literal or a field,
 *   or any function returning one of its own parameters (tested against 0 or null at most);
 * - `wrapper-of-wrapper`: a function returning a call of another wrapper with its own parameters,
 *   in order (tested against 0 or null at most): it only forwards;
 * - `nested-wrapper`: a wrapper defining the function it returns a call of, or defined inside
 *   a closure of no arguments;
 * - `deep-closure`: closures nested three deep;
 * - `wrapped-initializer`: a closure of no arguments called once, as the whole value of a
 *   declaration or assignment (the variable already names the expression);
 * - `closure-in-loop`: a closure of no arguments that only returns an expression, defined
 *   inside a loop (made again at every pass);
 * - `unused-variable`: more than one variable in a function set to a literal and never read.
 */

export interface DegenerateFinding {
  shape: string;
  /** 1-based line of the shape. */
  line: number;
  /** Its first line, trimmed. */
  excerpt: string;
}

const MAX_EXCERPT = 100;

export function findDegenerate(lang: LanguageId, rootNode: Node, text: string): DegenerateFinding[] {
  const found: DegenerateFinding[] = [];
  const byType = collect(lang, rootNode);
  const report = (shape: string, node: Node) => {
    const first = text.slice(node.startIndex, node.endIndex).split('\n')[0].trim();
    found.push({ shape, line: node.startPosition.row + 1, excerpt: first.length > MAX_EXCERPT ? `${first.slice(0, MAX_EXCERPT - 3)}...` : first });
  };
  const of = (types: readonly string[]) => types.flatMap((t) => byType.get(t) ?? []);

  for (const node of of(ifKinds(lang))) branches(lang, node, text, report);
  for (const loop of of(profileOf(lang).loops.kinds)) loops(lang, loop, report);
  for (const block of of([...new Set([...profileOf(lang).blocks.blockKinds, 'compound_statement'])])) {
    for (const chain of splitChains(rangesIn(lang, blockStatements(lang, block)))) {
      if (chain.length >= 3) report('resplit-loop', chain[2].loop);
    }
  }
  const functions = of(profileOf(lang).blocks.functionLike).sort((a, b) => a.startIndex - b.startIndex);
  wrappers(lang, functions, report);
  unusedVariables(lang, functions, report);
  return found.sort((a, b) => a.line - b.line || a.shape.localeCompare(b.shape));
}

type Report = (shape: string, node: Node) => void;

/** Every named node by type, in source order. */
function collect(lang: LanguageId, root: Node): Map<string, Node[]> {
  const out = new Map<string, Node[]>();
  const stack: Node[] = [root];
  const order: Node[] = [];
  while (stack.length) {
    const n = stack.pop()!;
    order.push(n);
    const kids = namedChildren(n);
    for (let i = kids.length - 1; i >= 0; i--) if (!isComment(lang, kids[i])) stack.push(kids[i]);
  }
  for (const n of order) {
    let list = out.get(n.type);
    if (!list) out.set(n.type, (list = []));
    list.push(n);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

function branches(lang: LanguageId, node: Node, text: string, report: Report): void {
  const test = node.childForFieldName('condition');
  if (test && constantTruth(lang, test) !== null) report('constant-condition', node);
  const consequence = node.childForFieldName('consequence');
  const alternative = profileOf(lang).blocks.elifClauses
    ? namedChildren(node).find((c) => c.type === 'else_clause' || c.type === 'elif_clause') ?? null
    : node.childForFieldName('alternative');
  // `if c {} else { ... }` only inverts the test; in an else-if chain a comment may say why a case does nothing
  const chained = node.type === 'elif_clause' || node.parent?.type === 'else_clause' || node.parent?.childForFieldName('alternative')?.id === node.id;
  const plainElse = !chained && alternative !== null && alternative.type !== 'elif_clause' && branchBlock(lang, alternative) !== null;
  if (consequence) {
    const block = branchBlock(lang, consequence);
    const e = block && emptiness(lang, text, block, test?.endIndex ?? block.startIndex);
    if (e?.empty && (!e.commented || plainElse)) report('empty-branch', node);
  }
  const elseBlock = alternative && alternative.type !== 'elif_clause' ? branchBlock(lang, alternative) : null;
  if (elseBlock) {
    const e = emptiness(lang, text, elseBlock, alternative!.startIndex);
    if (e.empty && !e.commented) report('empty-branch', alternative!);
  }
}

function loops(lang: LanguageId, loop: Node, report: Report): void {
  const test = testOf(lang, loop);
  if (loop.type === 'do_statement') {
    if (test && constantTruth(lang, test) === false) report('single-pass-loop', loop);
  } else if (test && constantTruth(lang, test) === false) {
    report('constant-condition', loop);
  }
  const range = countedRange(lang, loop);
  const passes = range ? constantPasses(range) : null;
  if (passes === 0) report('dead-loop', loop);
  if (passes === 1) report('single-pass-loop', loop);
  const body = loopBody(loop);
  if (!body || !profileOf(lang).blocks.blockKinds.includes(body.type)) return;
  const statements = blockStatements(lang, body);
  const first = statements[0];
  if (first && breaks(lang, first)) report('loop-only-breaks', loop);
  const last = statements[statements.length - 1];
  if (isEndless(lang, loop) && last && statements.length > 1 && breaks(lang, last) && !continues(lang, body)) report('single-pass-loop', loop);
  if (statements.length === 0 || onlyPlaceholders(lang, statements)) {
    const e = emptiness(lang, '', body);
    // an indented block ends at its last statement: a comment of an empty loop's may lie outside it
    const profile = profileOf(lang);
    const said = profile.spelling.indentedBlocks ? loop.text.includes(profile.lineComment) : e.commented;
    if (!said && !headerWorks(lang, loop, range)) report('empty-loop', loop);
  }
}

/** An unconditional break of the loop it stands in (a constant-true if around it counts). */
function breaks(lang: LanguageId, stmt: Node): boolean {
  let s = stmt;
  if (s.type === 'expression_statement') s = namedChildren(s)[0] ?? s;
  if (s.type === 'break_statement' || s.type === 'break_expression') return namedChildren(s).every((c) => isComment(lang, c));
  return false;
}

function continues(lang: LanguageId, body: Node): boolean {
  const visit = (n: Node): boolean => {
    if (n.type === 'continue_statement' || n.type === 'continue_expression') return true;
    if (n !== body && (profileOf(lang).loops.kinds.includes(n.type) || profileOf(lang).blocks.functionLike.includes(n.type))) return false;
    return namedChildren(n).some(visit);
  };
  return visit(body);
}

const EFFECTS = new Set([
  'call_expression', 'call', 'method_invocation', 'assignment_expression', 'augmented_assignment_expression', 'update_expression',
  'assignment', 'augmented_assignment', 'inc_statement', 'dec_statement', 'assignment_statement', 'compound_assignment_expr',
  'object_creation_expression', 'new_expression', 'await_expression', 'macro_invocation',
]);

/** Whether an empty loop's header does work: calls, or updates of something that outlives the loop. */
function headerWorks(lang: LanguageId, loop: Node, range: ReturnType<typeof countedRange>): boolean {
  const body = loopBody(loop);
  const own = range?.variable;
  const visit = (n: Node): boolean => {
    if (body && n.id === body.id) return false;
    if (EFFECTS.has(n.type)) {
      // `for i in range(n)`: the builtin's call is how the loop counts, not work
      if (n.type === 'call' && /^range\s*\(/.test(n.text) && profileOf(lang).loops.counted === 'range-call') return false;
      if (!own || isCall(n)) return true;
      const target = n.childForFieldName('argument') ?? n.childForFieldName('left') ?? namedChildren(n)[0];
      const name = target?.type === 'expression_list' ? namedChildren(target)[0]?.text : target?.text;
      if (name !== own) return true;
    }
    return namedChildren(n).some(visit);
  };
  return namedChildren(loop).some(visit);
}

// ---------------------------------------------------------------------------------------------

interface FunctionFacts {
  node: Node;
  name: string | null;
  local: boolean;
  noArguments: boolean;
  wrapper: { value: Node; nested: Node[] } | null;
}

function wrappers(lang: LanguageId, functions: readonly Node[], report: Report): void {
  const facts = functions.map((node): FunctionFacts => ({
    node,
    name: functionName(lang, node),
    local: isLocalFunction(lang, node),
    noArguments: takesNoArguments(lang, node),
    wrapper: wrapperBody(lang, node),
  }));
  const wrappersByName = new Map<string, FunctionFacts[]>();
  for (const f of facts) {
    if (f.name && f.wrapper && f.wrapper.nested.length === 0) wrappersByName.set(f.name, [...(wrappersByName.get(f.name) ?? []), f]);
  }
  // a wrapper that passes its own parameters on, in order, to another wrapper only forwards
  const forwards = (call: Node, self: FunctionFacts): boolean => {
    const name = calleeName(lang, call);
    const target = name ? wrappersByName.get(name)?.find((w) => w.node.id !== self.node.id) : undefined;
    const args = callArguments(lang, call).map((a) => a.text);
    const params = parametersOf(lang, self.node).map((p) => p.name);
    return target !== undefined && args.length === params.length && args.every((a, i) => a === params[i]);
  };
  for (const f of facts) {
    const depth = closureDepth(lang, f.node);
    if (depth >= 3) report('deep-closure', f.node);
    if (!f.wrapper) continue;
    const core = coreOf(lang, f.wrapper.value);
    if (f.wrapper.nested.length > 0) {
      const names = new Set(f.wrapper.nested.map((n) => functionName(lang, n)));
      if (isCall(core) && names.has(calleeName(lang, core))) report('nested-wrapper', f.node);
      continue;
    }
    const params = parametersOf(lang, f.node).map((p) => p.name);
    if (f.local && f.noArguments && isTrivialExpression(lang, f.wrapper.value)) report('trivial-wrapper', f.node);
    else if (core.type === 'identifier' && params.includes(core.text)) report('trivial-wrapper', f.node);
    if (isCall(core) && forwards(core, f)) report('wrapper-of-wrapper', f.node);
    if (!f.local || !f.noArguments) continue;
    const outer = enclosingFunctionLike(lang, f.node);
    if (outer && isLocalFunction(lang, outer) && takesNoArguments(lang, outer)) report('nested-wrapper', f.node);
    if (outer && f.name) {
      const calls = callsOf(lang, outer, f.name);
      if (calls.length === 1 && isWholeValue(calls[0])) report('wrapped-initializer', f.node);
    }
    for (let p = f.node.parent; p && p.id !== outer?.id; p = p.parent) {
      if (profileOf(lang).loops.kinds.includes(p.type)) {
        report('closure-in-loop', f.node);
        break;
      }
    }
  }
}

/** How many functions deep a local function is, counting itself and not the top-level one. */
function closureDepth(lang: LanguageId, fn: Node): number {
  let depth = 0;
  for (let p: Node | null = fn; p; p = enclosingFunctionLike(lang, p)) if (isLocalFunction(lang, p)) depth++;
  return depth;
}

function callsOf(lang: LanguageId, scope: Node, name: string): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    if (isCall(n) && calleeName(lang, n) === name) out.push(n);
    for (const c of namedChildren(n)) visit(c);
  };
  visit(scope);
  return out;
}

// ---------------------------------------------------------------------------------------------

function unusedVariables(lang: LanguageId, functions: readonly Node[], report: Report): void {
  for (const fn of functions) for (const d of unusedLiterals(lang, fn).slice(1)) report('unused-variable', d.parent ?? d);
}
