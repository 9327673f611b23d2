import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { UnitState } from '../../src/core/unit';
import { Verifier } from '../../src/core/verify/verifier';
import { parse } from '../support/harness';

const ORIGINAL = 'def double(x):\n    return x * 2\n\nprint(double(21))\n';
const CANDIDATE = 'def double(x):\n    return x + x\n\nprint(double(21))\n';

function fileState(text: string): UnitState {
  return { text, unit: { start: 0, end: text.length }, unitKind: 'file', entryPoint: null };
}

/** Runs a verifier of `level` on one candidate with os.tmpdir() pointed at a fresh folder, and lists that folder during and after. */
async function scratchFolders(level: 'syntax' | 'compile'): Promise<{ during: string[]; after: string[]; ok: boolean }> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-scratch-test-'));
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    const verifier = new Verifier('python', { level, toolchains: {}, timeoutMs: 60_000 }, ORIGINAL);
    let during: string[];
    let ok: boolean;
    try {
      const tree = await parse('python', ORIGINAL);
      await verifier.prepare(fileState(ORIGINAL), tree).finally(() => tree.delete());
      const candTree = await parse('python', CANDIDATE);
      try {
        ok = (await verifier.verify(fileState(CANDIDATE), candTree, [])).reason === null;
      } finally {
        candTree.delete();
      }
      during = fs.readdirSync(tmp);
    } finally {
      verifier.dispose();
    }
    return { during, after: fs.readdirSync(tmp), ok };
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

describe('the verifier scratch folder', function () {
  this.timeout(60_000);

  it('is not made for syntax verification', async () => {
    const { during, after, ok } = await scratchFolders('syntax');
    assert.ok(ok);
    assert.deepStrictEqual(during, []);
    assert.deepStrictEqual(after, []);
  });

  it('is made when the compiler first runs, and removed on dispose', async () => {
    const { during, after, ok } = await scratchFolders('compile');
    assert.ok(ok);
    assert.strictEqual(during.length, 1);
    assert.match(during[0], /^codemorph-verify-/);
    assert.deepStrictEqual(after, []);
  });
});
