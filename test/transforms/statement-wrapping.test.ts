import * as assert from 'assert';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { statementWrapping } from '../../src/core/transforms/statement-wrapping';
import { applyAt, assertEquivalent } from '../support/harness';
import { fixtureFiles, keepsBehaviourAtSpreadSites, lines, sitesIn, sitesInFixture } from '../support/methodTests';

const FILES = fixtureFiles('statement-wrapping', 'ledger');

/**
 * Per language, a program whose `spread` is a temporary used by the next statement only: the
 * block around both scopes it, and the code after the block goes on as before.
 */
const SCOPED: Partial<Record<LanguageId, string>> = {
  c: lines(
    '#include <stdio.h>',
    'static int total(const int *xs, int n) {',
    '    int sum = 0;',
    '    int spread = xs[n - 1] - xs[0];',
    '    sum += spread / 2;',
    '    for (int i = 0; i < n; i++) sum += xs[i];',
    '    return sum;',
    '}',
    'int main(void) { int xs[] = {1, 5, 9}; printf("%d\\n", total(xs, 3)); return 0; }',
  ),
  cpp: lines(
    '#include <cstdio>',
    'static int total(const int *xs, int n) {',
    '    int sum = 0;',
    '    int spread = xs[n - 1] - xs[0];',
    '    sum += spread / 2;',
    '    for (int i = 0; i < n; i++) sum += xs[i];',
    '    return sum;',
    '}',
    'int main() { int xs[] = {1, 5, 9}; std::printf("%d\\n", total(xs, 3)); return 0; }',
  ),
  go: lines(
    'package main',
    '',
    'import "fmt"',
    '',
    'func total(xs []int) int {',
    '\tsum := 0',
    '\tspread := xs[len(xs)-1] - xs[0]',
    '\tsum += spread / 2',
    '\tfor _, x := range xs {',
    '\t\tsum += x',
    '\t}',
    '\treturn sum',
    '}',
    '',
    'func main() { fmt.Println(total([]int{1, 5, 9})) }',
  ),
  rust: lines(
    'fn total(xs: &[i64]) -> i64 {',
    '    let mut sum = 0;',
    '    let spread = xs[xs.len() - 1] - xs[0];',
    '    sum += spread / 2;',
    '    for x in xs {',
    '        sum += x;',
    '    }',
    '    sum',
    '}',
    'fn main() { println!("{}", total(&[1, 5, 9])); }',
  ),
  java: lines(
    'public class Main {',
    '    static int total(int[] xs) {',
    '        int sum = 0;',
    '        int spread = xs[xs.length - 1] - xs[0];',
    '        sum += spread / 2;',
    '        for (int x : xs) sum += x;',
    '        return sum;',
    '    }',
    '    public static void main(String[] args) { System.out.println(total(new int[] {1, 5, 9})); }',
    '}',
  ),
  javascript: lines(
    'function total(xs) {',
    '  let sum = 0;',
    '  const spread = xs[xs.length - 1] - xs[0];',
    '  sum += spread / 2;',
    '  for (const x of xs) sum += x;',
    '  return sum;',
    '}',
    'console.log(total([1, 5, 9]));',
  ),
  typescript: lines(
    'function total(xs: number[]): number {',
    '  let sum = 0;',
    '  const spread = xs[xs.length - 1] - xs[0];',
    '  sum += spread / 2;',
    '  for (const x of xs) sum += x;',
    '  return sum;',
    '}',
    'console.log(total([1, 5, 9]));',
  ),
};

describe('statement-wrapping', () => {
  // the fixtures' C, C++ and Rust functions declare nothing that may end before its block: SCOPED covers them
  keepsBehaviourAtSpreadSites(statementWrapping, { java: FILES.java, go: FILES.go, javascript: FILES.javascript, typescript: FILES.typescript }, { minSites: 1 });

  it('Python has no bare block: not applicable, with the reason, and no `if True:` or one-pass loop', async () => {
    const support = statementWrapping.support('python');
    assert.ok(!support.applicable && /no bare block/.test(support.reason));
    for (const lang of LANGUAGE_IDS.filter((l) => l !== 'python')) assert.ok(statementWrapping.support(lang).applicable, lang);
  });

  for (const [lang, text] of Object.entries(SCOPED) as [LanguageId, string][]) {
    it(`${lang}: a temporary used by the next statement gets a block that ends after it`, async () => {
      const { state, sites } = await sitesIn(statementWrapping, lang, text, 'total');
      const start = text.search(/(int |const |let |)spread/);
      const index = sites.findIndex((s) => s.start === start);
      assert.ok(index >= 0, `no site at the temporary: ${sites.map((s) => s.label).join(', ')}`);
      assert.match(text.slice(sites[index].start, sites[index].end), /spread \/ 2;?$/, 'the run ends with the last use');
      const { after, rewrite } = await applyAt(statementWrapping, lang, state, index);
      assert.match(rewrite.summary, /in a block$/);
      assert.match(after.text, /\{\n\s+(int |const |let |)spread\b[^]*spread \/ 2;?\n\s+\}\n/);
      assert.doesNotMatch(after.text, /if \(?true|while \(false\)|loop \{|< 1;/);
      await assertEquivalent(lang, text, after.text);
    });
  }

  it('a run that runs to the end of its block, or declares nothing, is not a site', async () => {
    const js = lines('function f(a) {', '  a += 1;', '  const b = a * 2;', '  return b;', '}', 'console.log(f(1));');
    const { sites } = await sitesIn(statementWrapping, 'javascript', js, 'f');
    assert.deepStrictEqual(sites, []);
  });

  it('C and C++: a temporary whose address is taken, an array, or an object with a destructor keeps its lifetime (no site)', async () => {
    const c = lines(
      '#include <stdio.h>',
      'static void show(const int *p) { printf("%d\\n", *p); }',
      'static int f(int a) {',
      '    int twice = a * 2;',
      '    show(&twice);',
      '    int parts[2] = {a, a};',
      '    a += parts[0];',
      '    return a;',
      '}',
      'int main(void) { return f(1) == 2 ? 0 : 1; }',
    );
    assert.deepStrictEqual((await sitesIn(statementWrapping, 'c', c, 'f')).sites, []);
    const cpp = lines('#include <string>', 'static int f(int a) {', '    std::string s = "ab";', '    a += (int)s.size();', '    return a;', '}', 'int main() { return f(1) == 3 ? 0 : 1; }');
    assert.deepStrictEqual((await sitesIn(statementWrapping, 'cpp', cpp, 'f')).sites, []);
  });

  it('Rust: a value with a Drop (a guard) is not scoped anew', async () => {
    const { text, sites } = await sitesInFixture(statementWrapping, 'rust', FILES.rust);
    assert.ok(sites.every((s) => !text.slice(s.start, s.end).includes('Section(')), sites.map((s) => s.label).join(', '));
  });
});
