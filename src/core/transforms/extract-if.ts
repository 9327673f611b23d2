import type { Node } from 'web-tree-sitter';
import { cppCapturable } from '../languages/cpp/captures';
import { javaCapturable } from '../languages/java/captures';
import { javaImport, javaNameTaken } from '../languages/java/imports';
import { rustClosureSafe } from '../languages/rust/closures';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { TYPE_QUERIES } from '../syntax/declarations';
import { APPLICABLE, Method, Site } from './method';
import { asBinary, negatedOperand, parenthesize, precedenceOf, unparenthesize } from '../syntax/expressions';
import {
  closureLines,
  declaredAround,
  frameDependent,
  freeNames,
  hasGoto,
  helperShows,
  insertLocal,
  localSpot,
  losesNarrowing,
  LocalSpot,
  ParamHelper,
  paramHelper,
  pickName,
  subjectWord,
  writesOrSuspends,
} from '../syntax/helpers';
import { branchBlock, emptiness, inHelper, inLoop, inRustFnItem, worthAHelper } from '../syntax/shapes';
import { reindented } from '../syntax/loops';
import { ancestor, descendants, holdingWord, namedChildren, nodesOfType } from '../syntax/nodes';

/**
 * Moves an if's condition into a helper and calls it in the condition, or (C++, Go, JavaScript,
 * TypeScript) moves the whole if into a closure that captures by reference and calls it where
 * the if was. A condition's helper takes what it reads as parameters (syntax/helpers.ts,
 * paramHelper): a static function in C and Java, a nested def in Python, an arrow function or
 * a generic lambda at the top of the function in JavaScript, TypeScript and C++, a function
 * next to it in Go. Where no such helper can be written (Rust; a TypeScript or Go local whose
 * type is unknown), a closure of no arguments is defined right before the if (before the
 * first if of an else-if chain): Python a nested def, C++ a `[&]` lambda, Go a func literal,
 * Rust a `||` closure, JavaScript and TypeScript an arrow function, Java a BooleanSupplier
 * when every captured local is effectively final; never in a loop, where it would be made
 * again at every pass. Conditions that name nothing a helper could add to are declined: a
 * variable, a field, a literal (tested against 0 or null at most), a call of another wrapper;
 * so is code in a helper an earlier step made.
 */

type Form = 'closure' | 'lambda' | 'param';

interface Plan {
  kind: 'condition' | 'whole';
  form: Form;
  /** The if (or Python elif clause) whose condition moves, or the if that moves. */
  node: Node;
  /** The condition expression (parentheses the syntax needs left out). */
  cond: Node;
  /** What the call replaces: the condition, or the whole if. */
  replace: Node;
  spot?: LocalSpot;
  /** Helpers with parameters: where the helper goes and what it takes. */
  helper?: ParamHelper;
}

/** The if that heads an else-if chain holding `node`. */
function chainHead(ctx: UnitContext, node: Node): Node {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (!parent) return current;
    if (parent.type === 'else_clause' && parent.parent?.type === ctx.profile.blocks.ifKind) current = parent.parent;
    else if (parent.type === 'elif_clause') current = parent.parent ?? parent;
    else if (parent.type === ctx.profile.blocks.ifKind && parent.childForFieldName('alternative')?.id === current.id) current = parent;
    else return current;
  }
}

/** The conditions tested before `node`'s in its chain. */
function earlierConditions(ctx: UnitContext, head: Node, node: Node): Node[] {
  const links: Node[] = [];
  if (ctx.profile.blocks.elifClauses) links.push(head, ...namedChildren(head).filter((c) => c.type === 'elif_clause'));
  else {
    const isIf = (x: Node) => x.type === ctx.profile.blocks.ifKind;
    for (let n: Node | null = head; n; ) {
      links.push(n);
      const alt: Node | null = n.childForFieldName('alternative');
      const next: Node | null | undefined = alt?.type === 'else_clause' ? namedChildren(alt).find(isIf) : alt;
      n = next && isIf(next) ? next : null;
    }
  }
  const until = links.findIndex((l) => l.id === node.id);
  return links.slice(0, until < 0 ? 0 : until).map((l) => l.childForFieldName('condition')).filter((c): c is Node => c !== null);
}

