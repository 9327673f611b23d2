import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { renamableFunctions } from '../transforms/function-rename';
import { APPLICABLE, Method, Rename, Rewrite, Site } from '../transforms/method';
import { renamableVariables } from '../transforms/variable-rename';
import { count as plural } from '../text/plural';

interface RenData {
  /** `other`: offsets in the project's other files (relative path -> offsets), renamed with the function. */
  functions: { name: string; offsets: number[]; other?: Record<string, number[]> }[];
  variables: { name: string; offsets: number[] }[];
}

/** CodeCrash's own names carry no meaning at all: that is the point of the perturbation. */
const ALREADY = /^(f\d*|Var_\d+)$/;

/**
 * The next free name of a numbered family: `f`, `f1`, `f2`... for functions, `Var_1`, `Var_2`...
 * for variables. Names the file already uses (or the test, via the reserved words) are skipped.
 */
function nextName(ctx: UnitContext, make: (i: number) => string, start: number): { name: string; next: number } {
  for (let i = start; ; i++) {
    const name = make(i);
    if (ctx.isFree(name)) return { name: ctx.claim(name), next: i + 1 };
  }
}

/**
 * REN (CodeCrash): every renamable function to f, f1, ... and every renamable parameter and
 * local to Var_1, Var_2, ... in one step. Which names are safe to rename is decided by the same
 * analysis as function-rename and variable-rename; a renamed function is renamed at its call
 * sites in the file and, through `renames`, in the test.
 */
export const ren: Method = {
  id: 'ren',
  category: 'basic',
  description: 'CodeCrash REN: rename functions to f, f1, ... and variables to Var_1, Var_2, ...',
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const functions = renamableFunctions(ctx)
      .filter(({ fn }) => !ALREADY.test(fn.name))
      .map(({ fn, offsets, item }) => ({ name: fn.name, offsets, ...(item.other ? { other: item.other } : {}) }));
    const variables = renamableVariables(ctx, true)
      .filter((v) => !ALREADY.test(v.name))
      .map((v) => ({ name: v.name, offsets: v.offsets }));
    if (functions.length === 0 && variables.length === 0) return [];
    const count = functions.length + new Set(variables.map((v) => v.name)).size;
    return [{ start: ctx.unit.start, end: ctx.unit.end, label: `rename ${plural(count, 'name')}`, data: { functions, variables } satisfies RenData, all: true }];
  },

  apply(ctx, site) {
    const { functions, variables } = site.data as RenData;
    const edits: TextEdit[] = [];
    const renames: Rename[] = [];
    // in a project, a function the other files call is renamed there too, as function-rename does
    const files: Record<string, TextEdit[]> = {};
    let entryPoint: string | undefined;
    let fi = 0;
    for (const item of functions) {
      const { name, next } = nextName(ctx, (i) => (i === 0 ? 'f' : `f${i}`), fi);
      fi = next;
      for (const start of item.offsets) edits.push({ start, end: start + item.name.length, text: name });
      for (const [rel, offsets] of Object.entries(item.other ?? {})) {
        for (const start of offsets) (files[rel] ??= []).push({ start, end: start + item.name.length, text: name });
      }
      renames.push({ from: item.name, to: name });
      if (item.name === ctx.entryPoint) entryPoint = name;
    }
    // one new name per old name, as variable-rename does: each function's locals are its own
    const chosen = new Map<string, string>();
    let vi = 1;
    for (const item of variables) {
      let to = chosen.get(item.name);
      if (!to) {
        const picked = nextName(ctx, (i) => `Var_${i}`, vi);
        vi = picked.next;
        to = picked.name;
        chosen.set(item.name, to);
      }
      for (const start of item.offsets) edits.push({ start, end: start + item.name.length, text: to });
    }
    const done = [...renames.map((r) => [r.from, r.to]), ...chosen].map(([from, to]) => `\`${from}\` to \`${to}\``);
    const summary = `renamed ${done.join(', ')}`;
    const rewrite: Rewrite = entryPoint ? { edits, renames, entryPoint, summary } : { edits, renames, summary };
    if (Object.keys(files).length) rewrite.files = files;
    return rewrite;
  },
};
