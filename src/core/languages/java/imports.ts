import type { Node } from 'web-tree-sitter';
import type { TextEdit } from '../../text/edits';
import type { TreeQueries } from '../writtenDeclarations';

/**
 * Importing a class a helper needs (`java.util.function.IntSupplier`) into a Java file, reached
 * where `helpers.functionalInterfaces` holds. The syntax layer's tree walks come in `q`.
 */

/** The edit that imports a class (after the last import or the package line), or none when the file already has it. */
export function javaImport(root: Node, qualified: string, q: TreeQueries): TextEdit | null {
  const pkg = qualified.slice(0, qualified.lastIndexOf('.'));
  const imports = q.namedChildren(root).filter((c) => c.type === 'import_declaration');
  const escape = (t: string) => t.replace(/\./g, '\\.');
  if (imports.some((i) => new RegExp(`\\b(${escape(qualified)}|${escape(pkg)}\\.\\*)\\s*;`).test(i.text))) return null;
  const last = imports[imports.length - 1] ?? q.namedChildren(root).find((c) => c.type === 'package_declaration');
  if (last) return { start: last.endIndex, end: last.endIndex, text: `\nimport ${qualified};` };
  return { start: 0, end: 0, text: `import ${qualified};\n\n` };
}

/** Whether the Java file declares or imports something else under a class's simple name. */
export function javaNameTaken(root: Node, words: { has(word: string): boolean }, simple: string, qualified: string, q: TreeQueries): boolean {
  if (!words.has(simple)) return false;
  return !q.namedChildren(root).some((c) => c.type === 'import_declaration' && c.text.includes(qualified));
}
