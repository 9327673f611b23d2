import { literalText } from '../literals';
import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

/** Java's `+` calls toString() on objects, and arithmetic on a boxed value unboxes it. */
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
  typesInDeclarations: false,
  classValuesRunCode: false,
  objectOperandsRunCode: true,
  destructor: null,
  blankAssignment: false,
  nestedFunctionsSeeNoLocals: false,
  reflective: [],
  namesLookedUpByString: false,
  localsReadBy: [],
  withScopes: false,
  bareFields: true,
  aliasing: null,
  unusedLocal(name, literal) {
    const type = { int: 'int', float: 'double', string: 'String', bool: 'boolean' }[literal.kind];
    return [`${type} ${name} = ${literalText(literal)};`];
  },
  bindings,
  fieldHolders: ['class_body', 'interface_body', 'enum_body'],
  ownScopes: ['class_body'],
  scopes,
};
