import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeFileAtomic } from '../../src/core/files';
import { cli, CliResult } from '../support/cli';
import { fixture } from '../support/harness';

/** Issue 28: `--out` and every other file the CLI writes for the user: only on success, through links, keeping modes, never onto a folder or a FIFO. */

const SCRIPT = '#!/usr/bin/env python3\n\n\ndef total(xs):\n    t = 0\n    for x in xs:\n        if x > 2:\n            t += x\n    return t\n\n\nprint(total([1, 2, 3, 4]))\n';

function oneLine(result: CliResult, code: number): string {
  assert.strictEqual(result.code, code, `exit ${result.code}\n${result.stderr}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  assert.strictEqual(lines.length, 1, `one line on stderr, got:\n${result.stderr}`);
  assert.doesNotMatch(result.stderr, /\bat .*\.js:\d+|internal error/, 'no stack trace');
  return lines[0];
}

describe('faults: writes', function () {
  this.timeout(120_000);
  let dir: string;
  let input: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-writes-'));
    input = path.join(dir, 'total.py');
    fs.writeFileSync(input, SCRIPT);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const perturbTo = (out: string, ...extra: string[]) => cli(['perturb', input, '--function', 'total', '--verify', 'syntax', '--quiet', '--json', '--out', out, ...extra]);

  it('a run that perturbs nothing leaves --out untouched (exit 1)', () => {
    const out = path.join(dir, 'out.py');
    fs.writeFileSync(out, 'precious\n');
    // no if-to-switch site in this function: every step fails
    const result = perturbTo(out, '--methods', 'if-to-switch');
    assert.strictEqual(result.code, 1, result.stderr);
    assert.strictEqual(fs.readFileSync(out, 'utf8'), 'precious\n');
    const missing = path.join(dir, 'missing.py');
    assert.strictEqual(perturbTo(missing, '--methods', 'if-to-switch').code, 1);
    assert.ok(!fs.existsSync(missing), 'no file made either');
  });

  it('--out through a symbolic link writes the link\'s target; the link stays a link (a dangling one too)', () => {
    const target = path.join(dir, 'real', 'target.py');
    fs.mkdirSync(path.dirname(target));
    fs.writeFileSync(target, 'old\n');
    const link = path.join(dir, 'link.py');
    fs.symlinkSync(path.join('real', 'target.py'), link);
    const result = perturbTo(link);
    assert.strictEqual(result.code, 0, result.stderr);
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.strictEqual(fs.readlinkSync(link), path.join('real', 'target.py'));
    assert.strictEqual(fs.readFileSync(target, 'utf8'), JSON.parse(result.stdout).file);
    assert.deepStrictEqual(fs.readdirSync(path.dirname(target)), ['target.py'], 'no temporary file left beside it');

    const dangling = path.join(dir, 'dangling.py');
    fs.symlinkSync('made.py', dangling);
    assert.strictEqual(perturbTo(dangling).code, 0);
    assert.ok(fs.lstatSync(dangling).isSymbolicLink());
    assert.ok(fs.statSync(path.join(dir, 'made.py')).isFile());
  });

  it('an existing file keeps its mode bits: an executable script stays executable, in place too', () => {
    const out = path.join(dir, 'out.py');
    fs.writeFileSync(out, 'old\n');
    fs.chmodSync(out, 0o750);
    assert.strictEqual(perturbTo(out).code, 0);
    assert.strictEqual(fs.statSync(out).mode & 0o7777, 0o750);
    fs.chmodSync(input, 0o755);
    assert.strictEqual(perturbTo(input).code, 0);
    assert.strictEqual(fs.statSync(input).mode & 0o7777, 0o755);
    assert.match(execFileSync(input, { encoding: 'utf8' }), /^7\n$/);
  });

  it('a folder as --out is refused with exit 2 and one line before the run starts', () => {
    const marker = path.join(dir, 'ran');
    const folder = path.join(dir, 'folder');
    fs.mkdirSync(folder);
    const result = cli(['perturb', input, '--function', 'total', '--verify', 'test', '--test-cmd', `touch ${marker}`, '--out', folder]);
    assert.match(oneLine(result, 2), /--out .*folder is a folder: give the path of a file to write/);
    assert.ok(!fs.existsSync(marker), 'nothing ran');
    assert.deepStrictEqual(fs.readdirSync(folder), []);
    const link = path.join(dir, 'to-folder');
    fs.symlinkSync(folder, link);
    assert.match(oneLine(perturbTo(link), 2), /is a folder \(through the link to .*folder\)/);
    assert.match(oneLine(cli(['transform', input, '--method', 'for-while', '--out', folder]), 2), /--out .* is a folder/);
  });

  it('a FIFO or a device as --out is refused with exit 2 and one line, and stays what it was', () => {
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    assert.match(oneLine(perturbTo(fifo), 2), /--out .*pipe is a named pipe \(FIFO\): give the path of a file to write/);
    assert.ok(fs.statSync(fifo).isFIFO());
    assert.match(oneLine(perturbTo('/dev/null'), 2), /--out \/dev\/null is a device/);
    assert.ok(fs.statSync('/dev/null').isCharacterDevice());
  });

  it('the other files the CLI writes are checked the same way: --entries, pair --out, completion --out, dataset --out', () => {
    const folder = path.join(dir, 'folder');
    fs.mkdirSync(folder);
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    assert.match(oneLine(cli(['perturb', input, '--function', 'total', '--verify', 'syntax', '--save', '--entries', folder]), 2), /--entries .* is a folder/);
    assert.match(oneLine(cli(['pair', input, '--function', 'total', '--out', fifo]), 2), /--out .* is a named pipe/);
    assert.match(oneLine(cli(['pair', input, '--function', 'total', '--save', '--entries', folder]), 2), /--entries .* is a folder/);
    const entries = path.join(dir, 'entries.jsonl');
    assert.strictEqual(cli(['perturb', input, '--function', 'total', '--verify', 'syntax', '--quiet', '--save', '--entries', entries]).code, 0);
    assert.match(oneLine(cli(['completion', entries, '--out', folder]), 2), /--out .* is a folder/);
    assert.match(oneLine(cli(['dataset', fixture('cruxeval/python.jsonl'), '--out', fifo, '--verify', 'syntax']), 2), /--out .* is a named pipe/);
    assert.ok(fs.statSync(fifo).isFIFO());
  });

  it('an unwritable --out is one line, not a stack trace', () => {
    const file = path.join(dir, 'file');
    fs.writeFileSync(file, '');
    assert.match(oneLine(perturbTo(path.join(file, 'out.py')), 2), /a folder on its path is a file/);
  });

  it('writeFileAtomic: follows links, keeps the mode, refuses what is not a file', () => {
    const target = path.join(dir, 'target.txt');
    fs.writeFileSync(target, 'a');
    fs.chmodSync(target, 0o640);
    const link = path.join(dir, 'link.txt');
    fs.symlinkSync(target, link);
    writeFileAtomic(link, Buffer.from([0xe9, 0x0d, 0x0a]));
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.deepStrictEqual([...fs.readFileSync(target)], [0xe9, 0x0d, 0x0a]);
    assert.strictEqual(fs.statSync(target).mode & 0o7777, 0o640);
    assert.throws(() => writeFileAtomic(dir, 'x'), /is a folder/);
  });
});
