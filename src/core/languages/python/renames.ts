import type { Node } from 'web-tree-sitter';
import type { LanguageProfile } from '../languageProfile';

/** Dunder methods and tests are called by name; a decorator or a base class may look the function up by it. */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn) => {
  const name = fn.name;
  const container = fn.container;
  if (/^__.*__$/.test(name) || /^test/i.test(name)) return false;
  if (fn.outer.type === 'decorated_definition') {
    const decorators = fn.outer.namedChildren.filter((c): c is Node => c?.type === 'decorator');
    const plain = /^@\s*(staticmethod|classmethod|(functools\.)?(cache|lru_cache)(\([^)]*\))?)\s*$/;
    if (!decorators.every((d) => plain.test(d.text))) return false;
  }
  if (container) {
    const bases = container.childForFieldName('superclasses');
    if (bases && bases.namedChildren.some((b) => b?.text !== 'object')) return false;
    if (container.parent?.type === 'decorated_definition') return false;
  }
  return true;
};
