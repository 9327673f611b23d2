import { literalText } from '../literals';
import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

/** Rust's format macros read the names in their strings, `impl Drop` runs code when a value goes, and a nested `fn` sees none of its outer function's locals. */
export const variables: VariableRules = {
  declaredByAssignment: false,
  argumentsObject: false,
  referenceVariables: false,
  augmentedAssignmentInPlace: false,
  readsMove: true,
  smartPointers: null,
  inScopeInOwnInitializer: false,
  arraysGrowOnAssignment: false,
  unboundReadsFail: false,
  namesInFormatStrings: true,
  typesInDeclarations: false,
  classValuesRunCode: false,
  objectOperandsRunCode: false,
  destructor: /\bimpl\s*(<[^>]*>\s*)?Drop\s+for\b/,
  blankAssignment: false,
  nestedFunctionsSeeNoLocals: true,
  reflective: [],
  namesLookedUpByString: false,
  localsReadBy: [],
  withScopes: false,
  bareFields: false,
  aliasing: 'mutable-borrow',
  unusedLocal(name, literal) {
    // the underscore keeps the compiler quiet; the suffix keeps `0.5` an f64 whatever inference would pick
    const value = literal.kind === 'float' ? `${literalText(literal)}_f64` : literalText(literal);
    return [`let _${name} = ${value};`];
  },
  bindings,
  fieldHolders: [],
  ownScopes: [],
  scopes,
};
