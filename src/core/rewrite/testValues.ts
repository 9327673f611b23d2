import fs = require('fs');
import path = require('path');
import { runProgram } from '../benchmark/harness';
import { pythonRun } from '../benchmark/harness/python';
import { makeScratchFolder, removeScratchFolder } from '../owned';
import type { ToolchainOverrides } from '../verify/toolchains';
import type { ValueShape } from './inputTypes';

/**
 * Reads, with Python's own parser, the entry function's parameters and the shape of every literal
 * argument the tests pass it (calls of the entry point, or of HumanEval's `candidate`). Only
 * literals count (ast.literal_eval): an argument computed at run time tells nothing sound about
 * its type without running the tests, so it is left out. Nothing here is executed.
 */
const READ_VALUES = `import ast
import json
import sys


def shape(v):
    if v is None:
        return {'k': 'none'}
    if isinstance(v, bool):
        return {'k': 'bool'}
    if isinstance(v, int):
        return {'k': 'int'}
    if isinstance(v, float):
        return {'k': 'float'}
    if isinstance(v, str):
        return {'k': 'str'}
    if isinstance(v, bytes):
        return {'k': 'bytes'}
    if isinstance(v, (list, tuple, set, frozenset)):
        kind = 'list' if isinstance(v, list) else 'tuple' if isinstance(v, tuple) else 'set'
        return {'k': kind, 'items': [shape(x) for x in v]}
    if isinstance(v, dict):
        return {'k': 'dict', 'keys': [shape(x) for x in v], 'values': [shape(x) for x in v.values()]}
    return {'k': 'other', 'name': type(v).__name__}


def literal(node):
    try:
        return shape(ast.literal_eval(node))
    except Exception:
        return None


def main():
    entry = sys.argv[1]
    with open('code.py', encoding='utf-8') as f:
        code = ast.parse(f.read())
    with open('tests.py', encoding='utf-8') as f:
        tests = ast.parse(f.read())
    params = []
    for node in ast.walk(code):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == entry:
            a = node.args
            params = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
            break
    values = {p: [] for p in params}
    positional = [p for p in params]
    for node in ast.walk(tests):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.func.id not in (entry, 'candidate'):
            continue
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            continue
        for name, arg in list(zip(positional, node.args)) + [(k.arg, k.value) for k in node.keywords]:
            found = literal(arg)
            if found is not None and name in values:
                values[name].append(found)
    with open('values.json', 'w', encoding='utf-8') as f:
        json.dump({'params': params, 'values': values}, f)


main()
`;

export interface TestValues {
  params: string[];
  values: Record<string, ValueShape[]>;
}

/** The entry's parameters and the literal values the tests give each, or why they cannot be read. */
export async function readTestValues(code: string, tests: string, entry: string, toolchains: ToolchainOverrides, timeoutMs: number): Promise<TestValues | string> {
  const dir = makeScratchFolder('codemorph-types-');
  try {
    const result = await runProgram(
      { kind: 'steps', lang: 'python', files: { 'read_values.py': READ_VALUES, 'code.py': code, 'tests.py': tests }, build: [], exec: [pythonRun('read_values.py', entry)] },
      { dir: path.join(dir, 'run'), toolchains, timeoutMs },
    );
    if (!result.ok) return `the tests could not be read: ${result.output.trim().split('\n').pop() ?? 'no output'}`;
    // the harness keeps no stdout of a run that passed: the answer is a file where it ran
    return JSON.parse(fs.readFileSync(path.join(dir, 'run', 'values.json'), 'utf8')) as TestValues;
  } finally {
    removeScratchFolder(dir);
  }
}
