import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { writeScratchFile } from '../../src/core/files';

/**
 * Scratch copies are rewritten for every check. Each write makes a new file in place of the old
 * one rather than truncating it (ext4 flushes a truncated-and-rewritten file on close: docs in
 * src/core/files.ts); bench:dataset measures what that saves.
 */
describe('scratch writes', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-scratch-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a new file in place of the old one: a hard link to the old copy keeps the old content', () => {
    const file = path.join(dir, 'check.py');
    writeScratchFile(file, 'x = 1\n');
    fs.linkSync(file, path.join(dir, 'earlier.py'));
    const before = fs.statSync(file).ino;
    writeScratchFile(file, 'x = 2\n');
    assert.strictEqual(fs.readFileSync(file, 'utf8'), 'x = 2\n');
    assert.strictEqual(fs.readFileSync(path.join(dir, 'earlier.py'), 'utf8'), 'x = 1\n');
    assert.notStrictEqual(fs.statSync(file).ino, before);
  });

  it('writes a file that is not there yet, in the encoding given', () => {
    const file = path.join(dir, 'copy.cpp');
    writeScratchFile(file, 'caf\u00e9', 'latin1');
    assert.deepStrictEqual([...fs.readFileSync(file)], [0x63, 0x61, 0x66, 0xe9]);
  });
});
