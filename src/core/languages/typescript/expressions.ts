import { expressions as jsExpressions } from '../javascript/expressions';
import type { ExpressionRules } from '../languageProfile';

/** TypeScript's expressions group and act as JavaScript's; its compiler checks the types they are annotated with. */
export const expressions: ExpressionRules = {
  ...jsExpressions,
  checkedTypeAnnotations: true,
  typeArgumentsBySyntax: true,
};
