import type { Node, Tree } from 'web-tree-sitter';
import { findFunctions, FunctionInfo } from '../../languages/functions';
import type { LanguageId } from '../../languages/languageIds';
import { profileOf } from '../../languages/profiles';
import { lineStart } from '../../text/lines';

/**
 * Where a prompt ends and its completion begins, in a function the engine may have rewritten.
 * HumanEval-style records split one function in two: the prompt holds the signature (and its
 * docstring or doc comment), the canonical solution the rest. The split is found again from the
 * function's shape: after the docstring line (Python) or the line of the body's opening brace.
 */

/** Offset just past the line that holds `offset` (its newline included). */
function pastLine(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

export interface Anatomy {
  fn: FunctionInfo;
  /** The signature: from the definition's start to the end of the line that opens its body. */
  header: { start: number; end: number };
  /** Where the prompt ends by the function's shape: after the docstring's line, else the header's end. */
  headEnd: number;
  /** Definitions after the function in the same scope, before `limit`. */
  trailing: Node[];
}

/** The colon that opens an indented block (the grammars of indented blocks put it before the `block`). */
function indentedBlockColon(fn: Node): Node | undefined {
  let colon: Node | undefined;
  for (const child of fn.children) {
    if (!child) continue;
    if (child.type === ':') colon = child;
    if (child.type === 'block') break;
  }
  return colon;
}

/** The entry function's parts in a file, looked up within [from, limit), or why it is not there. */
export function anatomyOf(lang: LanguageId, tree: Tree, text: string, entry: string, from: number, limit: number): Anatomy | string {
  const named = findFunctions(tree.rootNode, profileOf(lang)).filter((f) => f.name === entry && from <= f.start && f.end <= limit);
  const outermost = named.filter((f) => !named.some((o) => o !== f && o.start <= f.start && f.end <= o.end));
  if (outermost.length === 0) return `no function named ${entry} in the record's code`;
  if (outermost.length > 1) return `${entry} names ${outermost.length} functions in the record's code`;
  const fn = outermost[0];
  const body = fn.body!;
  let headerEnd: number;
  let headEnd: number;
  const indented = profileOf(lang).spelling.indentedBlocks;
  if (indented) {
    // the header ends at its colon (it may span lines); a docstring below it belongs to the head
    const colon = indentedBlockColon(fn.node);
    headerEnd = pastLine(text, colon ? colon.endIndex : body.startIndex);
    const first = body.firstNamedChild;
    const docstring = first?.type === 'expression_statement' && first.firstNamedChild?.type === 'string' && first.namedChildCount === 1;
    headEnd = docstring ? pastLine(text, first!.endIndex) : headerEnd;
  } else {
    headerEnd = pastLine(text, body.startIndex);
    headEnd = headerEnd;
  }
  const trailing: Node[] = [];
  for (let sibling = fn.outer.nextNamedSibling; sibling && sibling.startIndex < limit; sibling = sibling.nextNamedSibling) trailing.push(sibling);
  return { fn, header: { start: fn.outer.startIndex, end: headerEnd }, headEnd, trailing };
}

/** How the record's prompt end relates to the function's shape, measured on the original. */
export interface PromptCut {
  /** The prompt ends this far after (or, negative, before) the head end. */
  delta: number;
  /** The text between the head end and the prompt's end, which must be there again. */
  between: string;
  /** Definitions that followed the function in the original: the ones a step adds come before them. */
  trailing: number;
}

export function measureCut(anatomy: Anatomy, text: string, promptEnd: number): PromptCut {
  const delta = promptEnd - anatomy.headEnd;
  const between = delta >= 0 ? text.slice(anatomy.headEnd, promptEnd) : text.slice(promptEnd, anatomy.headEnd);
  return { delta, between, trailing: anatomy.trailing.length };
}

/** Where a definition moved above the function goes: above the comment lines directly over it. */
function leadingStart(fn: FunctionInfo, from: number): number {
  let start = fn.outer.startIndex;
  let row = fn.outer.startPosition.row;
  for (let prev = fn.outer.previousNamedSibling; prev && /comment/.test(prev.type) && prev.endPosition.row >= row - 1 && prev.startIndex >= from; prev = prev.previousNamedSibling) {
    start = prev.startIndex;
    row = prev.startPosition.row;
  }
  return start;
}

/**
 * Cuts the code part of a perturbed file (from `from` to `limit`) into prompt and solution.
 * Definitions a step added after the function (a helper) move above it, into the prompt: a
 * harness keeps a completion only up to the function's end (HumanEval-X's Python evaluator cuts
 * it at the first line at column 0), so whatever the function calls must come before.
 */
export function cutPrompt(lang: LanguageId, tree: Tree, text: string, entry: string, from: number, limit: number, cut: PromptCut): CutCode | string {
  const anatomy = anatomyOf(lang, tree, text, entry, from, limit);
  if (typeof anatomy === 'string') return anatomy;
  const header = text.slice(anatomy.header.start, anatomy.header.end);
  let code = text.slice(from, limit);
  let headEnd = anatomy.headEnd - from;
  const added = anatomy.trailing.slice(0, Math.max(0, anatomy.trailing.length - cut.trailing));
  if (added.length > 0) {
    const fnEnd = anatomy.fn.outer.endIndex - from;
    const blockStart = lineStart(code, added[0].startIndex - from);
    const blockEnd = added[added.length - 1].endIndex - from;
    const block = code.slice(blockStart, blockEnd);
    const gap = code.slice(fnEnd, blockStart);
    const at = lineStart(code, leadingStart(anatomy.fn, from) - from);
    code = code.slice(0, at) + block + gap + code.slice(at, fnEnd) + code.slice(blockEnd);
    headEnd += block.length + gap.length;
  }
  const end = headEnd + cut.delta;
  const between = cut.delta >= 0 ? code.slice(headEnd, end) : code.slice(end, headEnd);
  if (end < 0 || end > code.length || between !== cut.between) {
    return `cannot tell where the prompt ends in the perturbed ${entry}: the text after its ${profileOf(lang).spelling.indentedBlocks ? 'docstring' : 'opening brace'} changed`;
  }
  return { prompt: code.slice(0, end), solution: code.slice(end), header };
}

export interface CutCode {
  prompt: string;
  solution: string;
  /** The function's signature line(s), as a HumanEval-X declaration ends with it. */
  header: string;
}
