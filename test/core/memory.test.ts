import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';
import { REPO } from '../support/harness';

/**
 * Collections between the steps of a large file change V8's flags (to reach `gc`), which is safe
 * only in a process that is CodeMorph's alone: the CLI allows them, the editor's extension host,
 * shared by every extension, must not get them. Run in a fresh Node process, since a flag once set
 * stays set, with a heap above the module's floor and the length of a large file.
 */
function gcAfterLargeStep(allow: boolean): string {
  const memory = path.join(REPO, 'out', 'src', 'core', 'memory.js');
  const script = `
    const memory = require(${JSON.stringify(memory)});
    const held = Array.from({ length: 100 }, (_, i) => new Array(100000).fill(i));
    ${allow ? 'memory.allowCollectionsBetweenSteps();' : ''}
    memory.collectAfterLargeStep(2000000);
    process.stdout.write(require('vm').runInNewContext('typeof gc') + ' ' + held.length);
  `;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}

describe('garbage collection between the steps of a large file', () => {
  it('is not set up where the engine shares its process (the editor)', () => {
    assert.strictEqual(gcAfterLargeStep(false), 'undefined 100');
  });

  it('is set up once a process of its own allows it (the CLI)', () => {
    assert.strictEqual(gcAfterLargeStep(true), 'function 100');
  });
});
