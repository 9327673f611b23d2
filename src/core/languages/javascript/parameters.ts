import { newParameterAllowed } from './newParameter';
import { nullable } from './nullable';
import { ALL_KINDS } from '../parameterKinds';
import type { ParameterRules, ValueKind } from '../languageProfile';

/** An unused JavaScript parameter with its default; `type` is what TypeScript writes after its name. */
export function defaulted(name: string, kind: ValueKind, quote: string, type = ''): { param: string; dummy: string } {
  const value = { bool: 'false', int: '0', str: `${quote}${quote}`, object: '{}' }[kind];
  return { param: `${name}${type} = ${value}`, dummy: value };
}

export const parameters: ParameterRules = {
  nullable,
  types: 'none',
  typePlacement: 'none',
  defaults: true,
  uncheckedCalls: true,
  prototypes: false,
  voidList: false,
  overloads: false,
  methodsApart: false,
  bareMethodCalls: false,
  fieldsClashWithMethods: false,
  keywordArguments: false,
  spreadArguments: false,
  moduleExports: true,
  kinds: ALL_KINDS,
  unused: (name, kind, _form, style) => defaulted(name, kind, style.quote),
  newParameterAllowed,
  // a call's receiver is never given an argument: the new parameter has a default
  ownReceiver: () => false,
};
