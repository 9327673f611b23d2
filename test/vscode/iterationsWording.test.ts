import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { COMMANDS } from '../../src/cli/commands';
import { flagsOf } from '../../src/cli/args';
import { REPO } from '../support/harness';

// Issue 29, item 4: one vocabulary everywhere. Where the user sets the iteration budget (the
// Settings editor, the CLI's --max-iter) is where they need to know what it counts: an iteration
// tries one step, and the opening renames are steps that spend none (core/search/stepCounts.ts).
// The setting said "the six initialisation steps count towards it", a word used nowhere else,
// which read as if History's first six steps (two of them renames that spend nothing) were it.

const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const settings = Object.assign({}, ...manifest.contributes.configuration.map((s: { properties: object }) => s.properties));

describe('the iteration budget, where the user sets it', () => {
  it('the Settings editor says what an iteration and a step are, in the messages\' words', () => {
    const setting = settings['codemorph.iterations'];
    const text: string = setting.markdownDescription ?? setting.description;
    assert.ok(!/initiali[sz]ation/.test(text), text);
    assert.match(text, /An iteration is one unit of this budget and tries one step/);
    assert.match(text, /one method at one site, verified, then kept or rejected/);
    assert.match(text, new RegExp(`opening renames are steps that spend no iteration, so ${setting.default} iterations make up to ${setting.default + 2} steps`));
  });

  it('the CLI\'s --max-iter says the same', () => {
    const help = flagsOf(COMMANDS.perturb.spec)['max-iter'].help;
    assert.match(help, /^iterations of the search, one step each; the opening renames spend none \(\d+\)$/);
  });
});
