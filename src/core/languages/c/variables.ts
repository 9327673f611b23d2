import { literalText } from '../literals';
import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

/** C may define a struct, union or enum in a variable's declaration. */
export const variables: VariableRules = {
  declaredByAssignment: false,
  argumentsObject: false,
  referenceVariables: false,
  augmentedAssignmentInPlace: false,
  readsMove: false,
  smartPointers: null,
  inScopeInOwnInitializer: true,
  arraysGrowOnAssignment: false,
  unboundReadsFail: false,
  namesInFormatStrings: false,
  typesInDeclarations: true,
  classValuesRunCode: false,
  objectOperandsRunCode: false,
  destructor: null,
  blankAssignment: false,
  nestedFunctionsSeeNoLocals: false,
  reflective: [],
  namesLookedUpByString: false,
  localsReadBy: [],
  withScopes: false,
  bareFields: false,
  aliasing: 'address-of',
  unusedLocal(name, literal) {
    const text = literalText(literal);
    if (literal.kind === 'string') return [`const char *${name} = ${text};`];
    if (literal.kind === 'float') return [`double ${name} = ${text};`];
    // C's truth values are ints
    return [`int ${name} = ${literal.kind === 'bool' ? (literal.value === 'true' ? '1' : '0') : text};`];
  },
  bindings,
  fieldHolders: [],
  ownScopes: [],
  scopes,
};
