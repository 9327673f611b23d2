import { literalText } from '../literals';
import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

/** C++ has reference variables, class types whose constructors and operators run code, and type definitions in declarations. */
export const variables: VariableRules = {
  declaredByAssignment: false,
  argumentsObject: false,
  referenceVariables: true,
  augmentedAssignmentInPlace: false,
  readsMove: false,
  smartPointers: /^(std::)?(unique_ptr|shared_ptr)\s*</,
  inScopeInOwnInitializer: true,
  arraysGrowOnAssignment: false,
  unboundReadsFail: false,
  namesInFormatStrings: false,
  typesInDeclarations: true,
  classValuesRunCode: true,
  objectOperandsRunCode: false,
  destructor: null,
  blankAssignment: false,
  nestedFunctionsSeeNoLocals: false,
  reflective: [],
  namesLookedUpByString: false,
  localsReadBy: [],
  withScopes: false,
  bareFields: true,
  aliasing: 'address-of',
  unusedLocal(name, literal) {
    const type = { int: 'int', float: 'double', string: 'const char *', bool: 'bool' }[literal.kind];
    return [`${type}${type.endsWith('*') ? '' : ' '}${name} = ${literalText(literal)};`];
  },
  bindings,
  fieldHolders: ['class_specifier', 'struct_specifier', 'union_specifier'],
  ownScopes: ['class_specifier', 'struct_specifier'],
  scopes,
};
