import { helpers as cHelpers } from '../c/helpers';
import { localHelper } from './localHelper';
import type { HelperRules } from '../languageProfile';

/**
 * C++ places functions as C does; its helper with parameters is a generic lambda first in the
 * host's body (`[&](const auto& a) { … }`), and `std::source_location` names the current line too.
 */
export const helpers: HelperRules = {
  ...cHelpers,
  parameterHelper: 'local',
  localHelper,
  frameNames: [...cHelpers.frameNames, 'source_location'],
  closure: (name, body) => [`auto ${name} = [&]() { return ${body}; };`],
  siblingDefinition: (holder) => ({ ok: true, member: holder.type === 'field_declaration_list' }),
  resultTypes: null,
  closureCaptures: 'declared-variables',
  statementClosure: { open: (name) => `auto ${name} = [&]() {`, close: '};' },
  // its helper is a generic lambda, whose result type is deduced
  truthType: null,
  definitionHolders: ['translation_unit', 'declaration_list', 'field_declaration_list', 'preproc_if', 'preproc_ifdef', 'preproc_else', 'preproc_elif'],
};
