import type { Node } from 'web-tree-sitter';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { similarity, unitText } from '../similarity/similarity';
import { fieldName } from '../syntax/nodes';
import type { Span } from '../text/edits';
import { round4 } from '../round';

/**
 * The study's filters for a contaminated sample and its control (seed 003, section 2.5): equal
 * McCabe complexity, code length, AST node counts, a keyword Generalised Jaccard Index and an
 * AST-node LCS ratio. The paper's text lost its numeric thresholds, so ours are chosen for a
 * control that may differ from its original only in identifier names: ratios within 10%.
 */
export const RATIO_RANGE: readonly [number, number] = [0.9, 1 / 0.9];
export const MIN_GJI = 0.9;
export const MIN_LCS = 0.9;

export interface CodeMetrics {
  cyclomatic: number;
  tokens: number;
  nodes: { total: number; statement: number; expression: number; call: number };
  /** Keywords and operators, with their counts. */
  keywords: Record<string, number>;
  /** Named node types in pre-order: the abstract execution flow LCS compares. */
  sequence: string[];
  /** The leaves, for the identifiers-only comparison; `member` for names after `obj.` (another namespace). */
  leaves: { type: string; text: string; member: boolean }[];
  /** The first function defined in the span (its name). */
  functionName: string | null;
  syntaxErrors: number;
}

export interface PairCheck {
  id: string;
  /** What is compared and the rule it must meet. */
  rule: string;
  original: number | null;
  control: number | null;
  /** The compared value (a ratio, an index, a difference). */
  value: number;
  /** null for values only recorded (similarity). */
  pass: boolean | null;
  detail?: string;
}

export interface PairCheckResult {
  checks: PairCheck[];
  passed: boolean;
  failing: string[];
  similarity: { surface: number; structural: number; overall: number };
  entryPoint: { original: string | null; control: string | null };
}

const SHORT_CIRCUIT = new Set(['&&', '||', '??', 'and', 'or']);

const CALLS = new Set(['call', 'call_expression', 'method_invocation', 'object_creation_expression', 'new_expression', 'macro_invocation']);

/** Declarations that are statements in a body (`int x = 1;`, `let x = 1;`, `x := 1`). */
const STATEMENT_EXTRAS = new Set([
  'declaration', 'local_variable_declaration', 'let_declaration', 'short_var_declaration', 'var_declaration', 'const_declaration',
  'lexical_declaration', 'variable_declaration', 'assignment_statement',
]);

const PUNCTUATION = new Set(['(', ')', '[', ']', '{', '}', ',', ';', '.', ':', '"', "'", '`', '"""', "'''", '\n']);

function isComment(node: Node): boolean {
  return node.type.includes('comment');
}

/** A Python docstring is the description side of a sample, not code: it is left out like a comment. */
function isDocstring(lang: LanguageId, node: Node): boolean {
  return profileOf(lang).isFunctionDocstring(node);
}

const MEMBER_PARENTS = new Set(['attribute', 'member_expression', 'field_expression', 'selector_expression', 'method_invocation', 'field_access', 'scoped_identifier']);
const MEMBER_FIELDS = new Set(['attribute', 'property', 'field', 'name']);

/** `obj.count` names a member, not the local `count` a control may rename. */
function isMemberName(node: Node): boolean {
  const parent = node.parent;
  if (!parent || !MEMBER_PARENTS.has(parent.type)) return false;
  const field = fieldName(node);
  return field !== null && MEMBER_FIELDS.has(field);
}

function isStatement(type: string): boolean {
  return type.endsWith('_statement') || STATEMENT_EXTRAS.has(type);
}

function isExpression(lang: LanguageId, type: string): boolean {
  return type.endsWith('_expression') || CALLS.has(type) || profileOf(lang).expressions.otherExpressionKinds.has(type);
}

/** Whether the node adds one path (McCabe, 1976): one of the language's decision points (`decisions`), or a short-circuit operator. */
function isDecision(decisions: readonly string[], node: Node): boolean {
  if (decisions.includes(node.type)) {
    // `default:` takes no decision
    if (node.type === 'case_statement' || node.type === 'switch_label') return !node.children.some((c) => c?.type === 'default');
    return true;
  }
  if (['binary_expression', 'boolean_operator'].includes(node.type)) return node.children.some((c) => !!c && !c.isNamed && SHORT_CIRCUIT.has(c.type));
  return false;
}

const FUNCTION_NAMES: Record<string, string> = {
  function_definition: 'name',
  function_declaration: 'name',
  method_declaration: 'name',
  function_item: 'name',
  method_definition: 'name',
};

