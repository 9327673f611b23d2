import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { resolveInFolder } from '../../src/core/workspace/insideFolder';

// Real folders and real symlinks in a scratch directory: the check is about what the file
// system resolves, so nothing here is simulated.
describe('resolveInFolder (a setting\'s path must stay inside the workspace folder)', () => {
  let root: string;
  let ws: string;
  let outside: string;

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-inside-')));
    ws = path.join(root, 'ws');
    outside = path.join(root, 'home');
    fs.mkdirSync(ws);
    fs.mkdirSync(outside);
  });

  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('a relative path inside, even one that does not exist yet, is inside and resolves to itself', () => {
    const r = resolveInFolder(ws, '.codemorph/benchmark.jsonl');
    assert.deepStrictEqual(r, { file: path.join(ws, '.codemorph/benchmark.jsonl'), real: path.join(ws, '.codemorph/benchmark.jsonl'), inside: true });
  });

  it('.. that comes back inside is inside; .. that leaves is not', () => {
    assert.strictEqual(resolveInFolder(ws, 'a/../entries.jsonl').inside, true);
    const out = resolveInFolder(ws, '../home/.bashrc');
    assert.strictEqual(out.inside, false);
    assert.strictEqual(out.real, path.join(outside, '.bashrc'));
    assert.strictEqual(resolveInFolder(ws, '../../.bashrc').inside, false);
    assert.strictEqual(resolveInFolder(ws, 'sub/../../ws-sibling.jsonl').inside, false);
  });

  it('an absolute path is inside only when it leads into the folder', () => {
    assert.strictEqual(resolveInFolder(ws, path.join(outside, 'all.jsonl')).inside, false);
    assert.strictEqual(resolveInFolder(ws, '/etc/passwd').inside, false);
    assert.strictEqual(resolveInFolder(ws, path.join(ws, 'x', 'entries.jsonl')).inside, true);
  });

  it('the folder itself, and a sibling sharing its name as a prefix, are not inside', () => {
    assert.strictEqual(resolveInFolder(ws, '.').inside, false);
    fs.mkdirSync(`${ws}2`);
    assert.strictEqual(resolveInFolder(ws, `../ws2/entries.jsonl`).inside, false);
  });

  it('a symlinked folder on the way that leads out is not inside, and is named', () => {
    fs.symlinkSync(outside, path.join(ws, '.codemorph'));
    const r = resolveInFolder(ws, '.codemorph/benchmark.jsonl');
    assert.strictEqual(r.inside, false);
    assert.strictEqual(r.real, path.join(outside, 'benchmark.jsonl'));
    assert.strictEqual(r.symlink, path.join(ws, '.codemorph'));
  });

  it('a symlinked file that leads out is not inside, whether its target exists or not', () => {
    fs.mkdirSync(path.join(ws, '.codemorph'));
    const link = path.join(ws, '.codemorph', 'benchmark.jsonl');
    fs.symlinkSync(path.join(outside, '.bashrc'), link);
    const dangling = resolveInFolder(ws, '.codemorph/benchmark.jsonl');
    assert.strictEqual(dangling.inside, false, 'a dangling link: writing through it would create its target');
    assert.strictEqual(dangling.real, path.join(outside, '.bashrc'));
    assert.strictEqual(dangling.symlink, link);
    fs.writeFileSync(path.join(outside, '.bashrc'), 'echo hi\n');
    assert.strictEqual(resolveInFolder(ws, '.codemorph/benchmark.jsonl').inside, false);
  });

  it('a symlink that stays inside is inside, and real is where it leads', () => {
    fs.mkdirSync(path.join(ws, 'data'));
    fs.symlinkSync(path.join(ws, 'data'), path.join(ws, '.codemorph'));
    const r = resolveInFolder(ws, '.codemorph/benchmark.jsonl');
    assert.deepStrictEqual([r.inside, r.real], [true, path.join(ws, 'data', 'benchmark.jsonl')]);
  });

  it('a workspace opened through a symlink is resolved the same way', () => {
    const alias = path.join(root, 'alias');
    fs.symlinkSync(ws, alias);
    assert.strictEqual(resolveInFolder(alias, '.codemorph/benchmark.jsonl').inside, true);
    assert.strictEqual(resolveInFolder(alias, path.join(ws, 'entries.jsonl')).inside, true);
    assert.strictEqual(resolveInFolder(alias, '../home/x.jsonl').inside, false);
  });

  it('a symlink loop is refused with the reason, not thrown', () => {
    fs.symlinkSync(path.join(ws, 'loop'), path.join(ws, 'loop'));
    const r = resolveInFolder(ws, 'loop/entries.jsonl');
    assert.strictEqual(r.inside, false);
    assert.match(r.unresolvable ?? '', /ELOOP|too many/);
  });
});
