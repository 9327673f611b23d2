import type { Node } from 'web-tree-sitter';
import { builtinOnlyDeclaration } from '../languages/cpp/types';
import type { LanguageId } from '../languages/languageIds';
import { pythonKindOf } from '../languages/python/kinds';
import { lineEnd, lineStart } from '../text/lines';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { preprocessorWords } from '../syntax/bindings';
import { Placed, placedStatements } from '../syntax/blocks';
import {
  failureObservable,
  functionOf,
  hasGoto,
  plainLocals,
  StatementFacts,
  statementFacts,
} from '../syntax/dataflow';
import { TYPE_QUERIES } from '../syntax/declarations';
import { effectsOf, unparenthesize } from '../syntax/expressions';
import { declarableType } from '../languages/go/declarableTypes';
import { valueSplits } from '../languages/rust/letValues';
import { descendants, identifiersNamed, namedChildren } from '../syntax/nodes';

/**
 * Two rewrites of one assignment:
 * - split: a declaration with an initialiser becomes a declaration, then an assignment;
 * - move: an assignment (or initialised declaration) of a side-effect-free value moves down to
 *   just before the first statement of its block that uses the variable.
 */

type SiteData =
  | { kind: 'split'; start: number; end: number; declaration: string; assignment: string; indent: string }
  | { kind: 'move'; removeStart: number; removeEnd: number; insertAt: number; text: string };

/** One `x = v` a statement performs: the declared or assigned name and the value. */
interface Assigned {
  name: string;
  value: Node;
  /** The declaration form, when the statement declares the name. */
  declaration: Node | null;
  /** The node that holds `name = value` inside a declaration (init_declarator, variable_declarator...). */
  declarator: Node | null;
}

function only(nodes: readonly (Node | null)[]): Node | null {
  const list = nodes.filter((n): n is Node => n !== null);
  return list.length === 1 ? list[0] : null;
}

function plainAssignment(lang: LanguageId, stmt: Node): Assigned | null {
  const expr = only(namedChildren(stmt).filter((c) => !c.type.includes('comment')));
  if (!expr) return null;
  // Python's `x = v` is an `assignment`, the other grammars' an `assignment_expression`
  if (expr.type !== 'assignment' && expr.type !== 'assignment_expression') return null;
  const left = expr.childForFieldName('left');
  const right = expr.childForFieldName('right');
  if (left?.type !== 'identifier' || !right) return null;
  // Python's chained `a = b = v` and annotated `x: int = v`
  if (right.type === 'assignment' || expr.childForFieldName('type')) return null;
  const op = expr.childForFieldName('operator')?.text ?? '=';
  if (op !== '=') return null;
  return { name: left.text, value: right, declaration: null, declarator: null };
}

/** The single `x = v` of a statement, for the statement kinds each language writes it with. */
function assignedBy(lang: LanguageId, stmt: Node): Assigned | null {
  switch (stmt.type) {
    case 'expression_statement':
      return plainAssignment(lang, stmt);
    case 'assignment_statement': {
      if (stmt.childForFieldName('operator')?.text !== '=') return null;
      const left = only(stmt.childForFieldName('left')?.namedChildren ?? []);
      const right = only(stmt.childForFieldName('right')?.namedChildren ?? []);
      return left?.type === 'identifier' && right ? { name: left.text, value: right, declaration: null, declarator: null } : null;
    }
    case 'declaration': {
      const d = only(stmt.childrenForFieldName('declarator'));
      if (d?.type !== 'init_declarator') return null;
      const value = d.childForFieldName('value');
      const name = assignableDeclaratorName(d.childForFieldName('declarator'));
      if (!value || !name || !d.children.some((c) => c?.type === '=')) return null;
      return { name, value, declaration: stmt, declarator: d };
    }
    case 'local_variable_declaration':
    case 'lexical_declaration':
    case 'variable_declaration': {
      const declarators =
        stmt.type === 'local_variable_declaration'
          ? stmt.childrenForFieldName('declarator')
          : namedChildren(stmt).filter((c) => c.type === 'variable_declarator');
      const d = only(declarators);
      const name = d?.childForFieldName('name');
      const value = d?.childForFieldName('value');
      return d && name?.type === 'identifier' && value ? { name: name.text, value, declaration: stmt, declarator: d } : null;
    }
    case 'short_var_declaration': {
      const left = only(stmt.childForFieldName('left')?.namedChildren ?? []);
      const right = only(stmt.childForFieldName('right')?.namedChildren ?? []);
      return left?.type === 'identifier' && right ? { name: left.text, value: right, declaration: stmt, declarator: null } : null;
    }
    case 'var_declaration': {
      const spec = only(namedChildren(stmt));
      if (spec?.type !== 'var_spec') return null;
      const name = only(spec.childrenForFieldName('name'));
      const value = only(spec.childForFieldName('value')?.namedChildren ?? []);
      return name && value ? { name: name.text, value, declaration: stmt, declarator: spec } : null;
    }
    case 'let_declaration': {
      const pattern = stmt.childForFieldName('pattern');
      const value = stmt.childForFieldName('value');
      if (pattern?.type !== 'identifier' || !value || stmt.childForFieldName('alternative')) return null;
      return { name: pattern.text, value, declaration: stmt, declarator: null };
    }
    default:
      return null;
  }
}

