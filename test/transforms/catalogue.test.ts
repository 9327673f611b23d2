import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { CATALOGUE } from '../../src/core/transforms/catalogue';
import { METHODS } from '../../src/core/transforms/registry';
import { REPO } from '../support/harness';

// Issue 35: a method's id, category and description are written once, in the catalogue
describe('the catalogue is the one place a method\'s metadata is written', () => {
  it('every local method carries the catalogue\'s id, category and description, in its order', () => {
    assert.deepStrictEqual(
      METHODS.map((m) => ({ id: m.id, category: m.category, description: m.description })),
      CATALOGUE.map((c) => ({ id: c.id, category: c.category, description: c.description })),
    );
  });

  it('no method file writes its own category or description', () => {
    const dir = path.join(REPO, 'src', 'core', 'transforms');
    const own = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && f !== 'catalogue.ts')
      .filter((f) => /^export const \w+: Method = \{\n(?:(?!^\};)[\s\S])*?^ {2}(?:category|description):/m.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    assert.deepStrictEqual(own, [], 'take them from the catalogue: ...catalogued(id)');
  });
});
