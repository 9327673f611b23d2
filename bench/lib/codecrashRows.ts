import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { DatasetOptions, processJob } from '../../src/core/dataset/process';
import { corpusOf, corpusText } from '../../test/support/corpus';
import { fixture, loader, REPO } from '../../test/support/harness';

/**
 * CodeCrash's perturbations over CRUXEval-style Python records, beside CodeCrash's own figures
 * (issue 34: its Python code, in process, per CRUXEval record, on a machine like this one; and
 * the surface similarity its GBC reaches on CRUXEval's 800 functions).
 */
export const CODECRASH_MS: Record<string, number> = { ren: 1.46, rtf: 0.38, gbc: 0.7, 'psc-all': 3.78, mcc: 0.13, mps: 0.45 };
export const CODECRASH_SURFACE: Record<string, number> = { gbc: 0.262 };

export interface CodecrashRow {
  perturbation: string;
  records: number;
  /** Records that came out changed (the others had nothing to change, and say so). */
  changed: number;
  errors: number;
  /** Mean over records of the median of `rounds` in-process runs, in ms. */
  msInProcess: number;
  /** The same over the CRUXEval-sized records only (the fixture's, 4 to 8 lines; the corpus functions are longer). */
  msCruxevalSized: number;
  /**
   * Of that, the two parses no record at `--verify syntax` can do without: the record's code (to
   * find what to change) and the perturbed code (its syntax check, whose tree the similarity reads
   * too), each a fresh tree-sitter parse, the median of many, over the same records.
   */
  msTwoParses: number;
  /** A whole `codemorph dataset --verify syntax` run (process start included) divided by its records. */
  msWholeRun: number;
  /** Mean surface similarity of the changed records' code to the original. */
  surface: number;
  /** The same over the changed CRUXEval-sized records only: the figure to set beside CodeCrash's on CRUXEval. */
  surfaceCruxevalSized: number;
}

/** CRUXEval-like records: the fixture's and every Python corpus function, as `{task_id, code, entry_point, test?}`. */
export function cruxevalLikeRecords(): string[] {
  return [...cruxevalSized(), ...corpusRecords()];
}

function cruxevalSized(): string[] {
  return fs.readFileSync(fixture('cruxeval/python.jsonl'), 'utf8').split('\n').filter(Boolean);
}

function cruxevalSizedCodes(): string[] {
  return cruxevalSized().map((raw) => (JSON.parse(raw) as { code: string }).code);
}

function corpusRecords(): string[] {
  return corpusOf('python').map((entry, i) => JSON.stringify({ task_id: `corpus/${i}`, code: corpusText('python', entry), language: 'python', entry_point: entry.function }));
}

function options(perturbation: string): DatasetOptions {
  return {
    template: { search: { strategy: 'peso', maxIter: 15, threshold: 0.2, temperature: 2, seed: 1 }, verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 }, mu: 0.5 },
    perturbation: perturbation as DatasetOptions['perturbation'],
  };
}

/** CRUXEval's functions, the run CodeCrash's own figures are per record of. */
const CRUXEVAL_RECORDS = 800;

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const meanOrNaN = (xs: number[]) => (xs.length ? mean(xs) : NaN);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Parses of one text timed together, so that the clock's resolution does not count. */
const PARSES_PER_SAMPLE = 200;

/** A fresh parse of `text`, in ms: the median of `samples` samples. */
function parseMs(text: string, samples = 15): number {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = process.hrtime.bigint();
    for (let j = 0; j < PARSES_PER_SAMPLE; j++) loader.parseSync('python', text).delete();
    times.push(Number(process.hrtime.bigint() - started) / 1e6 / PARSES_PER_SAMPLE);
  }
  return median(times);
}

/** CPython's `ast.parse`, and `ast.parse` then `ast.unparse`, in ms per record. */
export interface CpythonAst {
  parseMs: number;
  parseUnparseMs: number;
}

const CPYTHON_AST = `
import ast, json, sys, time
codes = json.load(sys.stdin)
def per_record(fn, samples=15, rounds=200):
    times = []
    for _ in range(samples):
        started = time.perf_counter()
        for _ in range(rounds):
            for code in codes:
                fn(code)
        times.append((time.perf_counter() - started) * 1000 / rounds / len(codes))
    return sorted(times)[len(times) // 2]
per_record(ast.parse, 3)
print(json.dumps({"parseMs": per_record(ast.parse), "parseUnparseMs": per_record(lambda c: ast.unparse(ast.parse(c)))}))
`;

/**
 * This machine's CPython over the CRUXEval-sized records, in this run: the yardstick for
 * CodeCrash's figures, which were measured elsewhere (its perturbations are Python `ast` code, and
 * one that parses and unparses a record cannot cost less here). Null when python3 is missing,
 * fails or takes over two minutes.
 */
