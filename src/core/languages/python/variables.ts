import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

/** Python declares a local by assigning it, raises on one read before it is bound, and extends a list in place with `+=`; `__del__` runs code when a value goes. */
export const variables: VariableRules = {
  declaredByAssignment: true,
  argumentsObject: false,
  referenceVariables: false,
  augmentedAssignmentInPlace: true,
  readsMove: false,
  smartPointers: null,
  inScopeInOwnInitializer: true,
  arraysGrowOnAssignment: false,
  unboundReadsFail: true,
  namesInFormatStrings: false,
  typesInDeclarations: false,
  classValuesRunCode: false,
  objectOperandsRunCode: false,
  destructor: /\bdef\s+__del__\s*\(/,
  blankAssignment: false,
  nestedFunctionsSeeNoLocals: false,
  reflective: ['locals', 'vars', 'exec', 'eval', 'globals'],
  namesLookedUpByString: true,
  localsReadBy: ['locals', 'vars', 'eval', 'exec', 'globals', 'dir'],
  withScopes: false,
  bareFields: true,
  aliasing: null,
  unusedLocal(name, literal) {
    // JSON's escapes and double quotes are Python's too; its truth values are capitalised
    const text = literal.kind === 'string' ? JSON.stringify(literal.value) : literal.value;
    const py = literal.kind === 'bool' ? (literal.value === 'true' ? 'True' : 'False') : text;
    return [`${name} = ${py}`];
  },
  bindings,
  fieldHolders: ['class_definition'],
  ownScopes: ['class_definition', 'generator_expression'],
  scopes,
};