/** The condition expression of an if, or null when it declares or binds something (C++ `if (int x = f())`, Rust `if let`). */
function conditionOf(ctx: UnitContext, node: Node): Node | null {
  const cond = node.childForFieldName('condition');
  if (!cond) return null;
  // C++ writes every condition as a clause, which may hold an init-statement or a declaration
  if (cond.type === 'condition_clause') {
    if (cond.childForFieldName('initializer')) return null;
    const value = cond.childForFieldName('value');
    return value && !value.type.includes('declaration') ? value : null;
  }
  if (cond.type === 'let_condition' || cond.type === 'let_chain') return null;
  // where the syntax does not parenthesise an if's condition, a parenthesised one is replaced whole
  return ctx.profile.switches.bareConditions ? cond : unparenthesize(cond);
}

/** Whether the chain head stands alone as a statement the closure can precede. */
function standsAlone(ctx: UnitContext, head: Node, spot: LocalSpot): boolean {
  const s = spot.statement;
  if (s.id === head.id) return true;
  // where an if is an expression, it may stand in an expression statement or a `let`
  if (!ctx.profile.blocks.blockExpressions) return false;
  if (s.type === 'expression_statement') return s.namedChildren[0]?.id === head.id;
  return s.type === 'let_declaration' && s.childForFieldName('value')?.id === head.id;
}

/** How the condition of `node` can move, or null when it cannot. */
function conditionPlan(ctx: UnitContext, node: Node): Plan | null {
  const cond = conditionOf(ctx, node);
  if (!cond || cond.hasError) return null;
  if (node.children.some((c) => c?.type === 'constexpr')) return null;
  const inner = unparenthesize(cond);
  if (writesOrSuspends(ctx, inner) || frameDependent(ctx, inner)) return null;
  if (freeNames(ctx, inner).length === 0) return null; // a constant condition says nothing worth naming
  if (!worthAHelper(ctx.lang, ctx.root, inner) || inHelper(ctx.lang, node, ctx.target?.node)) return null;
  // a Python function that reads its frame (locals(), vars()) would see the helper as a new local
  if (helperShows(ctx, node, inner.text)) return null;
  const replace = ctx.profile.switches.bareConditions ? cond : inner;
  const base = { kind: 'condition' as const, node, cond: inner, replace };
  // a helper beside the host gets copies: taking the address of one would not reach the original
  const addressOf = (n: Node) => n.type === 'pointer_expression' && n.children[0]?.type === '&';
  const copies = ctx.profile.helpers.parameterHelper !== 'local' && ctx.profile.variables.aliasing === 'address-of';
  if (copies && descendants(inner, addressOf).length > 0) return null;
  if (!losesNarrowing(ctx, inner)) {
    const helper = paramHelper(ctx, inner, ctx.profile.helpers.truthType);
    if (helper) return { ...base, form: 'param', helper };
  }
  if (!ctx.profile.helpers.closure) return null;
  if (ctx.profile.helpers.functionalInterfaces) {
    const lambda = localPlan(ctx, base);
    const names = freeNames(ctx, inner).map((o) => o.name);
    const capturable = names.every((n) => javaCapturable(inner, n, TYPE_QUERIES));
    const taken = javaNameTaken(ctx.root, ctx.words, 'BooleanSupplier', 'java.util.function.BooleanSupplier', TYPE_QUERIES);
    return lambda && capturable && !taken ? { ...lambda, form: 'lambda' } : null;
  }
  return localPlan(ctx, base);
}

/** A closure defined before the chain head, outside any loop. */
function localPlan(ctx: UnitContext, base: Omit<Plan, 'form'>): Plan | null {
  const head = chainHead(ctx, base.node.type === 'elif_clause' ? (base.node.parent ?? base.node) : base.node);
  const spot = localSpot(ctx, head);
  if (!spot || !standsAlone(ctx, head, spot) || inLoop(ctx.lang, spot.statement)) return null;
  const names = freeNames(ctx, base.cond).map((o) => o.name);
  if (declaredAround(ctx, spot.statement, base.cond, new Set(names))) return null;
  if (helperShows(ctx, base.node, base.cond.text)) return null;
  // a goto may not jump over the closure's definition
  if (ctx.profile.blocks.hasGoto && hasGoto(ctx, base.node)) return null;
  if (ctx.profile.helpers.closureCaptures === 'declared-variables' && !cppCapturable(base.cond, names, TYPE_QUERIES)) return null;
  if (ctx.profile.helpers.closureCaptures === 'borrows') {
    if (!rustClosureSafe(base.cond, TYPE_QUERIES)) return null;
    // the closure borrows what it reads from its definition to its call: earlier tests in the chain must only read
    if (earlierConditions(ctx, head, base.node).some((c) => !rustClosureSafe(c, TYPE_QUERIES) || writesOrSuspends(ctx, c))) return null;
    // defined before the chain, a closure that takes a variable by value would move it before the earlier branches run
    if (head.id !== base.node.id && passesByValue(base.cond)) return null;
  }
  if (losesNarrowing(ctx, base.cond)) return null;
  return { ...base, form: 'closure', spot };
}

