import type { Node } from 'web-tree-sitter';
import type { FunctionInfo } from './functions';

/** The name a class, struct or impl is known by: its `name` field, or the type an impl is for (without its generic arguments). */
export function containerName(container: Node): string | undefined {
  const name = container.childForFieldName('name');
  if (name) return name.text;
  const type = container.childForFieldName('type');
  return type ? type.text.replace(/<[\s\S]*$/, '').trim() : undefined;
}

/** The text of a function's definition before its body: where its modifiers (`virtual`, `extern`) are written. */
export function headText(source: string, fn: FunctionInfo): string {
  return source.slice(fn.node.startIndex, fn.body?.startIndex ?? fn.node.endIndex);
}
