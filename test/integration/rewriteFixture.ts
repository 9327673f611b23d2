import * as vscode from 'vscode';
import type { CodemorphApi } from '../../src/extension';
import type { RewriteProblemResult } from '../../src/vscode/rewriteProblem';
import { waitFor } from './helpers';

/** What the Rewrite problem text tests share, trusted and restricted: a module of problems and how to drive the command. */
export const PROBLEMS = `from typing import List


def add(xs: List[int], k: int) -> List[int]:
    """Add k to every number of xs.
    >>> add([1, 2], 3)
    [4, 5]
    """
    return [x + k for x in xs]


def no_doc(a):
    return a + 1


class Shelf:
    def scale(self, xs, k):
        """Multiply every number of xs by k."""
        return [x * k for x in xs]
`;

export const FIXTURE = 'rewrite_fixture/problems.py';
export const POOL = '.codemorph/scenarios.json';

/** The docstring of `add` in the fixture, quotes and first indentation included. */
export const ADD_DOCSTRING = '    """Add k to every number of xs.\n    >>> add([1, 2], 3)\n    [4, 5]\n    """';

/** Runs the command without waiting for it: it waits for Apply or Discard, which the test gives. */
export function startRewrite(): Thenable<RewriteProblemResult | undefined> {
  return vscode.commands.executeCommand('codemorph.rewriteProblem') as Thenable<RewriteProblemResult | undefined>;
}

export async function offered(api: CodemorphApi) {
  return waitFor('the Apply / Discard offer', () => api.rewriteOffer(), 60_000);
}

