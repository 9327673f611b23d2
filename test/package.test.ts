import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { BUNDLED_EXAMPLES } from '../src/vscode/examples';
import { REPO } from './support/harness';

/** Names in a zip's central directory: enough to list a VSIX without an unzip tool. */
function zipEntries(file: string): string[] {
  const buf = fs.readFileSync(file);
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    names.push(buf.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra + comment;
  }
  return names;
}

describe('npm run package', function () {
  this.timeout(240_000);

  it('builds a VSIX with both bundles, every grammar, prompts, media and the walkthrough\'s examples, and no sources', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-vsix-'));
    const out = path.join(dir, 'codemorph.vsix');
    try {
      execFileSync('npm', ['run', 'package', '--', '--out', out], { cwd: REPO, stdio: 'pipe' });
      const names = zipEntries(out);
      for (const needed of ['extension/package.json', 'extension/dist/extension.js', 'extension/dist/engine.js', 'extension/dist/web-tree-sitter.wasm', 'extension/prompts/voter.md', 'extension/media/icon.png']) {
        assert.ok(names.includes(needed), `${needed} missing from the VSIX`);
      }
      const grammars = names.filter((n) => /^extension\/dist\/tree-sitter-.*\.wasm$/.test(n));
      assert.strictEqual(grammars.length, 8, grammars.join(', '));
      // the walkthrough opens a copy of the example in the user's language
      for (const example of Object.values(BUNDLED_EXAMPLES)) assert.ok(names.includes(`extension/examples/${example.file}`), `examples/${example.file} missing from the VSIX`);
      const stray = names.filter((n) => /^extension\/(src|test|out|node_modules|bench)\//.test(n) || n.endsWith('.map'));
      assert.deepStrictEqual(stray, []);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
