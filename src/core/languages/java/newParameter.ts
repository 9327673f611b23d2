import type { ParameterRules } from '../languageProfile';

/** Methods the runtime, a protocol or an interface calls by name. */
const PROTOCOL = new Set([
  'toString', 'equals', 'hashCode', 'compareTo', 'clone', 'finalize', 'iterator', 'close', 'run', 'call', 'get', 'apply', 'accept',
  'test', 'compare', 'values', 'valueOf', 'main',
]);

/** A method of a class or enum, not annotated, abstract or native, not overriding, and private or in the whole program (the file has main). */
export const newParameterAllowed: ParameterRules['newParameterAllowed'] = (fn, unit) => {
  const node = fn.node;
  if (node.type !== 'method_declaration' || PROTOCOL.has(fn.name)) return false;
  const container = fn.container;
  if (!container || !['class_declaration', 'enum_declaration'].includes(container.type)) return false;
  const modifiers = node.namedChildren.find((c) => c?.type === 'modifiers')?.text ?? '';
  if (/@/.test(modifiers) || /\b(abstract|native)\b/.test(modifiers)) return false;
  const isStatic = /\bstatic\b/.test(modifiers);
  const isPrivate = /\bprivate\b/.test(modifiers);
  const inherits = container.childForFieldName('superclass') || container.childForFieldName('interfaces');
  if (inherits && !isStatic && !isPrivate) return false;
  // a lone file with a main is the whole program; otherwise other classes may call it
  return isPrivate || unit.hasMain();
};

/** `this` in the method's own class, the class's name (a static call), or a variable declared of the class. */
export const ownReceiver: ParameterRules['ownReceiver'] = (fn, r, unit) => {
  const owner = fn.container?.childForFieldName('name')?.text;
  if (r.type === 'this') return unit.ancestor(r, ['class_body'])?.id === fn.container?.childForFieldName('body')?.id;
  if (r.type !== 'identifier') return false;
  if (r.text === owner) return true;
  const decls = unit.declarationsOf(r);
  return decls.length > 0 && decls.every((d) => d.type === owner);
};
