import { newParameterAllowed, ownReceiver } from './newParameter';
import { nullable } from './nullable';
import { ALL_KINDS } from '../parameterKinds';
import type { ParameterRules } from '../languageProfile';

export const parameters: ParameterRules = {
  nullable,
  types: 'required',
  typePlacement: 'before-name',
  defaults: false,
  uncheckedCalls: false,
  prototypes: false,
  voidList: false,
  overloads: true,
  methodsApart: true,
  bareMethodCalls: true,
  fieldsClashWithMethods: false,
  keywordArguments: false,
  spreadArguments: false,
  moduleExports: false,
  kinds: ALL_KINDS,
  unused(name, kind) {
    const type = { bool: 'boolean', int: 'int', str: 'String', object: 'Object' }[kind];
    const value = { bool: 'false', int: '0', str: '""', object: 'null' }[kind];
    return { param: `${type} ${name}`, dummy: value };
  },
  newParameterAllowed,
  ownReceiver,
};
