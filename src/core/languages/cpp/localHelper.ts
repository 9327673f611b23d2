import type { LocalHelper } from '../localHelpers';

/** A lambda at the top of the body, capturing nothing it is not passed. */
export const localHelper: LocalHelper = (expr, host, args, q) => {
  // tree-sitter reads `std::vector<int> best(n, 0);` as a function declaration: a name the body
  // declares so is a local the lambda at the top of the body would not see
  const prototypes = new Set(q.descendants(host.body!, (n) => n.type === 'function_declarator' && n.parent?.type === 'declaration').map((n) => n.childForFieldName('declarator')?.text));
  if (q.freeNames(expr).some((o) => prototypes.has(o.name))) return null;
  // a lambda at the top of the body sees no local: each is passed by reference, const unless
  // the expression subscripts it (`std::map`'s operator[] is not const)
  const subscripted = (a: string) => q.descendants(expr, (n) => n.type === 'subscript_expression' && n.childForFieldName('argument')?.text === a).length > 0;
  const params = args.map((a) => `${subscripted(a) ? 'auto&' : 'const auto&'} ${a}`);
  return (name, body) => [`auto ${name} = [&](${params.join(', ')}) { return ${body}; };`];
};
