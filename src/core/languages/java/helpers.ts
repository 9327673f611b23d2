import type { HelperRules } from '../languageProfile';

/**
 * Java's helpers: a `private static` method of the class around the code; a closure is a lambda
 * of a functional interface (`BooleanSupplier`), capturing effectively final locals only.
 */
export const helpers: HelperRules = {
  nestedFunctions: false,
  declaredBeforeUse: false,
  methodsOnly: true,
  privateFunction: 'private static',
  parameterHelper: 'static',
  localHelper: null,
  receiverFirstParameter: false,
  frameNames: ['getStackTrace', 'StackWalker', 'getEnclosingMethod'],
  frameCalls: null,
  localsReaders: null,
  closure: (name, body, types) => [`${types.iface} ${name} = () -> ${body};`],
  functionalInterfaces: true,
  // every function is a method
  siblingDefinition: () => ({ ok: true, member: true }),
  resultTypes: 'binary-numeric-promotion',
  closureCaptures: 'effectively-final',
  statementClosure: null,
  truthType: 'boolean',
  definitionHolders: ['class_body', 'interface_body', 'enum_body_declarations'],
};