function functionNameOf(node: Node): string | null {
  const field = FUNCTION_NAMES[node.type];
  if (!field) return null;
  let name = node.childForFieldName(field);
  if (!name && node.type === 'function_definition') {
    // C and C++: the name sits in the declarator
    let d = node.childForFieldName('declarator');
    while (d && d.type !== 'identifier' && d.type !== 'field_identifier' && d.type !== 'qualified_identifier') d = d.childForFieldName('declarator');
    name = d;
  }
  return name ? name.text : null;
}

/** Measures the code of `span` in a parsed file (comments and docstrings left out). */
export function metricsOf(lang: LanguageId, root: Node, span: Span): CodeMetrics {
  const m: CodeMetrics = {
    cyclomatic: 1,
    tokens: 0,
    nodes: { total: 0, statement: 0, expression: 0, call: 0 },
    keywords: {},
    sequence: [],
    leaves: [],
    functionName: null,
    syntaxErrors: 0,
  };
  const decisions = profileOf(lang).decisionPoints;
  let arms = 0;
  let matches = 0;
  const visit = (node: Node) => {
    if (node.endIndex <= span.start || node.startIndex >= span.end) return;
    if (isComment(node) || isDocstring(lang, node)) return;
    const inside = node.startIndex >= span.start && node.endIndex <= span.end;
    if (inside) {
      if (node.isError || node.isMissing) m.syntaxErrors++;
      if (node.isNamed) {
        m.nodes.total++;
        m.sequence.push(node.type);
        if (isStatement(node.type)) m.nodes.statement++;
        if (isExpression(lang, node.type)) m.nodes.expression++;
        if (CALLS.has(node.type)) m.nodes.call++;
        if (m.functionName === null) m.functionName = functionNameOf(node);
      }
      if (isDecision(decisions, node)) m.cyclomatic++;
      if (node.type === 'match_arm') arms++;
      if (node.type === 'match_expression') matches++;
      if (node.childCount === 0) {
        m.tokens++;
        m.leaves.push({ type: node.type, text: node.text, member: isMemberName(node) });
        if (!node.isNamed && !PUNCTUATION.has(node.type) && node.type.trim()) m.keywords[node.type] = (m.keywords[node.type] ?? 0) + 1;
      }
    }
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  // a Rust match with n arms takes n - 1 decisions, like a switch with a default
  m.cyclomatic -= matches > 0 ? Math.min(matches, arms) : 0;
  return m;
}

/** Generalised Jaccard Index of two multisets: sum of minimum counts over sum of maximum counts. */
export function generalisedJaccard(a: Record<string, number>, b: Record<string, number>): number {
  let min = 0;
  let max = 0;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    min += Math.min(a[key] ?? 0, b[key] ?? 0);
    max += Math.max(a[key] ?? 0, b[key] ?? 0);
  }
  return max === 0 ? 1 : min / max;
}

/**
 * Length of the longest common subsequence, by Myers' O((N+M)D) edit distance (LCS = (N+M-D)/2):
 * a control differs from its original in few nodes, so D is small where the usual table would
 * cost N*M on a long function.
 */
export function lcsLength(a: readonly string[], b: readonly string[]): number {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) return 0;
  const max = n + m;
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return (n + m - d) / 2;
    }
  }
  return 0;
}

/** LCS of the node sequences over the longer one's length: 1 when the flows are the same. */
export function lcsRatio(a: readonly string[], b: readonly string[]): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : lcsLength(a, b) / longest;
}

function isIdentifierType(type: string): boolean {
  return type.endsWith('identifier') || type === 'identifier';
}

/**
 * The study's rule itself: the two token sequences are the same except for identifiers, and each
 * original name became one new name everywhere (and no two names merged). Names of members and
 * of the rest live apart: a local `length` renamed leaves `items.length` as it was.
 */
export function identifiersOnly(a: CodeMetrics, b: CodeMetrics): { pass: boolean; detail: string; renamed: number } {
  if (a.leaves.length !== b.leaves.length) return { pass: false, detail: `${a.leaves.length} tokens against ${b.leaves.length}`, renamed: 0 };
  const forward = new Map<string, string>();
  const backward = new Map<string, string>();
  for (let i = 0; i < a.leaves.length; i++) {
    const x = a.leaves[i];
    const y = b.leaves[i];
    if (x.type !== y.type) return { pass: false, detail: `token ${i + 1}: \`${x.text}\` became \`${y.text}\``, renamed: 0 };
    if (x.text === y.text && !isIdentifierType(x.type)) continue;
    if (!isIdentifierType(x.type)) return { pass: false, detail: `\`${x.text}\` became \`${y.text}\`, which is not an identifier`, renamed: 0 };
    const space = `${x.member ? 'm' : 'v'}:${x.type}:`;
    if ((forward.get(space + x.text) ?? y.text) !== y.text || (backward.get(space + y.text) ?? x.text) !== x.text) {
      return { pass: false, detail: `\`${x.text}\` is not renamed the same way everywhere`, renamed: 0 };
    }
    forward.set(space + x.text, y.text);
    backward.set(space + y.text, x.text);
  }
  const renamed = new Set(a.leaves.map((x, i) => (x.text !== b.leaves[i].text ? `${x.text}\u0000${b.leaves[i].text}` : '')).filter(Boolean)).size;
  return { pass: true, detail: `${renamed} identifier(s) renamed`, renamed };
}


