import type { Node } from 'web-tree-sitter';

/**
 * What the profiles' `runsNothing` share: whether a top-level statement of a script language runs
 * any code when the file is run, and whether the file has a top-level definition of some kind.
 */

export const ONLY_DEFINITIONS = 'the file only defines functions and names, so running it runs none of their code';

export function hasTopLevel(root: Node, test: (node: Node) => boolean): boolean {
  return root.namedChildren.some((c) => c !== null && test(c));
}

/** A value whose evaluation calls nothing (a literal, a function, a collection of such). */
export function inertValue(node: Node): boolean {
  if (/function|lambda|arrow|class/.test(node.type)) return true;
  if (/call|new_expression|await|yield|subscript|attribute|member|binary|unary|comparison|boolean_operator|update|assignment/.test(node.type)) {
    // operators on literals (`10 ** 9 + 7`) run no user code either
    if (/binary|unary/.test(node.type)) return node.namedChildren.every((c) => c !== null && inertValue(c));
    return false;
  }
  return node.namedChildren.every((c) => c !== null && inertValue(c));
}

/** A top-level statement of JavaScript or TypeScript that runs no code. */
export function scriptInert(node: Node): boolean {
  switch (node.type) {
    case 'function_declaration':
    case 'generator_function_declaration':
    case 'class_declaration':
    case 'import_statement':
    case 'comment':
    case 'empty_statement':
    case 'interface_declaration':
    case 'type_alias_declaration':
    case 'ambient_declaration':
      return true;
    case 'export_statement': {
      const declaration = node.childForFieldName('declaration');
      return declaration !== null && scriptInert(declaration);
    }
    case 'lexical_declaration':
    case 'variable_declaration':
      return node.namedChildren.every((d) => {
        if (d === null || d.type !== 'variable_declarator') return true;
        const value = d.childForFieldName('value');
        return !value || inertValue(value);
      });
    case 'expression_statement':
      // 'use strict' and other directives
      return node.firstNamedChild?.type === 'string';
    default:
      return false;
  }
}
