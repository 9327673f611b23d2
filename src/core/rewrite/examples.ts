import fs = require('fs');
import path = require('path');
import { runProgram } from '../benchmark/harness';
import { pythonRun } from '../benchmark/harness/python';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import type { ToolchainOverrides } from '../verify/toolchains';

/**
 * The examples a statement states, run on the canonical solution: doctest examples (`>>> call`
 * and the result under it) and `assert` lines. A rewrite that restates an example with another
 * result fails here, as a reader would be misled by it.
 */
const RUN_EXAMPLES = `import doctest
import json
import sys


def main():
    namespace = {'__name__': 'codemorph_solution'}
    with open('solution.py', encoding='utf-8') as f:
        exec(compile(f.read(), 'solution.py', 'exec'), namespace)
    with open('statement.txt', encoding='utf-8') as f:
        text = f.read()
    test = doctest.DocTestParser().get_doctest(text, dict(namespace), 'statement', None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    report = []
    runner.run(test, out=report.append)
    count = len(test.examples)
    if runner.failures:
        print(''.join(report)[:2000], file=sys.stderr)
        sys.exit(1)
    for line in text.splitlines():
        statement = line.strip()
        if not statement.startswith('assert '):
            continue
        count += 1
        try:
            exec(compile(statement, 'statement', 'exec'), dict(namespace))
        except AssertionError:
            print('the example does not hold: ' + statement, file=sys.stderr)
            sys.exit(1)
        except Exception as e:
            print('the example raises ' + type(e).__name__ + ': ' + statement, file=sys.stderr)
            sys.exit(1)
    with open('examples.json', 'w', encoding='utf-8') as f:
        json.dump({'count': count}, f)


main()
`;

export type ExampleOutcome = { ok: true; count: number } | { ok: false; why: string };

export async function runExamples(solution: string, statement: string, toolchains: ToolchainOverrides, timeoutMs: number): Promise<ExampleOutcome> {
  const dir = makeScratchFolder('codemorph-examples-');
  try {
    const run = path.join(dir, 'run');
    const result = await runProgram(
      { kind: 'steps', lang: 'python', files: { 'run_examples.py': RUN_EXAMPLES, 'solution.py': solution, 'statement.txt': statement }, build: [], exec: [pythonRun('run_examples.py')] },
      { dir: run, toolchains, timeoutMs, memoryMb: 1024 },
    );
    if (!result.ok) return { ok: false, why: firstLines(result.output) };
    return { ok: true, count: (JSON.parse(fs.readFileSync(path.join(run, 'examples.json'), 'utf8')) as { count: number }).count };
  } finally {
    removeScratchFolder(dir);
  }
}

/** A failure's gist on one line: doctest's report is many. */
function firstLines(output: string): string {
  const lines = output.split('\n').map((l) => l.trim()).filter((l) => l && !/^\*+$/.test(l) && !l.startsWith('File '));
  return lines.slice(0, 4).join(' / ').slice(0, 300) || 'no output';
}
