import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { extensionsOf, LANGUAGE_IDS, LANGUAGE_NAMES } from '../../src/core/languages/languageIds';
import { PROFILES } from '../../src/core/languages/registry';
import { RESERVED_NAMES, reservedWords } from '../../src/core/languages/reserved';
import { REPO } from '../support/harness';

/**
 * Issue 35: a language is one folder, src/core/languages/<id>/, whose profile.ts holds what the
 * engine knows about it and whose identity.ts holds the import-free part the editor bundle reads
 * (name, extensions). The registry is typed so the compiler names a language without a profile;
 * this checks the folders match the ids and the old lookups answer from the profiles.
 */
const LANGUAGES = path.join(REPO, 'src', 'core', 'languages');

describe('each language is one folder of src/core/languages', () => {
  it('has a folder with identity.ts and profile.ts for every language id, and no other folder', () => {
    const folders = fs.readdirSync(LANGUAGES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    assert.deepStrictEqual(folders, [...LANGUAGE_IDS].sort());
    for (const id of LANGUAGE_IDS) {
      for (const file of ['identity.ts', 'profile.ts']) assert.ok(fs.existsSync(path.join(LANGUAGES, id, file)), `${id}/${file}`);
    }
  });

  it('registers each profile under its own id, and the old lookups read it', () => {
    for (const id of LANGUAGE_IDS) {
      const profile = PROFILES[id];
      assert.strictEqual(profile.id, id);
      assert.strictEqual(LANGUAGE_NAMES[id], profile.name);
      assert.deepStrictEqual(extensionsOf(id), profile.extensions);
      assert.strictEqual(RESERVED_NAMES[id], profile.reservedNames);
      assert.deepStrictEqual([...reservedWords(id)], [...new Set([...profile.reservedNames.keywords, ...profile.reservedNames.builtins])]);
    }
  });

  it('identity.ts files import nothing (the editor bundle may hold them)', () => {
    for (const id of LANGUAGE_IDS) {
      const text = fs.readFileSync(path.join(LANGUAGES, id, 'identity.ts'), 'utf8');
      assert.ok(!/^\s*import\b|\brequire\(/m.test(text), `${id}/identity.ts imports something`);
    }
  });
});
