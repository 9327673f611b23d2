/**
 * `npm run bench:renames`: renames for a person to review (issue 30). Every corpus function
 * (test/corpus) is taken as its unit, then its whole file; variable-rename and function-rename
 * are applied at each of their sites; from all the renames made, `--count` per language are drawn at random (seeded,
 * so the table is the same on every run at the same code; the corpus functions' own first, the
 * rest of their files' only when those are too few) and written to
 * bench/results/renames.md: old name, new name, the function and the method. Every rename made,
 * drawn or not, is also put through the sane-name check of the tests (convention kept, no
 * keyword or builtin, no collision, every new word from the curated vocabulary); the target is
 * none failing. Options: --count N (default 50), --seed S (default 1), --lang L (by comma).
 */
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { Rng } from '../src/core/random';
import { UnitContext } from '../src/core/syntax/context';
import { functionRename, renamableFunctions } from '../src/core/transforms/function-rename';
import type { Method } from '../src/core/transforms/method';
import type { NameKind } from '../src/core/transforms/synonyms';
import { renamableVariables, variableRename } from '../src/core/transforms/variable-rename';
import { selectUnit } from '../src/core/unit';
import { corpusOf, corpusText } from '../test/support/corpus';
import { loader } from '../test/support/harness';
import { saneNameProblems } from '../test/support/saneNames';
import { machine, machineLine, option, pct, table, writeResults } from './lib/report';
import { figure, target } from './lib/stats';
import { BenchSummary, named } from './lib/summary';

interface Renamed {
  lang: LanguageId;
  file: string;
  fn: string;
  method: string;
  /** Whether the rename was made with the corpus function or its whole file as the unit. */
  unit: 'function' | 'file';
  from: string;
  to: string;
  problems: string[];
}

interface Coverage {
  /** Names the methods may rename (scope and hazards allow it). */
  renamable: number;
  /** Of those, names offered: a good new name is free. */
  offered: number;
}

const METHODS: [Method, NameKind][] = [
  [variableRename, 'variable'],
  [functionRename, 'function'],
];

