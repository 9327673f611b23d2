import { expressions as jsExpressions } from '../javascript/expressions';
import type { ExpressionRules } from '../languageProfile';
import { jsNumericType } from '../javascript/numeric';

/** TypeScript's expressions group and act as JavaScript's; its compiler checks the types they are annotated with. */
export const expressions: ExpressionRules = {
  ...jsExpressions,
  checkedTypeAnnotations: true,
  typeArgumentsBySyntax: true,
  // JavaScript's reader, but asked for TypeScript's rules (checked annotations): the spread would give it JavaScript's
  numericType: jsNumericType({ id: 'typescript', rules: () => expressions }),
};