/** Whether a Rust expression passes a variable itself (not a reference to it) to a function, which may move it. */
function passesByValue(cond: Node): boolean {
  return descendants(cond, (n) => n.type === 'arguments').some((args) =>
    namedChildren(args).some((a) => a.type === 'identifier' || a.type === 'self' || a.type === 'field_expression'),
  );
}

const ENDS_FUNCTION = new Set(['return_statement', 'return_expression', 'co_return_statement', 'yield_statement', 'throw_statement']);
const ESCAPES = new Set(['goto_statement', 'labeled_statement', 'case_statement', 'defer_statement', 'fallthrough_statement']);
const SUSPENDS = new Set(['await_expression', 'yield_expression', 'co_await_expression', 'co_yield_statement']);

/**
 * Whether control can leave the if other than by falling off its end, which it could not do
 * from inside a closure: return, goto, labels, break and continue that target a loop or switch
 * around the if, C++ case labels of an enclosing switch, Go defer and fallthrough.
 */
function leavesIf(ctx: UnitContext, node: Node): boolean {
  let leaves = false;
  const visit = (n: Node, inLoop: boolean, inSwitch: boolean) => {
    if (leaves || (n !== node && ctx.profile.blocks.functionScopes.includes(n.type))) return;
    const t = n.type;
    if (ENDS_FUNCTION.has(t) || ESCAPES.has(t)) {
      leaves = true;
      return;
    }
    if ((t === 'break_statement' && !inLoop && !inSwitch) || (t === 'continue_statement' && !inLoop)) leaves = true;
    if ((t === 'break_statement' || t === 'continue_statement') && namedChildren(n).some((c) => c.type !== 'comment')) leaves = true;
    const loop = inLoop || ctx.profile.loops.kinds.includes(t);
    const sw = inSwitch || ['switch_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement'].includes(t);
    for (const c of namedChildren(n)) visit(c, loop, sw);
  };
  visit(node, false, false);
  return leaves;
}

