import { arrowHelper } from '../localHelpers';
import type { HelperRules } from '../languageProfile';

/** JavaScript's (and TypeScript's) helpers: an arrow function first in the host's body; function declarations may nest. */
export const helpers: HelperRules = {
  nestedFunctions: true,
  declaredBeforeUse: false,
  methodsOnly: false,
  privateFunction: '',
  parameterHelper: 'local',
  localHelper: arrowHelper,
  receiverFirstParameter: false,
  frameNames: ['eval', 'arguments'],
  frameCalls: null,
  localsReaders: null,
  closure: (name, body) => [`const ${name} = () => ${body};`],
  functionalInterfaces: false,
  siblingDefinition: (holder) => ({ ok: true, member: holder.type === 'class_body' }),
  resultTypes: null,
  closureCaptures: 'any',
  statementClosure: { open: (name) => `const ${name} = () => {`, close: '};' },
  truthType: null,
  definitionHolders: ['program', 'statement_block', 'class_body'],
};