/** A seed per site, from its place: the same rename on every run. */
function siteSeed(seed: number, file: string, method: string, index: number): number {
  let h = seed >>> 0;
  for (const ch of `${file}\0${method}\0${index}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return h;
}

/** A name in a function, the same whether the function is named as a unit (`Version.compare`) or in a label (`compare`). */
function nameKey(fn: string, name: string): string {
  return `${fn.replace(/^.*(\.|::)/, '')}\0${name}`;
}

async function renamesOf(lang: LanguageId, seed: number): Promise<{ renames: Renamed[]; coverage: Coverage }> {
  const renames: Renamed[] = [];
  const coverage: Coverage = { renamable: 0, offered: 0 };
  for (const entry of corpusOf(lang)) {
    const text = corpusText(lang, entry);
    const tree = await loader.parse(lang, text);
    try {
      const seen = new Set<string>();
      const renamable = new Set<string>();
      // the corpus function as its unit, then the whole file (its helpers and its checks)
      for (const selector of [{ functionName: entry.function }, {}]) {
        const state = selectUnit(lang, tree, text, selector);
        const unit = selector.functionName ? 'function' : 'file';
        const context = () =>
          new UnitContext({ lang, source: text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
        for (const key of [...renamableVariables(context()).map((c) => nameKey(c.fn.name, c.name)), ...renamableFunctions(context()).map((c) => nameKey(c.fn.name, c.fn.name))]) {
          if (renamable.has(key)) continue;
          renamable.add(key);
          coverage.renamable++;
        }
        for (const [method, kind] of METHODS) {
          method.findSites(context()).forEach((site, index) => {
            if (site.all) return;
            const rewrite = method.apply(context(), site, new Rng(siteSeed(seed, `${entry.file}:${unit}`, method.id, index)));
            // the function the name belongs to: the unit's, or the one a file unit's label names
            const fn = /` in (\S+)$/.exec(site.label)?.[1] ?? (kind === 'function' ? /`([^`]+)`/.exec(site.label)![1] : entry.function);
            const pairs = new Map(rewrite.edits.map((e) => [text.slice(e.start, e.end), e.text]));
            for (const [from, to] of pairs) {
              const key = nameKey(fn, from);
              if (seen.has(key)) continue;
              seen.add(key);
              coverage.offered++;
              const problems = saneNameProblems(lang, kind, from, to, text);
              renames.push({ lang, file: entry.file, fn, method: method.id, unit, from, to, problems });
            }
          });
        }
      }
    } finally {
      tree.delete();
    }
  }
  return { renames, coverage };
}

async function main(): Promise<void> {
  const count = Number(option('count') ?? 50);
  const seed = Number(option('seed') ?? 1);
  const langs = (option('lang')?.split(',') ?? [...LANGUAGE_IDS]) as LanguageId[];
  const started = Date.now();
  const sections: string[] = [];
  const perLanguage: Record<string, unknown> = {};
  let made = 0;
  let failing = 0;
  let renamable = 0;
  let offered = 0;
  const overview: (string | number)[][] = [];
  for (const lang of langs) {
    const { renames, coverage } = await renamesOf(lang, seed);
    // the corpus functions' own names first; the rest of their files' only when those are too few
    const rng = new Rng(seed);
    const own = rng.shuffle(renames.filter((r) => r.unit === 'function'));
    const rest = rng.shuffle(renames.filter((r) => r.unit === 'file'));
    const drawn = [...own, ...rest]
      .slice(0, count)
      .sort((a, b) => a.file.localeCompare(b.file) || a.method.localeCompare(b.method) || a.from.localeCompare(b.from));
    const bad = renames.filter((r) => r.problems.length > 0);
    made += renames.length;
    failing += bad.length;
    renamable += coverage.renamable;
    offered += coverage.offered;
    overview.push([lang, renames.length, drawn.length, `${coverage.offered} of ${coverage.renamable} (${pct(coverage.offered, coverage.renamable)})`, bad.length]);
    const rows = drawn.map((r, i) => [i + 1, `\`${r.fn}\` (${r.file})`, r.method, `\`${r.from}\``, `\`${r.to}\``, r.problems.join('; ') || '']);
    sections.push(`## ${lang}\n\n${table(['#', 'function', 'method', 'old name', 'new name', 'sane-name check'], rows)}`);
    if (bad.length > 0) {
      const list = bad.map((r) => `- \`${r.from}\` → \`${r.to}\` in \`${r.fn}\`: ${r.problems.join('; ')}`).join('\n');
      sections.push(`Renames of ${lang} that fail the sane-name check:\n\n${list}`);
    }
    perLanguage[lang] = { made: renames.length, coverage, failing: bad.map(({ from, to, fn, problems }) => ({ from, to, fn, problems })), drawn: drawn.map(({ fn, method, from, to }) => ({ fn, method, from, to })) };
    process.stderr.write(`${lang}: ${renames.length} renames, ${bad.length} failing the check\n`);
  }
  const m = machine();
  const markdown = [
    '# Renames for review',
    '',
    `${machineLine(m)} · seed ${seed} · ${((Date.now() - started) / 1000).toFixed(1)} s`,
    '',
    `Each corpus function (test/corpus) as its unit, then its whole file; variable-rename and function-rename applied at every site; ${count} of the renames made drawn at random per language (those made in the corpus function first, then, where they are too few, those of the rest of its file) (\`npm run bench:renames -- --seed ${seed}\` draws the same). The sane-name check (test/support/saneNames.ts: convention kept, no keyword or builtin, no collision with a name of the file, every new word from the curated vocabulary) runs on every rename made; its target is none failing. "Offered" counts the names that get a site at all: a name with no good free alternative is not renamed.`,
    '',
    table(['language', 'renames made', 'drawn', 'names offered of renamable', 'failing the check'], overview),
    '',
    ...sections.flatMap((s) => [s, '']),
  ].join('\n');
  const summary: BenchSummary = {
    figures: [named('names offered of renamable', '%', figure([(100 * offered) / Math.max(1, renamable)]))],
    targets: [target('renames failing the sane-name check', failing, 0, `${failing} of ${made}`)],
  };
  const written = writeResults('renames', markdown, { machine: m, seed, count, made, failing, renamable, offered, languages: perLanguage, summary });
  process.stdout.write(`${made} renames, ${failing} failing the sane-name check; wrote ${written.join(', ')}\n`);
  if (failing > 0) process.exitCode = 1;
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
