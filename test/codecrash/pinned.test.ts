import * as assert from 'assert';
import { createHash } from 'crypto';
import * as fs from 'fs';
import { writeFileAtomic } from '../../src/core/files';
import { crashLine, crashRows } from '../support/codecrashRecord';
import { fixture } from '../support/harness';

/**
 * Pinned outputs: every fixture record of test/fixtures/cruxeval (Python and the seven other
 * languages) through every local CodeCrash perturbation, seed 1, must give the very line it gave
 * when pinned, so that work on the speed of the codecrash path cannot change a record's result
 * unseen. Each pin holds the line's SHA-256 and, to show what changed, its perturbed code. A change
 * of output that is meant (a method's new template, a new field) is pinned again with
 * CODEMORPH_REPIN=1 npx mocha out/test/codecrash/pinned.test.js, and the diff of the fixture reviewed.
 */
const PINNED = fixture('cruxeval/pinned.jsonl');

type Options = Parameters<typeof crashLine>[2];

const RUNS: { perturbation: Parameters<typeof crashLine>[1]; options?: Options }[] = [
  { perturbation: 'ren' },
  { perturbation: 'rtf' },
  { perturbation: 'gbc' },
  { perturbation: 'psc-all' },
  { perturbation: 'mcc' },
  { perturbation: 'mps' },
  { perturbation: 'gbc', options: { gbcCount: 3 } },
  { perturbation: 'mcc', options: { injection: { p: 0.5 } } },
  { perturbation: 'mps', options: { injection: { once: true } } },
];

interface Pin {
  perturbation: string;
  options?: Options;
  task_id: string;
  sha256: string;
  perturbed_code: string | null;
}

async function current(): Promise<Pin[]> {
  const pins: Pin[] = [];
  for (const run of RUNS) {
    for (const row of [...crashRows('python.jsonl'), ...crashRows('languages.jsonl')]) {
      const line = await crashLine(row, run.perturbation, run.options);
      const out = JSON.parse(line) as { perturbed_code: string | null };
      const sha256 = createHash('sha256').update(line).digest('hex');
      pins.push({ perturbation: run.perturbation!, ...(run.options ? { options: run.options } : {}), task_id: row.task_id, sha256, perturbed_code: out.perturbed_code });
    }
  }
  return pins;
}

describe('CodeCrash outputs pinned on the fixture records', function () {
  this.timeout(120_000);

  it('every perturbation gives each record the line it gave when pinned, byte for byte', async () => {
    const now = await current();
    if (process.env.CODEMORPH_REPIN === '1') writeFileAtomic(PINNED, `${now.map((p) => JSON.stringify(p)).join('\n')}\n`);
    const pinned = fs.readFileSync(PINNED, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Pin);
    assert.strictEqual(now.length, pinned.length, `${pinned.length} pins for ${now.length} runs: pin again (see the file's comment)`);
    for (let i = 0; i < now.length; i++) {
      const what = `${now[i].perturbation}${now[i].options ? ` ${JSON.stringify(now[i].options)}` : ''} on ${now[i].task_id}`;
      assert.deepStrictEqual({ ...now[i], sha256: '' }, { ...pinned[i], sha256: '' }, `${what}: the perturbed code differs from the pinned one`);
      assert.strictEqual(now[i].sha256, pinned[i].sha256, `${what}: the same code, but another line (similarity, steps, growth, notes...)`);
    }
  });
});
