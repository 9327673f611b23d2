import * as assert from 'assert';
import { behaviour } from '../support/harness';
import { crashRecord } from '../support/codecrashRecord';

interface Out {
  perturbed_code: string | null;
  perturbed_test: string | null;
  error: string | null;
  steps: { accepted: boolean; summary: string | null }[];
}

async function ren(code: string, test: string): Promise<Out> {
  return crashRecord<Out>({ task_id: 'crux/ren', code, language: 'python', entry_point: 'f', test }, 'ren');
}

describe('ren and parameter names inside the test strings', function () {
  this.timeout(60_000);
  const code = 'def f(text, sep):\n    parts = text.split(sep)\n    return sep.join(reversed(parts))\n';

  it('renames a parameter whose name is a string argument of the call in the test', async () => {
    const test = "assert f('text', 'z') == 'text'\nassert f('a sep b', ' sep ') == 'b sep a'\nassert f('sep', 'x') == 'sep'\n";
    const out = await ren(code, test);
    assert.strictEqual(out.error, null);
    assert.match(out.perturbed_code!, /^def f\(Var_1, Var_2\):/, out.perturbed_code!);
    // the strings are data: they stay as they were
    assert.strictEqual(out.perturbed_test, test);
    const run = await behaviour('python', `${out.perturbed_code}\n\n${out.perturbed_test}`);
    assert.strictEqual(run.code, 0);
  });

  it('still keeps a parameter a caller passes by name through a dict', async () => {
    const test = "assert f(**{'text': 'a,b', 'sep': ','}) == 'b,a'\n";
    const out = await ren(code, test);
    assert.doesNotMatch(out.perturbed_code ?? code, /def f\(Var_1, Var_2\)/);
    if (out.perturbed_code) assert.strictEqual((await behaviour('python', `${out.perturbed_code}\n\n${out.perturbed_test}`)).code, 0);
  });
});
