import { newParameterAllowed } from './newParameter';
import { nullable } from './nullable';
import { ALL_KINDS } from '../parameterKinds';
import type { ParameterRules } from '../languageProfile';

export const parameters: ParameterRules = {
  nullable,
  types: 'optional',
  typePlacement: 'after-colon',
  defaults: true,
  uncheckedCalls: true,
  prototypes: false,
  voidList: false,
  overloads: false,
  methodsApart: false,
  bareMethodCalls: false,
  fieldsClashWithMethods: false,
  keywordArguments: true,
  spreadArguments: false,
  moduleExports: false,
  kinds: ALL_KINDS,
  unused(name, kind, _form, style) {
    const value = { bool: 'False', int: '0', str: 'None', object: 'None' }[kind];
    const type = { bool: 'bool', int: 'int', str: 'str | None', object: 'dict | None' }[kind];
    return { param: style.typed ? `${name}: ${type} = ${value}` : `${name}=${value}`, dummy: value };
  },
  newParameterAllowed,
  // a call's receiver is never given an argument: the new parameter has a default
  ownReceiver: () => false,
};
