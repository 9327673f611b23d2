import type { LocalHelper } from '../localHelpers';

/** An arrow function first in the host's body, each parameter typed as the source declares its local. */
export const localHelper: LocalHelper = (expr, host, args, q) => {
  const params: string[] = [];
  // a type the function declares itself is not seen from the top of its body before its declaration
  const own = new Set(q.descendants(host.node, (n) => ['type_alias_declaration', 'interface_declaration', 'class_declaration', 'enum_declaration'].includes(n.type)).map((n) => n.childForFieldName('name')?.text ?? ''));
  for (const a of args) {
    const type = q.declaredType(expr, a);
    if (!type || /\btypeof\b|=>/.test(type) || (type.match(/[A-Za-z_$][\w$]*/g) ?? []).some((w) => own.has(w))) return null;
    params.push(`${a}: ${type}`);
  }
  return (name, body) => [`const ${name} = (${params.join(', ')}) => ${body};`];
};
