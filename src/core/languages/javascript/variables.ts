import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';

/** JavaScript's sloppy-mode `arguments` aliases a function's parameters. */
export const variables: VariableRules = {
  declaredByAssignment: false,
  argumentsObject: true,
  referenceVariables: false,
  augmentedAssignmentInPlace: false,
  readsMove: false,
  smartPointers: null,
  inScopeInOwnInitializer: true,
  arraysGrowOnAssignment: true,
  unboundReadsFail: false,
  namesInFormatStrings: false,
  typesInDeclarations: false,
  classValuesRunCode: false,
  objectOperandsRunCode: false,
  destructor: null,
  blankAssignment: false,
  nestedFunctionsSeeNoLocals: false,
  reflective: ['eval'],
  namesLookedUpByString: true,
  localsReadBy: ['eval'],
  withScopes: true,
  bareFields: false,
  aliasing: null,
  bindings,
};
