import * as assert from 'assert';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { METHODS } from '../../src/core/transforms/registry';
import { eachCorpusUnit } from '../support/corpus';

/**
 * A search asks each method whether it applies with `findSites(ctx, 1)`, which may stop at the
 * first site, and asks for all sites only of the method it picks. The shortcut must never change
 * the answer: on every corpus program, as a function unit and as a whole file, a method stopped
 * early finds a site exactly when the full search does, and only sites the full search finds.
 */
describe('findSites with enough = 1', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: applies exactly when the full search finds a site`, async () => {
      let stoppedEarly = 0;
      await eachCorpusUnit(lang, ({ where: unit, context }) => {
        for (const method of METHODS) {
          if (!method.support(lang).applicable) continue;
          const all = method.findSites(context());
          const first = method.findSites(context(), 1);
          const where = `${method.id} on ${unit}`;
          assert.strictEqual(first.length > 0, all.length > 0, where);
          const known = new Set(all.map((s) => JSON.stringify(s)));
          for (const site of first) assert.ok(known.has(JSON.stringify(site)), `${where}: ${site.label} is not a site of the full search`);
          if (first.length < all.length) stoppedEarly++;
        }
      });
      // the shortcut is taken somewhere, or this test would compare a search with itself
      assert.ok(stoppedEarly > 0, 'no method stopped early');
    });
  }
});
