import { headText } from '../functionHeads';
import type { ParameterRules } from '../languageProfile';

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
