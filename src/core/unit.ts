import type { Tree } from 'web-tree-sitter';
import { inputError } from './errors';
import { findFunctions, FunctionInfo, functionAt, functionsNamed, containerName } from './languages/functions';
import type { LanguageId } from './languages/languageIds';
import { profileOf } from './languages/profiles';
import { applyEdits, mapSpan, Span } from './text/edits';
import type { Rewrite } from './transforms/method';
import { functionsCalled, UnitKind } from './syntax/context';
import { ProjectState, withFileEdits } from './workspace/workspace';

/** The file and the part of it being perturbed, at one point of a run. */
export interface UnitState {
  text: string;
  unit: Span;
  unitKind: UnitKind;
  /** The unit's function name now (function units), after any renames. */
  entryPoint: string | null;
  /** The project the file is part of, with the other files changed so far (absent for a lone file). */
  project?: ProjectState;
}

export function unitText(state: UnitState): string {
  return state.text.slice(state.unit.start, state.unit.end);
}

/** The state after a rewrite: new text, the unit's span carried through the edits, the new entry point. */
export function afterRewrite(state: UnitState, rewrite: Rewrite): UnitState {
  return {
    text: applyEdits(state.text, rewrite.edits),
    unit: mapSpan(state.unit, rewrite.edits),
    unitKind: state.unitKind,
    entryPoint: rewrite.entryPoint ?? state.entryPoint,
    ...(state.project ? { project: rewrite.files ? withFileEdits(state.project, rewrite.files) : state.project } : {}),
  };
}

export interface UnitSelector {
  /** A function by name (`name`, `Class.name`, `Type::name`). */
  functionName?: string;
  /** The function enclosing this offset (the editor's cursor). */
  offset?: number;
  /** An explicit range (a selection). */
  range?: Span;
  /**
   * With `functionName` or `offset`: the function unit's span, widened to this when it holds the
   * function (helpers an earlier run put next to it stay part of the unit, as the editor continues
   * a function's history).
   */
  extent?: Span;
}

function describe(fn: FunctionInfo): string {
  const owner = containerName(fn);
  return owner ? `${owner}.${fn.name}` : fn.name;
}

/** Resolves what to perturb; with no selector, the whole file. */
export function selectUnit(lang: LanguageId, tree: Tree, text: string, selector: UnitSelector): UnitState {
  if (selector.functionName !== undefined) {
    // only the functions with the name asked for: describing every function of a large file cost a second parse of it
    const parts = selector.functionName.split(/::|\./);
    const matches = functionsNamed(functionsCalled(tree, profileOf(lang), parts[parts.length - 1]), selector.functionName);
    if (matches.length === 0) {
      const known = findFunctions(tree.rootNode, profileOf(lang)).map(describe);
      throw inputError(
        `no function named ${selector.functionName} in this ${lang} file` +
          (known.length ? `; it has: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}` : '; it has no functions'),
      );
    }
    const outermost = matches.filter((m) => !matches.some((o) => o !== m && o.start <= m.start && m.end <= o.end));
    if (outermost.length > 1) {
      throw inputError(
        `${selector.functionName} names ${outermost.length} functions (lines ${outermost.map((m) => m.line).join(', ')}); qualify it, e.g. ${describe(outermost[0])}`,
      );
    }
    return functionUnit(text, outermost[0], selector.extent);
  }
  if (selector.offset !== undefined) {
    const fn = functionAt(findFunctions(tree.rootNode, profileOf(lang)), selector.offset);
    if (!fn) throw inputError('the cursor is not inside a function: place it in a function body, or perturb the selection or the file');
    return functionUnit(text, fn, selector.extent);
  }
  if (selector.range) {
    return { text, unit: { ...selector.range }, unitKind: 'selection', entryPoint: null };
  }
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

function functionUnit(text: string, fn: FunctionInfo, extent?: Span): UnitState {
  const wider = extent && extent.start <= fn.start && fn.end <= extent.end && extent.end <= text.length;
  return { text, unit: wider ? { ...extent } : { start: fn.start, end: fn.end }, unitKind: 'function', entryPoint: fn.name };
}
