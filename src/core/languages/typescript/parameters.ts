import { defaulted, parameters as jsParameters } from '../javascript/parameters';
import type { ParameterRules } from '../languageProfile';

/** TypeScript's parameters are JavaScript's, checked: an object default is typed, calls and fields are checked. */
export const parameters: ParameterRules = {
  ...jsParameters,
  types: 'optional',
  typePlacement: 'after-colon',
  uncheckedCalls: false,
  overloads: true,
  fieldsClashWithMethods: true,
  unused: (name, kind, _form, style) => defaulted(name, kind, style.quote, kind === 'object' ? ': Record<string, unknown>' : ''),
};
