import { newParameterAllowed } from './newParameter';
import { pointerParameters } from '../c/nullable';
import { spelling } from './spelling';
import { variables } from './variables';
import { cParameter, parameters as cParameters } from '../c/parameters';
import type { ParameterRules } from '../languageProfile';

/** C++ declares parameters as C does, with defaults (on the first declaration), `bool` and `nullptr`. */
export const parameters: ParameterRules = {
  ...cParameters,
  nullable: pointerParameters(spelling.nullValue!, variables.smartPointers),
  defaults: true,
  overloads: true,
  bareMethodCalls: true,
  fieldsClashWithMethods: true,
  unused: (name, kind, form) => cParameter(name, kind, form, true),
  newParameterAllowed,
  // a call's receiver is never given an argument: the new parameter has a default
  ownReceiver: () => false,
};
