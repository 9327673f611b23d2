import { newParameterAllowed, ownReceiver } from './newParameter';
import { nullable } from './nullable';
import { ALL_KINDS } from '../parameterKinds';
import type { ParameterRules } from '../languageProfile';

export const parameters: ParameterRules = {
  nullable,
  types: 'required',
  typePlacement: 'after-name',
  defaults: false,
  uncheckedCalls: false,
  prototypes: false,
  voidList: false,
  overloads: false,
  methodsApart: false,
  bareMethodCalls: false,
  fieldsClashWithMethods: false,
  keywordArguments: false,
  spreadArguments: true,
  moduleExports: false,
  kinds: ALL_KINDS,
  unused(name, kind) {
    const type = { bool: 'bool', int: 'int', str: 'string', object: 'map[string]string' }[kind];
    const value = { bool: 'false', int: '0', str: '""', object: 'nil' }[kind];
    return { param: `${name} ${type}`, dummy: value };
  },
  newParameterAllowed,
  ownReceiver,
};
