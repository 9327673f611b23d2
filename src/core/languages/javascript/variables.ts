import { literalText } from '../literals';
import { bindings } from './bindings';
import type { VariableRules } from '../languageProfile';
import { scopes } from './scopes';

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
  unusedLocal: (name, literal) => [`${declarationKeyword(name)} ${name} = ${literalText(literal)};`],
  bindings,
  fieldHolders: ['class_declaration', 'class'],
  ownScopes: ['class_body'],
  scopes,
};

/** `let` or `const`, chosen from the name so the choice costs no draw from the rng. */
export function declarationKeyword(name: string): string {
  return name.length % 2 === 0 ? 'let' : 'const';
}
