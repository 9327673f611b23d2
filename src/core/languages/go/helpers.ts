import type { HelperRules } from '../languageProfile';

/** Go's helpers: a function beside its host, its parameters typed; a closure is a func literal that names its result type. */
export const helpers: HelperRules = {
  nestedFunctions: false,
  declaredBeforeUse: false,
  methodsOnly: false,
  // a lower-case name keeps a function to its package: no keyword does
  privateFunction: '',
  parameterHelper: 'function',
  localHelper: null,
  receiverFirstParameter: false,
  frameNames: ['recover', 'Caller', 'Callers'],
  frameCalls: null,
  localsReaders: null,
  closure: (name, body, types) => [`${name} := func() ${types.result} { return ${body} }`],
  functionalInterfaces: false,
  siblingDefinition: () => ({ ok: true, member: false }),
  resultTypes: 'declared-operands',
  closureCaptures: 'any',
  statementClosure: { open: (name) => `${name} := func() {`, close: '}' },
  truthType: 'bool',
  definitionHolders: ['source_file'],
};
