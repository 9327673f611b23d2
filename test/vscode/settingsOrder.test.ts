import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { REPO } from '../support/harness';

// The Settings editor (issue 29, item 9): what users change most comes first, the per-language
// overrides are grouped after, and the product is named CodeMorph.

interface Section {
  id?: string;
  title: string;
  order?: number;
  properties: Record<string, { order?: number }>;
}

const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
const sections = manifest.contributes.configuration as Section[];

/** The settings as the Settings editor lists them: sections by order, settings by order in each. */
function listed(): string[] {
  return [...sections]
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity))
    .flatMap((s) => Object.entries(s.properties).sort(([, a], [, b]) => (a.order ?? Infinity) - (b.order ?? Infinity)).map(([key]) => key));
}

describe('the Settings editor', () => {
  it('opens with CodeMorph: Engine, Iterations and Verification', () => {
    assert.ok(Array.isArray(sections), 'sections group the settings');
    assert.strictEqual(sections[0].title, 'CodeMorph');
    assert.deepStrictEqual(listed().slice(0, 3), ['codemorph.engine', 'codemorph.iterations', 'codemorph.verification']);
  });

  it('gives every setting and section an order (else the editor sorts by name: Compile Command first)', () => {
    for (const s of sections) {
      assert.ok(s.order !== undefined, `${s.title} has an order`);
      for (const [key, value] of Object.entries(s.properties)) assert.ok(value.order !== undefined, `${key} has an order`);
    }
  });

  it('groups the per-language overrides after every general setting, each language together', () => {
    const keys = listed();
    const perLanguage = (k: string) => /^codemorph\.(toolchain|compileCommand|testCommand)\./.test(k);
    const first = keys.findIndex(perLanguage);
    assert.ok(first > 0);
    assert.ok(keys.slice(first).every(perLanguage), 'nothing general after the first per-language setting');
    assert.ok(keys.slice(0, first).every((k) => !perLanguage(k)));
    const languages = keys.slice(first).map((k) => k.split('.').pop());
    const runs = languages.filter((l, i) => i === 0 || l !== languages[i - 1]);
    assert.strictEqual(new Set(runs).size, runs.length, `each language's settings together: ${languages.join(' ')}`);
  });

  it('keeps each section under codemorph., so the editor trims the prefix from the labels', () => {
    for (const s of sections) assert.match(s.id ?? '', /^codemorph(\.|$)/, s.title);
  });
});