export function cpythonAst(): CpythonAst | null {
  const run = spawnSync('python3', ['-c', CPYTHON_AST], { input: JSON.stringify(cruxevalSizedCodes()), encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) return null;
  return JSON.parse(run.stdout) as CpythonAst;
}

export async function codecrashRows(dir: string, rounds = 5): Promise<CodecrashRow[]> {
  const lines = cruxevalLikeRecords();
  // the CRUXEval-sized records come first (cruxevalLikeRecords)
  const small = cruxevalSized().length;
  const input = path.join(dir, 'cruxeval-like.jsonl');
  fs.writeFileSync(input, `${lines.join('\n')}\n`);
  const rows: CodecrashRow[] = [];
  // the records' own parses are the same for every perturbation: timed once (the grammar loaded first)
  await loader.ready('python');
  const originalParseMs = cruxevalSizedCodes().map((code) => parseMs(code));
  for (const perturbation of Object.keys(CODECRASH_MS)) {
    const opts = options(perturbation);
    const jobs = lines.map((raw, index) => ({ index, line: index + 1, raw }));
    // warm-up: grammars, similarity tables and the JIT as a long run has them: as many records
    // before the measured ones as CRUXEval holds (one pass measured 15 to 40% above steady state)
    for (let done = 0; done < CRUXEVAL_RECORDS; done += jobs.length) for (const job of jobs) await processJob(loader, job, opts);
    const perRecord: number[] = [];
    const outputs: Record<string, unknown>[] = [];
    for (const job of jobs) {
      const times: number[] = [];
      let out = '';
      for (let r = 0; r < rounds; r++) {
        const started = process.hrtime.bigint();
        out = await processJob(loader, job, opts);
        times.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
      perRecord.push(median(times));
      outputs.push(JSON.parse(out) as Record<string, unknown>);
    }
    const out = path.join(dir, `${perturbation}.jsonl`);
    fs.rmSync(out, { force: true });
    const started = process.hrtime.bigint();
    const run = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), 'dataset', input, '--out', out, '--perturbation', perturbation, '--verify', 'syntax', '--quiet'], { encoding: 'utf8' });
    const wholeMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (run.status !== 0 && run.status !== 1) throw new Error(`dataset --perturbation ${perturbation} failed (${run.status}): ${run.stderr}`);
    const crux = outputs.slice(0, small);
    const twoParses = crux.map((o, i) => originalParseMs[i] + parseMs((o.perturbed_code ?? o.code) as string));
    const isChanged = (o: Record<string, unknown>) => o.error === null && o.perturbed_code !== null && o.perturbed_code !== o.code;
    const changed = outputs.filter(isChanged);
    const surfaceOf = (o: Record<string, unknown>) => (o.similarity as { surface: number }).surface;
    rows.push({
      perturbation,
      records: lines.length,
      changed: changed.length,
      errors: outputs.filter((o) => o.error !== null).length,
      msInProcess: mean(perRecord),
      msCruxevalSized: mean(perRecord.slice(0, small)),
      msTwoParses: mean(twoParses),
      msWholeRun: wholeMs / lines.length,
      surface: meanOrNaN(changed.map(surfaceOf)),
      surfaceCruxevalSized: meanOrNaN(outputs.slice(0, small).filter(isChanged).map(surfaceOf)),
    });
    process.stderr.write(`codecrash ${perturbation}: ${rows[rows.length - 1].msInProcess.toFixed(2)} ms per record in process\n`);
  }
  return rows;
}

export function codecrashTable(rows: readonly CodecrashRow[]): string[][] {
  return rows.map((r) => {
    const target = CODECRASH_MS[r.perturbation];
    const reference = CODECRASH_SURFACE[r.perturbation];
    return [
      r.perturbation,
      String(r.records),
      String(r.changed),
      String(r.errors),
      r.msInProcess.toFixed(2),
      r.msCruxevalSized.toFixed(2),
      r.msTwoParses.toFixed(3),
      target.toFixed(2),
      r.msCruxevalSized < target ? 'met' : '**NOT met**',
      r.msWholeRun.toFixed(2),
      Number.isNaN(r.surface) ? '' : r.surface.toFixed(3),
      Number.isNaN(r.surfaceCruxevalSized) ? '' : r.surfaceCruxevalSized.toFixed(3),
      reference === undefined ? '' : reference.toFixed(3),
    ];
  });
}

export const CODECRASH_HEADER = [
  'perturbation',
  'records',
  'changed',
  'errors',
  'ms per record, in process',
  'the same, CRUXEval-sized records',
  'of which the two parses (the record, its syntax check)',
  "CodeCrash's ms per CRUXEval record",
  'below CodeCrash',
  'ms per record, whole run',
  'surface similarity',
  'the same, CRUXEval-sized records',
  "CodeCrash's surface similarity (CRUXEval)",
];
