import { addArguments } from './add-arguments';
import { addCondition } from './add-condition';
import { addException } from './add-exception';
import { changeStatementOrder } from './change-statement-order';
import { checkArguments } from './check-arguments';
import { divComposedIf } from './div-composed-if';
import { divIfElse } from './div-if-else';
import { divLoop } from './div-loop';
import { equiArithmetic } from './equi-arithmetic';
import { equiBooleanLogic } from './equi-boolean-logic';
import { expressionDiv } from './expression-div';
import { extractArithmetic } from './extract-arithmetic';
import { extractIf } from './extract-if';
import { forWhile } from './for-while';
import { functionRename } from './function-rename';
import { ifContinueToIfElse } from './if-continue-to-if-else';
import { ifToSwitch } from './if-to-switch';
import { insertJunkFunction } from './insert-junk-function';
import { insertJunkLoop } from './insert-junk-loop';
import { insertVariables } from './insert-variables';
import { modifyOperations } from './modify-operations';
import { moveAssignments } from './move-assignments';
import { statementWrapping } from './statement-wrapping';
import { swapBooleanExpression } from './swap-boolean-expression';
import { switchToIf } from './switch-to-if';
import { variableRename } from './variable-rename';
import { CATALOGUE } from './catalogue';
import type { Method } from './method';

/** Local implementations, in catalogue order (the order matters: it is part of what a seed reproduces). */
const IMPLEMENTED: readonly Method[] = [
  addException,
  addArguments,
  changeStatementOrder,
  checkArguments,
  insertJunkFunction,
  insertJunkLoop,
  insertVariables,
  moveAssignments,
  statementWrapping,
  functionRename,
  variableRename,
  addCondition,
  divIfElse,
  divComposedIf,
  ifContinueToIfElse,
  ifToSwitch,
  switchToIf,
  divLoop,
  forWhile,
  equiBooleanLogic,
  swapBooleanExpression,
  extractIf,
  extractArithmetic,
  equiArithmetic,
  expressionDiv,
  modifyOperations,
];

const BY_ID = new Map(IMPLEMENTED.map((m) => [m.id, m]));

export const METHODS: readonly Method[] = CATALOGUE.map((entry) => BY_ID.get(entry.id)).filter((m): m is Method => m !== undefined);

export function methodById(id: string): Method | undefined {
  return BY_ID.get(id);
}


