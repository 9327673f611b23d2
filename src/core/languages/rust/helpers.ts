import { localHelper } from './localHelper';
import type { HelperRules } from '../languageProfile';

/** Rust's helpers: a closure first in the host's body (a nested `fn` would not see the locals); `fn` items may nest. */
export const helpers: HelperRules = {
  nestedFunctions: true,
  declaredBeforeUse: false,
  methodsOnly: false,
  // items are private to their module unless `pub`
  privateFunction: '',
  parameterHelper: 'local',
  localHelper,
  receiverFirstParameter: false,
  frameNames: [], // line!() and friends are macros, which no closure here holds
  frameCalls: null,
  localsReaders: null,
  closure: (name, body) => [`let ${name} = || ${body};`],
  functionalInterfaces: false,
  siblingDefinition: (holder) => {
    if (holder.type !== 'declaration_list') return { ok: true, member: false };
    const owner = holder.parent;
    if (owner?.type === 'mod_item') return { ok: true, member: false };
    // a trait impl may only define the trait's items, and a new trait item would change the trait
    return { ok: owner?.type === 'impl_item' && owner.childForFieldName('trait') === null, member: true };
  },
  resultTypes: null,
  closureCaptures: 'borrows',
  statementClosure: null,
  truthType: null,
  definitionHolders: ['source_file', 'declaration_list', 'block'],
};
