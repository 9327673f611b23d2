import { newParameterAllowed } from './newParameter';
import { pointerParameters } from './nullable';
import { spelling } from './spelling';
import { variables } from './variables';
import type { ParameterRules, ValueKind } from '../languageProfile';

/** An unused parameter of C's types; C++ writes a flag as `bool` and a null pointer as `nullptr`, and gives it a default. */
export function cParameter(name: string, kind: ValueKind, form: 'full' | 'plain' | 'type', cpp: boolean): { param: string; dummy: string } {
  const type = { bool: cpp ? 'bool' : 'int', int: 'int', str: 'const char *', object: 'const void *' }[kind];
  const value = { bool: cpp ? 'false' : '0', int: '0', str: '""', object: cpp ? 'nullptr' : '0' }[kind];
  const sep = type.endsWith('*') ? '' : ' ';
  if (form === 'type') return { param: type.replace(/ \*$/, '*'), dummy: value };
  const base = `${type}${sep}${name}`;
  return { param: form === 'full' && cpp ? `${base} = ${value}` : base, dummy: value };
}

export const parameters: ParameterRules = {
  nullable: pointerParameters(spelling.nullValue!, variables.smartPointers),
  types: 'required',
  typePlacement: 'before-name',
  defaults: false,
  uncheckedCalls: false,
  prototypes: true,
  voidList: true,
  overloads: false,
  methodsApart: false,
  bareMethodCalls: false,
  fieldsClashWithMethods: false,
  keywordArguments: false,
  spreadArguments: false,
  moduleExports: false,
  kinds: ['bool', 'int', 'str'],
  unused: (name, kind, form) => cParameter(name, kind, form, false),
  newParameterAllowed,
  // C has no methods
  ownReceiver: () => false,
};