/** How a whole if can move into a closure called in its place, or null. */
function wholePlan(ctx: UnitContext, node: Node): Plan | null {
  if (!ctx.profile.helpers.statementClosure || node.hasError || chainHead(ctx, node).id !== node.id) return null;
  const spot = localSpot(ctx, node);
  if (!spot || spot.statement.id !== node.id || node.children.some((c) => c?.type === 'constexpr')) return null;
  if (leavesIf(ctx, node) || frameDependent(ctx, node)) return null;
  // not made again at every pass of a loop, not inside a helper, and holding no closure of its own
  if (inLoop(ctx.lang, node) || inHelper(ctx.lang, node, ctx.target?.node)) return null;
  if (descendants(node, (n) => ctx.profile.blocks.functionScopes.includes(n.type)).length > 0) return null;
  // an if that does nothing is no rule to name
  const consequence = node.childForFieldName('consequence');
  const block = consequence ? branchBlock(ctx.lang, consequence) : null;
  if (block && emptiness(ctx.lang, ctx.source, block).empty) return null;
  if (descendants(node, (n) => SUSPENDS.has(n.type)).length > 0) return null;
  const names = freeNames(ctx, node).map((o) => o.name);
  if (names.length === 0) return null;
  if (ctx.profile.blocks.hasGoto && hasGoto(ctx, node)) return null;
  if (ctx.profile.helpers.closureCaptures === 'declared-variables' && !cppCapturable(node, names, TYPE_QUERIES)) return null;
  // a closure has its own frame: recover() in it would no longer stop the host's panic
  if (ctx.profile.blocks.deferAndRecover && /\brecover\s*\(/.test(node.text)) return null;
  // `var` and block-level function declarations are seen outside the if; in a closure they would not be
  // (JavaScript's node kinds: Go's function_declaration stands at the top level only, in no if)
  const hoisting = (n: Node) => n.type === 'variable_declaration' || n.type === 'function_declaration';
  if (descendants(node, hoisting, (n) => ctx.profile.blocks.functionScopes.includes(n.type)).length > 0) return null;
  if (losesNarrowing(ctx, node)) return null;
  // the checker would not count an assignment made in the closure
  if (ctx.profile.definiteAssignment && (assignsUninitialised(ctx, node) || constructorAssignsField(node))) return null;
  const cond = conditionOf(ctx, node) ?? node;
  return { kind: 'whole', form: 'closure', node, cond, replace: node, spot };
}

/** TypeScript: whether the if assigns a variable declared without a value, which TypeScript would then call unassigned. */
function assignsUninitialised(ctx: UnitContext, node: Node): boolean {
  const assignments = descendants(node, (n) => n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression');
  const targets = new Set(assignments.map((a) => unparenthesize(a.childForFieldName('left') ?? a).text));
  if (targets.size === 0) return false;
  // any declaration of the name in the file, wherever the if is nested; only a plain name can be
  // declared, so only the regions holding one of the targets' names are read
  const names = [...targets].every((t) => /^[A-Za-z_$][\w$]*$/.test(t)) ? holdingWord(targets) : undefined;
  return nodesOfType(ctx.root, ['variable_declarator'], names).some(
    (n) => n.childForFieldName('value') === null && targets.has(n.childForFieldName('name')?.text ?? ''),
  );
}

/**
 * TypeScript: whether a constructor's if assigns `this.x`, which TypeScript accepts for readonly
 * and definitely-assigned properties only directly in the constructor, not in a closure.
 */
function constructorAssignsField(node: Node): boolean {
  const method = ancestor(node, ['method_definition']);
  if (method?.childForFieldName('name')?.text !== 'constructor') return false;
  return descendants(node, (n) => n.type === 'assignment_expression' || n.type === 'augmented_assignment_expression').some((a) =>
    /^this\s*\./.test(a.childForFieldName('left')?.text ?? ''),
  );
}

function ifNodes(ctx: UnitContext): Node[] {
  const ifs = ctx.nodes(ctx.profile.blocks.elifClauses ? [ctx.profile.blocks.ifKind, 'elif_clause'] : ctx.profile.blocks.ifKind);
  return ifs.filter((n) => ctx.inFunctionBody(n) && !inRustFnItem(ctx.lang, n));
}

function plansOf(ctx: UnitContext, node: Node): Plan[] {
  return [conditionPlan(ctx, node), node.type === 'elif_clause' ? null : wholePlan(ctx, node)].filter((p): p is Plan => p !== null);
}

// ---------------------------------------------------------------------------------------------
// Text

function conditionName(ctx: UnitContext, cond: Node, rng: Rng): string {
  const w = subjectWord(ctx, cond);
  const inner = unparenthesize(cond);
  const op = negatedOperand(inner) ? '!' : (asBinary(ctx.lang, inner)?.operator ?? '');
  const byOp: Record<string, string[][]> = {
    '<': [['is', w, 'low'], [w, 'below', 'limit'], ['is', w, 'under']],
    '>': [['is', w, 'high'], [w, 'above', 'limit'], ['is', w, 'over']],
    '==': [['is', w, 'match'], [w, 'matches'], ['is', 'same', w]],
    '!=': [[w, 'differs'], ['is', w, 'changed'], ['is', 'other', w]],
    '&&': [['is', w, 'eligible'], ['should', 'handle', w], [w, 'qualifies']],
    '||': [['is', w, 'flagged'], ['needs', w], [w, 'applies']],
    '!': [['lacks', w], ['is', w, 'missing'], ['no', w, 'yet']],
  };
  const same: Record<string, string> = {
    '<=': '<', '>=': '>', '===': '==', is: '==', in: '==', '!==': '!=', 'is not': '!=', 'not in': '!=', and: '&&', or: '||',
  };
  const key = same[op] ?? op;
  return pickName(ctx, rng, byOp[key] ?? [['is', w, 'set'], ['has', w], ['check', w]]);
}

/** How much deeper a moved condition's later lines go: one level where the helper's body is an indented block (Python's def). */
function bodyIndent(ctx: UnitContext): string {
  return ctx.profile.spelling.indentedBlocks ? ctx.indentUnit : '';
}

/** The condition as a returned value: C returns an int, so a pointer or other scalar is compared with 0. */
function returned(ctx: UnitContext, cond: Node, extra = ''): string {
  let text = reindented(ctx, cond.startIndex, cond.endIndex, extra);
  // a condition ended by its line
  if (ctx.profile.spelling.indentedBlocks && text.includes('\n')) text = parenthesize(text);
  if (ctx.profile.expressions.truthValuesAreInt && !intTruthValue(ctx, cond)) text = `${precedenceOf(ctx.lang, cond) <= 60 ? parenthesize(text) : text} != 0`;
  return text;
}

/** Whether an expression is already 0 or 1 where truth values are ints (C): comparisons, `!`, `&&` and `||` give one whatever their operands. */
function intTruthValue(ctx: UnitContext, cond: Node): boolean {
  const inner = unparenthesize(cond);
  if (negatedOperand(inner)) return true;
  const op = asBinary(ctx.lang, inner)?.operator ?? '';
  return ['&&', '||', '==', '!=', '<', '>', '<=', '>='].includes(op);
}

function callOf(ctx: UnitContext, plan: Plan, name: string): string {
  if (plan.form === 'lambda') return `${name}.getAsBoolean()`;
  if (plan.form === 'param') return plan.helper!.call(name);
  return `${name}()`;
}

/** The whole if wrapped in a closure, and the call that replaces it. */
function wholeText(ctx: UnitContext, plan: Plan, name: string): string {
  const indent = plan.spot!.indent;
  const u = ctx.indentUnit;
  const body = u + reindented(ctx, plan.node.startIndex, plan.node.endIndex, u);
  const closure = ctx.profile.helpers.statementClosure!;
  const call = ctx.profile.spelling.statement(`${name}()`);
  return `${closure.open(name)}\n${indent}${body}\n${indent}${closure.close}\n${indent}${call}`;
}

export const extractIf: Method = {
  ...catalogued('extract-if'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    for (const node of ifNodes(ctx)) {
      for (const plan of plansOf(ctx, node)) {
        const what = plan.kind === 'whole' ? 'if' : 'condition of the if';
        sites.push({
          start: plan.replace.startIndex,
          end: plan.replace.endIndex,
          label: `${what} at line ${ctx.lineOf(node.startIndex)}`,
          data: { kind: plan.kind, node: node.startIndex },
        });
      }
    }
    return sites;
  },

  apply(ctx, site, rng) {
    const { kind, node: at } = site.data as { kind: Plan['kind']; node: number };
    const node = ifNodes(ctx).find((n) => n.startIndex === at);
    const plan = node ? plansOf(ctx, node).find((p) => p.kind === kind) : undefined;
    if (!plan) throw new Error(`extract-if: no ${kind} site at ${site.start}`);
    const edits: TextEdit[] = [];
    if (plan.kind === 'whole') {
      const w = subjectWord(ctx, plan.cond);
      const name = pickName(ctx, rng, [['apply', w, 'rule'], ['update', w], ['handle', w]]);
      edits.push({ start: plan.node.startIndex, end: plan.node.endIndex, text: wholeText(ctx, plan, name) });
      return { edits, summary: `moved the if at line ${ctx.lineOf(plan.node.startIndex)} into closure \`${name}\`` };
    }
    const name = conditionName(ctx, plan.cond, rng);
    if (plan.form === 'param') {
      edits.push(...plan.helper!.define(name, returned(ctx, plan.cond, bodyIndent(ctx))));
    } else {
      const body = returned(ctx, plan.cond, bodyIndent(ctx));
      edits.push(insertLocal(plan.spot!, closureLines(ctx, name, body, { result: 'bool', iface: 'BooleanSupplier' })));
      if (plan.form === 'lambda') {
        const imp = javaImport(ctx.root, 'java.util.function.BooleanSupplier', TYPE_QUERIES);
        if (imp) edits.push(imp);
      }
    }
    edits.push({ start: plan.replace.startIndex, end: plan.replace.endIndex, text: callOf(ctx, plan, name) });
    return { edits, summary: `moved the condition at line ${ctx.lineOf(plan.cond.startIndex)} into \`${name}\`` };
  },
};