function ratioCheck(id: string, what: string, original: number, control: number): PairCheck {
  const value = original === 0 ? (control === 0 ? 1 : Infinity) : control / original;
  const pass = value >= RATIO_RANGE[0] - 1e-9 && value <= RATIO_RANGE[1] + 1e-9;
  return { id, rule: `${what}: control/original within [${RATIO_RANGE[0]}, ${round4(RATIO_RANGE[1])}]`, original, control, value: round4(value), pass };
}

export interface PairSide {
  /** The whole file. */
  text: string;
  /** The sample in it. */
  span: Span;
}

/** Every check of a pair, on the sample in each file. */
export async function checkPair(loader: GrammarLoader, lang: LanguageId, original: PairSide, control: PairSide, mu = 0.5): Promise<PairCheckResult> {
  const treeA = await loader.parse(lang, original.text);
  const treeB = await loader.parse(lang, control.text);
  try {
    const a = metricsOf(lang, treeA.rootNode, original.span);
    const b = metricsOf(lang, treeB.rootNode, control.span);
    const gji = generalisedJaccard(a.keywords, b.keywords);
    const lcs = lcsRatio(a.sequence, b.sequence);
    const names = identifiersOnly(a, b);
    const s = similarity(unitText(lang, treeA, original.text, original.span), unitText(lang, treeB, control.text, control.span), { mu });
    const checks: PairCheck[] = [
      { id: 'parses', rule: 'the control parses without syntax errors', original: a.syntaxErrors, control: b.syntaxErrors, value: b.syntaxErrors, pass: b.syntaxErrors === 0 },
      { id: 'cyclomatic', rule: 'McCabe cyclomatic complexity equal', original: a.cyclomatic, control: b.cyclomatic, value: b.cyclomatic - a.cyclomatic, pass: a.cyclomatic === b.cyclomatic },
      ratioCheck('tokens', 'token count', a.tokens, b.tokens),
      ratioCheck('nodes.total', 'AST nodes', a.nodes.total, b.nodes.total),
      ratioCheck('nodes.statement', 'statement nodes', a.nodes.statement, b.nodes.statement),
      ratioCheck('nodes.expression', 'expression nodes', a.nodes.expression, b.nodes.expression),
      ratioCheck('nodes.call', 'call nodes', a.nodes.call, b.nodes.call),
      { id: 'keywords-gji', rule: `keyword Generalised Jaccard Index at least ${MIN_GJI}`, original: null, control: null, value: round4(gji), pass: gji >= MIN_GJI },
      { id: 'ast-lcs', rule: `AST-node LCS ratio at least ${MIN_LCS}`, original: a.sequence.length, control: b.sequence.length, value: round4(lcs), pass: lcs >= MIN_LCS },
      { id: 'identifiers-only', rule: 'only identifiers differ, each renamed consistently', original: null, control: null, value: names.renamed, pass: names.pass, detail: names.detail },
      { id: 'similarity', rule: 'recorded: surface, structural and overall similarity', original: null, control: null, value: round4(s.overall), pass: null, detail: `surface ${round4(s.surface)}, structural ${round4(s.structural)}` },
    ];
    const failing = checks.filter((c) => c.pass === false).map((c) => c.id);
    return {
      checks,
      passed: failing.length === 0,
      failing,
      similarity: { surface: round4(s.surface), structural: round4(s.structural), overall: round4(s.overall) },
      entryPoint: { original: a.functionName, control: b.functionName },
    };
  } finally {
    treeA.delete();
    treeB.delete();
  }
}

/** One line per check, for the CLI and the editor's log. */
export function checkLines(result: PairCheckResult): string[] {
  const mark = (c: PairCheck) => (c.pass === null ? '  - ' : c.pass ? 'pass' : 'FAIL');
  const side = (v: number | null) => (v === null ? '' : String(v));
  return result.checks.map(
    (c) => `${mark(c)}  ${c.id.padEnd(17)} ${side(c.original).padStart(6)} ${side(c.control).padStart(6)}  ${String(c.value).padStart(7)}  ${c.rule}${c.detail ? ` (${c.detail})` : ''}`,
  );
}