/** The name a declarator of the C grammar (C's, C++'s) declares, through pointers only (arrays and functions are not assignable). */
function assignableDeclaratorName(declarator: Node | null): string | null {
  let d = declarator;
  while (d?.type === 'pointer_declarator') {
    if (namedChildren(d).some((c) => c.type === 'type_qualifier')) return null; // `int *const p`
    d = d.childForFieldName('declarator');
  }
  return d?.type === 'identifier' ? d.text : null;
}

function mentions(node: Node, name: string): boolean {
  return identifiersNamed(node, name).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Split

const TS_LITERAL_TYPES: Record<string, string> = { number: 'number', string: 'string', true: 'boolean', false: 'boolean' };

interface Split {
  declaration: string;
  assignment: string;
}

/**
 * The declaration and the assignment a split gives, or null when the language or the declaration
 * forbids it. The declaration's node kind says how it is written (each belongs to one grammar, or
 * to JavaScript's and TypeScript's); the profile says what else the language makes of it.
 */
function splitForm(ctx: UnitContext, stmt: Node, a: Assigned, plain: ReadonlySet<string>): Split | null {
  const { lang, profile } = ctx;
  if (!a.declaration || mentions(a.value, a.name)) return null;
  const src = ctx.source;
  const value = ctx.text(a.value);
  const semi = stmt.text.trimEnd().endsWith(';') ? ';' : '';
  const assignment = `${a.name} = ${value}${semi}`;
  /** The declaration's text with `declarator` replaced. */
  const without = (node: Node, replacement: string) =>
    src.slice(stmt.startIndex, node.startIndex) + replacement + src.slice(node.endIndex, stmt.endIndex);
  switch (stmt.type) {
    case 'declaration': {
      // C and C++: `int *p = v;`
      const d = a.declarator!;
      const quals = namedChildren(stmt).filter((c) => c.type === 'type_qualifier' || c.type === 'storage_class_specifier');
      const pointer = d.childForFieldName('declarator')?.type === 'pointer_declarator';
      // `static` initialises once, `const` cannot be assigned (a `const` pointee may)
      if (quals.some((q) => q.text !== 'register' && !(pointer && q.text === 'const'))) return null;
      if (a.value.type === 'initializer_list') return null;
      if (a.value.type === 'compound_literal_expression' && profile.expressions.compoundLiteralsAreTemporaries) return null;
      const type = stmt.childForFieldName('type')?.text ?? '';
      // a class's default constructor then its assignment is not its construction from the value
      if (profile.variables.classValuesRunCode && !builtinOnlyDeclaration(stmt) && !/^(std::)?string$/.test(type)) return null;
      // `auto x;` has no initializer to take a type from
      if (profile.expressions.autoInfersType && stmt.childForFieldName('type')?.type === 'placeholder_type_specifier') return null;
      return { declaration: without(d, ctx.text(d.childForFieldName('declarator')!)), assignment };
    }
    case 'local_variable_declaration': {
      // Java: `int x = v;`
      const d = a.declarator!;
      const modifiers = namedChildren(stmt).find((c) => c.type === 'modifiers');
      if (modifiers && /\bfinal\b/.test(modifiers.text)) return null;
      if (stmt.childForFieldName('type')?.text === 'var') return null;
      if (a.value.type === 'array_initializer' || d.childForFieldName('dimensions')) return null;
      return { declaration: without(d, a.name), assignment };
    }
    case 'lexical_declaration':
    case 'variable_declaration': {
      // JavaScript and TypeScript: `let x = v;`, `var x = v;`
      const d = a.declarator!;
      const keyword = stmt.child(0)?.text ?? '';
      // a call in the value may read the variable through a closure: now `undefined`, before a ReferenceError
      if (!plain.has(a.name) && effectsOf(lang, a.value).has('call')) return null;
      let type = d.childForFieldName('type') ? ctx.text(d.childForFieldName('type')!) : '';
      if (profile.expressions.checkedTypeAnnotations && !type) {
        // `let x;` would be an implicit any; a literal's type can be written (a const's literal type could not)
        const literal = TS_LITERAL_TYPES[unparenthesize(a.value).type];
        if (keyword === 'const' || !literal) return null;
        type = `: ${literal}`;
      }
      const before = src.slice(stmt.child(0)!.endIndex, d.startIndex);
      const head = keyword === 'const' ? `let${before}` : src.slice(stmt.startIndex, d.startIndex);
      return { declaration: `${head}${a.name}${type}${src.slice(d.endIndex, stmt.endIndex)}`, assignment };
    }
    case 'var_declaration':
    case 'short_var_declaration': {
      // Go: `var x T = v`, `x := v`
      if (stmt.type === 'var_declaration') {
        const spec = a.declarator!;
        const written = spec.childForFieldName('type');
        const type = written ? ctx.text(written) : declarableType(ctx.root, a.value, TYPE_QUERIES);
        return type ? { declaration: `var ${a.name} ${type}`, assignment } : null;
      }
      const type = declarableType(ctx.root, a.value, TYPE_QUERIES);
      return type ? { declaration: `var ${a.name} ${type}`, assignment } : null;
    }
    case 'let_declaration': {
      // Rust: `let x: T = v;`
      if (namedChildren(stmt).some((c) => c.type === 'attribute_item')) return null;
      if (!valueSplits(a.value, TYPE_QUERIES)) return null;
      const type = stmt.childForFieldName('type');
      // unsized and trait-object coercions happen at a typed `let`, not surely at an assignment
      if (type && /\b(dyn|impl|fn|Box)\b|&/.test(type.text)) return null;
      const valueStart = a.value.startIndex;
      const head = src.slice(stmt.startIndex, valueStart).replace(/\s*=\s*$/, '');
      return { declaration: `${head};`, assignment };
    }
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Move

/** Operators over objects read their contents (`a + b` on lists), which a call in between may change. */
function readsContents(ctx: UnitContext, s: Node, a: Assigned): boolean {
  const v = unparenthesize(a.value);
  if (v.type === 'identifier' || namedChildren(v).length === 0) return false;
  if (!ctx.profile.expressions.operatorsReadContainers) return false;
  if (ctx.profile.variables.declaredByAssignment) {
    // a name's bindings may prove it a number or a string (Python), which holds nothing to change
    const names = descendants(v, (n) => n.type === 'identifier').map((n) => n.text);
    return !names.every((n) => pythonKindOf(s, n, TYPE_QUERIES) !== null);
  }
  return true;
}

interface MovePlan {
  target: Placed;
}

/** Where the assignment can move: before the first later statement of its block that mentions the name. */
function movePlan(
  ctx: UnitContext,
  placed: Placed[],
  i: number,
  a: Assigned,
  facts: (p: Placed) => StatementFacts,
  plain: ReadonlySet<string>,
  macroWords: ReadonlySet<string>,
): MovePlan | null {
  const s = placed[i];
  const fs = facts(s);
  if (fs.opaque || fs.mayFail || fs.jumps || fs.writesMemory || !plain.has(a.name)) return null;
  // a macro may read or write any name its body spells
  if ([a.name, ...fs.reads].some((n) => macroWords.has(n))) return null;
  if (a.declaration && !declarationMoves(ctx, a)) return null;
  const handled = failureObservable(ctx, s.node);
  const contents = readsContents(ctx, s.node, a);
  for (let j = i + 1; j < placed.length; j++) {
    const t = placed[j];
    const ft = facts(t);
    if (ft.mentions.has(a.name)) {
      // the target keeps its lines, its comments and any attribute above it
      if (j === i + 1 || !t.movable || t.node.type === 'labeled_statement' || !ctx.inUnit(t.node)) return null;
      return ctx.indentOf(t.node) === ctx.indentOf(s.node) ? { target: t } : null;
    }
    if (ft.jumps || t.node.type === 'labeled_statement') return null;
    for (const name of ft.mutates) if (fs.reads.has(name)) return null;
    if ((fs.readsMemory || contents) && (ft.opaque || ft.writesMemory)) return null;
    if (handled && (ft.opaque || ft.mayFail)) return null;
  }
  return null;
}

/** Declarations whose place matters beyond their value. */
function declarationMoves(ctx: UnitContext, a: Assigned): boolean {
  const d = a.declaration!;
  // C's `static` initialises once; a Rust attribute applies to the statement it stands on
  return !namedChildren(d).some((c) => c.type === 'storage_class_specifier' || c.type === 'attribute_item');
}

/** The lines a placed statement owns, with their line break: [start of its first line, after its newline). */
function ownLines(ctx: UnitContext, p: Placed): { start: number; end: number } {
  const src = ctx.source;
  const start = lineStart(src, p.leadStart);
  const end = lineEnd(src, p.end);
  return { start, end: Math.min(src.length, end + 1) };
}

/** Whether the line starting at `start` is blank (and not the file's last). */
function blankLine(src: string, start: number): boolean {
  const end = lineEnd(src, start);
  return src.slice(start, end).trim() === '' && end < src.length;
}

function moveData(ctx: UnitContext, s: Placed, plan: MovePlan, first: boolean): SiteData {
  const src = ctx.source;
  const lines = ownLines(ctx, s);
  let removeEnd = lines.end;
  // no blank line left doubled, or opening the block
  const before = lines.start === 0 ? '' : src.slice(lineStart(src, lines.start - 1), lines.start - 1);
  const blankBefore = first || before.trim() === '';
  if (blankBefore && blankLine(src, removeEnd)) removeEnd = lineEnd(src, removeEnd) + 1;
  const insertAt = lineStart(src, plan.target.leadStart);
  return { kind: 'move', removeStart: lines.start, removeEnd, insertAt, text: src.slice(lines.start, lines.end) };
}

export const moveAssignments: Method = {
  ...catalogued('move-assignments'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const sites: Site[] = [];
    const macroWords = ctx.profile.preprocessor ? preprocessorWords(ctx.root) : new Set<string>();
    for (const list of ctx.nodes(ctx.profile.blocks.statementLists)) {
      if (!ctx.inFunctionBody(list)) continue;
      const fn = functionOf(ctx.lang, list);
      if (!fn) continue;
      const goto = hasGoto(ctx, fn);
      const plain = plainLocals(ctx, fn);
      const placed = placedStatements(ctx, list);
      const cache = new Map<number, StatementFacts>();
      const facts = (p: Placed) => {
        let f = cache.get(p.node.id);
        if (!f) cache.set(p.node.id, (f = statementFacts(ctx, p.node, plain)));
        return f;
      };
      for (const [i, s] of placed.entries()) {
        if (!s.movable || !ctx.inUnit(s.node)) continue;
        const a = assignedBy(ctx.lang, s.node);
        if (!a) continue;
        const line = ctx.lineOf(s.node.startIndex);
        const split = splitForm(ctx, s.node, a, plain);
        if (split) {
          const data: SiteData = { kind: 'split', start: s.node.startIndex, end: s.node.endIndex, ...split, indent: ctx.indentOf(s.node) };
          const label = `split the declaration of \`${a.name}\` at line ${line}`;
          sites.push({ start: s.node.startIndex, end: s.node.endIndex, label, data });
        }
        const plan = goto ? null : movePlan(ctx, placed, i, a, facts, plain, macroWords);
        if (plan) {
          const data = moveData(ctx, s, plan, i === 0);
          const to = ctx.lineOf(plan.target.node.startIndex);
          const label = `move \`${a.name}\` from line ${line} to before line ${to}`;
          sites.push({ start: s.node.startIndex, end: s.node.endIndex, label, data });
        }
      }
    }
    return sites.sort((x, y) => x.start - y.start);
  },

  apply(ctx, site) {
    const data = site.data as SiteData;
    if (data.kind === 'split') {
      return {
        edits: [{ start: data.start, end: data.end, text: `${data.declaration}\n${data.indent}${data.assignment}` }],
        summary: `split a declaration at line ${ctx.lineOf(data.start)} into a declaration and an assignment`,
      };
    }
    return {
      edits: [
        { start: data.removeStart, end: data.removeEnd, text: '' },
        { start: data.insertAt, end: data.insertAt, text: data.text },
      ],
      summary: `moved the assignment at line ${ctx.lineOf(data.removeStart)} down to line ${ctx.lineOf(data.insertAt)}`,
    };
  },
};
