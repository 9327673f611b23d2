import { literalText } from '../literals';
import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

/** Go discards a value assigned to `_`. */
export const variables: VariableRules = {
  declaredByAssignment: false,
  argumentsObject: false,
  referenceVariables: false,
  augmentedAssignmentInPlace: false,
  readsMove: false,
  smartPointers: null,
  inScopeInOwnInitializer: false,
  arraysGrowOnAssignment: false,
  unboundReadsFail: false,
  namesInFormatStrings: false,
  typesInDeclarations: false,
  classValuesRunCode: false,
  objectOperandsRunCode: false,
  destructor: null,
  blankAssignment: true,
  nestedFunctionsSeeNoLocals: false,
  reflective: [],
  namesLookedUpByString: false,
  localsReadBy: [],
  withScopes: false,
  bareFields: false,
  aliasing: 'address-of',
  // an unused local is a compile error: `_ =` uses it
  unusedLocal: (name, literal) => [`${name} := ${literalText(literal)}`, `_ = ${name}`],
  bindings,
  fieldHolders: [],
  ownScopes: [],
  scopes,
};
