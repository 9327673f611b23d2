import { localHelper } from './localHelper';
import type { HelperRules } from '../languageProfile';

/**
 * Python's helpers: a nested def first in the host's body, which reads the method's `self` where
 * it stands; builtins that read the caller's frame see a different one from inside it.
 */
export const helpers: HelperRules = {
  nestedFunctions: true,
  declaredBeforeUse: false,
  methodsOnly: false,
  privateFunction: '',
  parameterHelper: 'local',
  localHelper,
  receiverFirstParameter: true,
  frameNames: ['_getframe', 'currentframe'],
  // a nested def has its own locals and no __class__ cell
  frameCalls: /\b(locals|vars|dir|super|eval|exec)\s*\(/,
  localsReaders: /\b(locals|vars|exec|eval)\s*\(/,
  closure: (name, body, _types, indentUnit) => [`def ${name}():`, `${indentUnit}return ${body}`],
  functionalInterfaces: false,
  siblingDefinition: (holder) => ({ ok: true, member: holder.type === 'block' && holder.parent?.type === 'class_definition' }),
  resultTypes: null,
  closureCaptures: 'any',
  statementClosure: null,
  truthType: null,
  definitionHolders: ['module', 'block'],
};
