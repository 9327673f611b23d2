import type { HelperRules } from '../languageProfile';

/**
 * C's helpers: a `static` function above its host (a function must be declared before its call),
 * each parameter declared as its local is; C has no nested functions and no closures.
 */
export const helpers: HelperRules = {
  nestedFunctions: false,
  declaredBeforeUse: true,
  methodsOnly: false,
  privateFunction: 'static',
  parameterHelper: 'static',
  localHelper: null,
  receiverFirstParameter: false,
  frameNames: ['__func__', '__FUNCTION__', '__PRETTY_FUNCTION__', '__LINE__', 'va_arg', 'va_start', 'va_end', 'alloca', 'setjmp', 'longjmp'],
  frameCalls: null,
  localsReaders: null,
  closure: null,
  functionalInterfaces: false,
  siblingDefinition: () => ({ ok: true, member: false }),
  resultTypes: 'usual-arithmetic-conversions',
  closureCaptures: 'any',
  statementClosure: null,
  truthType: 'int',
  definitionHolders: ['translation_unit', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif', 'declaration_list'],
};
