import { newParameterAllowed, ownReceiver } from './newParameter';
import { nullable } from './nullable';
import { ALL_KINDS } from '../parameterKinds';
import type { ParameterRules } from '../languageProfile';

export const parameters: ParameterRules = {
  nullable,
  types: 'required',
  typePlacement: 'after-colon',
  defaults: false,
  uncheckedCalls: false,
  prototypes: false,
  voidList: false,
  overloads: false,
  methodsApart: false,
  bareMethodCalls: false,
  fieldsClashWithMethods: false,
  keywordArguments: false,
  spreadArguments: false,
  moduleExports: false,
  kinds: ALL_KINDS,
  unused(name, kind) {
    const type = { bool: 'bool', int: 'usize', str: '&str', object: 'Option<u32>' }[kind];
    const value = { bool: 'false', int: '0', str: '""', object: 'None' }[kind];
    return { param: `${name}: ${type}`, dummy: value };
  },
  newParameterAllowed,
  ownReceiver,
};
