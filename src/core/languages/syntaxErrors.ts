import type { Node } from 'web-tree-sitter';

export interface SyntaxProblem {
  /** 1-based line and column, as editors and compilers print them. */
  line: number;
  column: number;
  kind: 'error' | 'missing';
  /** For MISSING nodes: what the parser expected to find. */
  expected?: string;
}

/** ERROR and MISSING nodes under `root`, in source order, at most `limit` of them. */
export function syntaxProblems(root: Node, limit = 20): SyntaxProblem[] {
  const problems: SyntaxProblem[] = [];
  if (!root.hasError) return problems;
  const visit = (node: Node) => {
    if (problems.length >= limit) return;
    if (node.isMissing || node.isError) {
      problems.push({
        line: node.startPosition.row + 1,
        column: node.startPosition.column + 1,
        kind: node.isMissing ? 'missing' : 'error',
        expected: node.isMissing ? node.type : undefined,
      });
      if (node.isError) return; // one report per broken region
    }
    if (!node.hasError && !node.isMissing) return;
    for (const child of node.children) if (child) visit(child);
  };
  visit(root);
  return problems;
}

export function describeSyntaxProblem(p: SyntaxProblem): string {
  return p.kind === 'missing' ? `line ${p.line}, column ${p.column}: missing ${p.expected}` : `line ${p.line}, column ${p.column}: syntax error`;
}
