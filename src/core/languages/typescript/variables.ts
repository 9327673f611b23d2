import { declarationKeyword, variables as jsVariables } from '../javascript/variables';
import { literalText } from '../literals';
import type { VariableRules } from '../languageProfile';

/** TypeScript's variables come to be, alias and end as JavaScript's; a new one is annotated with its type. */
export const variables: VariableRules = {
  ...jsVariables,
  unusedLocal(name, literal) {
    const type = { int: 'number', float: 'number', string: 'string', bool: 'boolean' }[literal.kind];
    return [`${declarationKeyword(name)} ${name}: ${type} = ${literalText(literal)};`];
  },
  fieldHolders: [...jsVariables.fieldHolders, 'abstract_class_declaration', 'interface_declaration'],
};
