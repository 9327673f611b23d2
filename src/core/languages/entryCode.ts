import type { Node } from 'web-tree-sitter';
import type { LanguageId } from './languageIds';

/**
 * Why running a lone file of the language would execute none of its code, or null when it runs
 * something. A file that only defines functions (a dataset record's code without its test) exits
 * 0 with no output whatever its functions do: comparing two such runs tests nothing, so such a
 * run must not be recorded as a passed test.
 */
export function runsNothing(lang: LanguageId, root: Node): string | null {
  switch (lang) {
    case 'python':
      return root.namedChildren.every((c) => c !== null && pythonInert(c)) ? 'the file only defines functions and names, so running it runs none of their code' : null;
    case 'javascript':
    case 'typescript':
      return root.namedChildren.every((c) => c !== null && scriptInert(c)) ? 'the file only defines functions and names, so running it runs none of their code' : null;
    case 'c':
    case 'cpp':
      return hasTopLevel(root, (n) => n.type === 'function_definition' && /\bmain\s*\(/.test(n.childForFieldName('declarator')?.text ?? '')) ? null : 'the file has no main function to run';
    case 'go':
      return hasTopLevel(root, (n) => n.type === 'function_declaration' && n.childForFieldName('name')?.text === 'main') ? null : 'the file has no func main to run';
    case 'rust':
      return hasTopLevel(root, (n) => n.type === 'function_item' && n.childForFieldName('name')?.text === 'main') ? null : 'the file has no fn main to run';
    case 'java':
      return /\bstatic\s+(?:final\s+)?void\s+main\s*\(/.test(root.text) ? null : 'the file has no main method to run';
  }
}

function hasTopLevel(root: Node, test: (node: Node) => boolean): boolean {
  return root.namedChildren.some((c) => c !== null && test(c));
}

/** A value whose evaluation calls nothing (a literal, a function, a collection of such). */
function inertValue(node: Node): boolean {
  if (/function|lambda|arrow|class/.test(node.type)) return true;
  if (/call|new_expression|await|yield|subscript|attribute|member|binary|unary|comparison|boolean_operator|update|assignment/.test(node.type)) {
    // operators on literals (`10 ** 9 + 7`) run no user code either
    if (/binary|unary/.test(node.type)) return node.namedChildren.every((c) => c !== null && inertValue(c));
    return false;
  }
  return node.namedChildren.every((c) => c !== null && inertValue(c));
}

function pythonInert(node: Node): boolean {
  switch (node.type) {
    case 'import_statement':
    case 'import_from_statement':
    case 'future_import_statement':
    case 'function_definition':
    case 'class_definition':
    case 'comment':
      return true;
    case 'decorated_definition':
      // a decorator is a call made when the module runs
      return false;
    case 'expression_statement': {
      const inner = node.firstNamedChild;
      if (!inner) return true;
      if (inner.type === 'string') return true;
      if (inner.type === 'assignment') {
        const right = inner.childForFieldName('right');
        return !right || inertValue(right);
      }
      return false;
    }
    default:
      return false;
  }
}

function scriptInert(node: Node): boolean {
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
