import type { Node } from 'web-tree-sitter';
import type { UnitContext } from '../syntax/context';
import { Method, Site, supportExcept } from './method';
import { descendants } from '../syntax/nodes';
import { TYPE_QUERIES } from '../syntax/declarations';
import { recoverTarget, RECOVERING_FUNCTIONS, repanicChanges } from '../languages/go/rethrow';
import { inHelper } from '../syntax/shapes';
import { jumpsIn, mayNotComplete, Run, runAt, runLabel, startsLine, statementRuns, Wrapper, wrapRun } from '../syntax/runs';
import { catalogued } from './catalogue';

/**
 * Exception handling that rethrows what it catches, so nothing changes: Python's bare `raise`
 * keeps the traceback (and `except BaseException` lets nothing slip past), Java rethrows the
 * caught object (a precise rethrow: the parameter is effectively final, so checked exceptions
 * need no new `throws`), C++ rethrows with `throw;`. Go has no try: a deferred function that
 * recovers and panics again with the same value, at the top of a function or in a closure
 * called on the spot around a run of statements.
 */

interface RunData {
  kind: 'run';
}

interface DeferData {
  kind: 'defer';
  indent: string;
}

/** C++17 forbids a try block in a constexpr function (or a lambda that must be one). */
function inConstexpr(ctx: UnitContext, node: Node): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (!['function_definition', 'declaration', 'lambda_expression', 'field_declaration'].includes(p.type)) continue;
    if (/\bconst(expr|eval)\b/.test(ctx.source.slice(p.startIndex, node.startIndex).replace(/\{[\s\S]*$/, ''))) return true;
  }
  return false;
}

function runOk(ctx: UnitContext, run: Run): boolean {
  // handling inside a helper an earlier step made is noise on noise
  if (inHelper(ctx.lang, run.statements[0], ctx.target?.node)) return false;
  const rethrow = ctx.profile.blocks.rethrow;
  if (rethrow?.notInConstantFunctions && inConstexpr(ctx, run.statements[0])) return false;
  if (rethrow?.closure) {
    // a closure called on the spot: every way out but falling off its end would now leave the closure only
    const jumps = jumpsIn(ctx.lang, run.statements);
    // and closures in the run would end up two deep
    const closures = run.statements.some((s) => descendants(s, (n) => n.type === 'func_literal').length > 0);
    return !jumps.exits && !jumps.goClosure && !closures && !mayNotComplete(ctx, run);
  }
  return true;
}

/**
 * Function bodies that can take a deferred handler at their top (RethrowRules.deferred: Go's
 * recover that panics again), each with its first statement and a name for the label.
 */
function deferringBodies(ctx: UnitContext): { first: Node; name: string }[] {
  const out: { first: Node; name: string }[] = [];
  for (const fn of ctx.nodes(RECOVERING_FUNCTIONS)) {
    const first = recoverTarget(fn, TYPE_QUERIES);
    if (!first || !startsLine(ctx, first.startIndex)) continue;
    if (inHelper(ctx.lang, fn, ctx.target?.node)) continue;
    const name = fn.childForFieldName('name')?.text ?? 'a closure';
    out.push({ first, name });
  }
  return out;
}

const support = supportExcept({
  c: 'C has no exceptions: there is nothing to catch and rethrow',
  rust: 'Rust has no exceptions (errors are values; panics are not caught and rethrown)',
});

export const addException: Method = {
  ...catalogued('add-exception'),
  support,

  findSites(ctx: UnitContext): Site[] {
    if (!support(ctx.lang).applicable) return [];
    // a language with defer and recover (Go) also gets a deferred recover, unless the file rebinds those names
    const deferred = ctx.profile.blocks.deferAndRecover;
    if (deferred && repanicChanges(ctx.source)) return [];
    const sites: Site[] = [];
    for (const run of statementRuns(ctx)) {
      if (!runOk(ctx, run)) continue;
      sites.push({ start: run.start, end: run.end, label: runLabel(ctx, run), data: { kind: 'run' } satisfies RunData });
    }
    if (ctx.profile.blocks.rethrow?.deferred) {
      for (const { first, name } of deferringBodies(ctx)) {
        const data: DeferData = { kind: 'defer', indent: ctx.indentOf(first) };
        sites.push({ start: first.startIndex, end: first.startIndex, label: `deferred recover in ${name}`, data });
      }
    }
    return sites.sort((a, b) => a.start - b.start || a.end - b.end);
  },

  apply(ctx, site, rng) {
    const data = site.data as RunData | DeferData;
    const rethrow = ctx.profile.blocks.rethrow;
    if (!rethrow) throw new Error(`add-exception does not apply to ${ctx.lang}`);
    if (data.kind === 'defer') {
      const lines = rethrow.deferred!.map(([d, t]) => `${data.indent}${ctx.indentUnit.repeat(d)}${t}\n`).join('');
      return {
        edits: [{ start: site.start, end: site.start, text: `${lines.trimStart()}${data.indent}` }],
        summary: `added a ${site.label} that panics again with what it recovers`,
      };
    }
    const run = runAt(ctx, site.start, site.end);
    // the type is drawn before the name, as the handler reads
    const types = rethrow.catchTypes(ctx.source);
    const type = types.length > 0 ? rng.pick(types) : undefined;
    const name = rethrow.catchNames.length > 0 ? ctx.freshName(rethrow.catchNames, rng) : undefined;
    const w: Wrapper = rethrow.wrapper(type, name);
    return {
      edits: [wrapRun(ctx, run, w)],
      summary: `wrapped the ${site.label} in exception handling that rethrows`,
    };
  },
};
