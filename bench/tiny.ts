/**
 * `npm run bench:tiny`: what each method adds to a function of one or two lines
 * (test/support/tiny.ts: MBPP's hypotenuse, `f(x) = x + 1`, in every language), in tokens, the
 * measure the growth budget bounds. The budget's slack for short units (TINY_UNIT_SLACK,
 * src/core/search/growth.ts, docs/growth-budget.md) was chosen from this table: 1.3 times a
 * 10-token function leaves 3 tokens, room for a rename only. Part 2 runs PESO under each profile
 * on every tiny function and counts the units left unperturbed and the degenerate shapes gained.
 */
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { findDegenerate } from '../src/core/quality/degenerate';
import { Rng } from '../src/core/random';
import { PROFILE_LIMITS, PROFILES, searchLimits } from '../src/core/search/profiles';
import { TINY_UNIT_SLACK } from '../src/core/search/growth';
import { tokenize } from '../src/core/similarity/tokens';
import { isJunkMethod } from '../src/core/transforms/catalogue';
import { UnitContext } from '../src/core/syntax/context';
import { METHODS } from '../src/core/transforms/registry';
import { afterRewrite, selectUnit, unitText } from '../src/core/unit';
import { loader } from '../test/support/harness';
import { TINY } from '../test/support/tiny';
import { machine, machineLine, table, writeResults } from './lib/report';

async function tokens(lang: LanguageId, text: string): Promise<number> {
  const tree = await loader.parse(lang, text);
  try {
    return tokenize(lang, tree).kinds.length;
  } finally {
    tree.delete();
  }
}

async function shapes(lang: LanguageId, text: string): Promise<number> {
  const tree = await loader.parse(lang, text);
  try {
    return findDegenerate(lang, tree.rootNode, text).length;
  } finally {
    tree.delete();
  }
}

interface Added {
  lang: LanguageId;
  fn: string;
  original: number;
  method: string;
  /** Tokens the application added to the file (the function, its helpers, its call sites). */
  added: number;
}

async function methodGrowth(): Promise<Added[]> {
  const out: Added[] = [];
  for (const lang of LANGUAGE_IDS) {
    const { text, functions } = TINY[lang];
    const whole = await tokens(lang, text);
    for (const fn of functions) {
      const tree = await loader.parse(lang, text);
      const state = selectUnit(lang, tree, text, { functionName: fn });
      const original = await tokens(lang, unitText(state));
      const ctx = new UnitContext({ lang, source: state.text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
      for (const method of METHODS) {
        if (!method.support(lang).applicable) continue;
        const sites = method.findSites(ctx);
        let least = Infinity;
        for (let i = 0; i < sites.length; i++) {
          const after = afterRewrite(state, method.apply(ctx, sites[i], new Rng(i + 1)));
          least = Math.min(least, (await tokens(lang, after.text)) - whole);
        }
        if (sites.length) out.push({ lang, fn, original, method: method.id, added: least });
      }
      tree.delete();
    }
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
}

async function main(): Promise<void> {
  const added = await methodGrowth();
  const md = ['# Short units and the growth budget', '', machineLine(machine()), ''];
  const originals = [...new Set(added.map((a) => `${a.lang}/${a.fn}`))].map((k) => added.find((a) => `${a.lang}/${a.fn}` === k)!.original);
  md.push(`${originals.length} functions of one or two lines (test/support/tiny.ts), ${Math.min(...originals)} to ${Math.max(...originals)} tokens, median ${median(originals)}.`, '');
  const rows = [...new Set(added.map((a) => a.method))].sort().map((m) => {
    const mine = added.filter((a) => a.method === m).map((a) => a.added);
    return [m, isJunkMethod(m) ? 'junk' : '', mine.length, Math.min(...mine), median(mine), Math.max(...mine)];
  });
  md.push('## Tokens each method adds at its cheapest site', '', table(['method', '', 'functions', 'min', 'median', 'max'], rows), '');
  const slacks = [0, 4, 6, 8, 10, 12, 15, 20];
  const fitRows = slacks.map((slack) => {
    const units = new Map<string, { junk: number; other: number }>();
    for (const a of added) {
      const key = `${a.lang}/${a.fn}`;
      const u = units.get(key) ?? { junk: 0, other: 0 };
      const limit = Math.max(PROFILE_LIMITS.balanced.maxGrowth! * a.original, a.original + slack);
      if (a.original + a.added <= limit && a.added > 0) {
        if (isJunkMethod(a.method)) u.junk++;
        else u.other++;
      }
      units.set(key, u);
    }
    const all = [...units.values()];
    return [slack, all.filter((u) => u.other > 0).length, median(all.map((u) => u.other)), all.filter((u) => u.junk > 0).length];
  });
  md.push(
    `## What fits under the balanced budget (${PROFILE_LIMITS.balanced.maxGrowth}x) with an absolute slack`,
    '',
    'Methods that lengthen the function (renames excluded: they add nothing) and fit in max(1.3 x tokens, tokens + slack).',
    '',
    table(['slack (tokens)', 'functions with a non-junk method that fits', 'median non-junk methods that fit', 'functions a junk method fits'], fitRows),
    '',
  );
  const runs: Record<string, unknown>[] = [];
  const runRows: (string | number)[][] = [];
  for (const profile of PROFILES) {
    let unperturbed = 0;
    let gained = 0;
    let total = 0;
    const growth: number[] = [];
    for (const lang of LANGUAGE_IDS) {
      const { text, functions } = TINY[lang];
      const before = await shapes(lang, text);
      for (const fn of functions) {
        for (const seed of [1, 2, 3]) {
          const doc = await perturb(loader, {
            lang,
            text,
            selector: { functionName: fn },
            search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed, ...searchLimits(profile) },
            verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
            mu: 0.5,
          });
          total++;
          const kept = doc.steps.filter((s) => s.accepted && s.method !== null).length;
          if (kept === 0) unperturbed++;
          const g = Math.max(0, (await shapes(lang, doc.file)) - before);
          gained += g;
          growth.push(doc.growth.tokens);
          runs.push({ profile, lang, fn, seed, kept, growth: doc.growth, overall: doc.similarity.overall, shapes: g });
        }
      }
    }
    runRows.push([profile, total, unperturbed, median(growth).toFixed(2), Math.max(...growth).toFixed(2), gained]);
  }
  md.push(
    `## PESO on the tiny functions (seeds 1 to 3, 15 iterations, slack ${TINY_UNIT_SLACK} tokens)`,
    '',
    table(['profile', 'runs', 'runs with no step kept', 'growth median', 'growth max', 'degenerate shapes gained'], runRows),
    '',
  );
  const written = writeResults('tiny', md.join('\n'), { slack: TINY_UNIT_SLACK, methods: added, fit: fitRows, runs });
  process.stdout.write(`${md.join('\n')}\nwrote ${written.join(', ')}\n`);
  loader.dispose();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
  process.exitCode = 1;
});
