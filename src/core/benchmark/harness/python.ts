import type { HarnessCommand } from './program';

/** `python3 -m py_compile FILE`: the compile check of a Python harness program. */
export function pythonCheck(file: string): HarnessCommand {
  return { tool: { lang: 'python', role: 'compiler' }, args: ['-m', 'py_compile', file] };
}

/** `python3 FILE ARGS...`: a Python harness program passes when it exits 0 (an assert that fails exits 1). */
export function pythonRun(file: string, ...args: string[]): HarnessCommand {
  return { tool: { lang: 'python', role: 'compiler' }, args: [file, ...args] };
}

/**
 * HumanEval+'s check of the extra inputs (base_input, plus_input): the candidate and the reference
 * solution each run on a deep copy of every input, and their results must be equal, or close
 * within `atol` (and a relative 1e-7) where they are floats, as EvalPlus compares them. Each
 * solution file is loaded in a namespace of its own, so both may define the same names.
 */
export const PLUS_CHECK = `import copy
import json
import math
import sys


def load(path, name):
    namespace = {'__name__': 'codemorph_solution'}
    with open(path, encoding='utf-8') as f:
        exec(compile(f.read(), path, 'exec'), namespace)
    return namespace[name]


def same(expected, got, atol):
    if isinstance(expected, bool) or isinstance(got, bool):
        return expected == got
    if isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        if expected == got:
            return True
        if isinstance(expected, float) or isinstance(got, float):
            tolerance = atol if atol else 1e-6
            return math.isclose(expected, got, rel_tol=1e-7, abs_tol=tolerance)
        return False
    if isinstance(expected, (list, tuple)) and isinstance(got, (list, tuple)):
        return type(expected) == type(got) and len(expected) == len(got) and all(same(e, g, atol) for e, g in zip(expected, got))
    return expected == got


def main():
    reference, reference_name, candidate, candidate_name, atol = sys.argv[1:6]
    expected_fn = load(reference, reference_name)
    got_fn = load(candidate, candidate_name)
    with open('inputs.json', encoding='utf-8') as f:
        inputs = json.load(f)
    for index, args in enumerate(inputs):
        expected = expected_fn(*copy.deepcopy(args))
        got = got_fn(*copy.deepcopy(args))
        if not same(expected, got, float(atol)):
            print(f'extra input {index}: {args!r:.200}: expected {expected!r:.200}, got {got!r:.200}', file=sys.stderr)
            sys.exit(1)


main()
`;
