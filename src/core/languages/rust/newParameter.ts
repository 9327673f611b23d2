import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from '../functions';
import { headText } from '../functionHeads';
import type { ParameterRules } from '../languageProfile';
import type { NodeQueries } from '../nameRoles';

/** Not a trait's or a trait impl's method, not extern, no attribute but a harmless one, and not `pub` in a library. */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  const node = fn.node;
  const container = fn.container;
  if (container?.type === 'trait_item' || (container?.type === 'impl_item' && container.childForFieldName('trait'))) return false;
  if (/\bextern\b/.test(headText(unit.source, fn))) return false;
  for (let p = node.previousNamedSibling; p && p.type === 'attribute_item'; p = p.previousNamedSibling) {
    if (!/^#\[\s*(inline|allow|must_use|cold)\b/.test(p.text)) return false;
  }
  // a `pub` item of a binary crate (the file has main) is the program's own
  return !node.namedChildren.some((c) => c?.type === 'visibility_modifier') || unit.hasMain();
};

/** `self` in the method's own impl, or a variable declared of the impl's type, or made by `Type::new(…)` or `Type { … }`. */
export const ownReceiver: ParameterRules['ownReceiver'] = (fn, r, unit) => {
  const impl = fn.container;
  const type = impl?.childForFieldName('type')?.text.replace(/<.*$/, '');
  if (r.type === 'self') return unit.ancestor(r, ['impl_item'])?.id === impl?.id;
  if (r.type !== 'identifier' || !type) return false;
  const decls = unit.declarationsOf(r);
  return decls.length > 0 && decls.every((d) => {
    const t = d.type?.replace(/^&\s*(mut\s+)?/, '').replace(/<.*$/, '');
    if (t) return t === type;
    const v = d.value?.text ?? '';
    return new RegExp(`^&?\\s*(mut\\s+)?${type}\\s*(::\\s*new\\s*\\(|\\{)`).test(v);
  });
};

/**
 * Whether `name`, an identifier among a macro's tokens, is a call of `fn` whose arguments the
 * token tree after it holds (transforms/add-arguments.ts: a macro's arguments are tokens, not
 * calls): `name(...)` of a free function; `Self::name(...)`, `Type::name(...)` or `self.name(...)`
 * inside the method's own impl.
 */
export function macroTokensCall(fn: FunctionInfo, name: Node, q: NodeQueries): boolean {
  if (name.nextSibling?.type !== 'token_tree') return false;
  const prev = name.previousSibling;
  if (prev?.type === '.') {
    const receiver = prev.previousSibling;
    if (receiver?.type !== 'self' || !fn.container) return false;
    if (q.ancestor(name, ['impl_item'])?.id !== fn.container.id) return false;
  } else if (prev?.type === '::') {
    const path = prev.previousSibling?.text;
    const type = fn.container?.childForFieldName('type')?.text.replace(/<.*$/, '');
    if (!fn.container || (path !== 'Self' && path !== type)) return false;
  } else if (fn.container) {
    return false;
  }
  return true;
}
