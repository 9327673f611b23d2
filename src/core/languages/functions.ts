import type { Node } from 'web-tree-sitter';
import { LanguageProfile } from './profiles';

export interface FunctionInfo {
  name: string;
  /** The definition node (function_definition, method_declaration, arrow_function...). */
  node: Node;
  /** The whole definition including decorators, templates or the `const f =` around it. */
  outer: Node;
  nameNode: Node;
  body: Node | null;
  /** Offsets of `outer` in the source. */
  start: number;
  end: number;
  /** 1-based line of the definition's first line. */
  line: number;
  /** Set when the function is a method: the class, impl or struct that holds it. */
  container: Node | null;
}

/** Every named function and method in the tree, in source order (nested ones included). */
export function findFunctions(
  root: Node,
  profile: LanguageProfile,
  /** The nodes of the given types under `root`, in source order, when the caller has them at hand; else (or null) one native walk. */
  ofTypes?: (types: readonly string[]) => readonly Node[] | null,
): FunctionInfo[] {
  const result: FunctionInfo[] = [];
  for (const node of ofTypes?.(profile.functionTypes) ?? root.descendantsOfType([...profile.functionTypes])) {
    if (!node?.isNamed) continue;
    const info = describeFunction(node, profile);
    if (info) result.push(info);
  }
  return result;
}

export function describeFunction(node: Node, profile: LanguageProfile): FunctionInfo | null {
  const nameNode = profile.nameOf(node);
  const body = profile.bodyOf(node);
  if (!nameNode || !body) return null;
  const outer = profile.outerOf(node);
  return {
    name: nameNode.text,
    node,
    outer,
    nameNode,
    body,
    start: outer.startIndex,
    end: outer.endIndex,
    line: outer.startPosition.row + 1,
    container: containerOf(node, profile),
  };
}

function containerOf(node: Node, profile: LanguageProfile): Node | null {
  const containers = new Set(profile.containerTypes);
  for (let p = node.parent; p; p = p.parent) {
    if (profile.functionTypes.includes(p.type)) return null;
    if (containers.has(p.type)) return p;
  }
  return null;
}

/** The innermost named function whose definition covers the offset. */
export function functionAt(functions: readonly FunctionInfo[], offset: number): FunctionInfo | undefined {
  let best: FunctionInfo | undefined;
  for (const fn of functions) {
    if (fn.start <= offset && offset <= fn.end && (!best || fn.end - fn.start < best.end - best.start)) best = fn;
  }
  return best;
}

/**
 * Looks a function up by name; `Class.method` (or `Type::method`) picks a method when several
 * functions share a name. Returns every match so the caller can say the name is ambiguous.
 */
export function functionsNamed(functions: readonly FunctionInfo[], query: string): FunctionInfo[] {
  const parts = query.split(/::|\./);
  const name = parts[parts.length - 1];
  const owner = parts.length > 1 ? parts[parts.length - 2] : undefined;
  return functions.filter((fn) => {
    if (fn.name !== name) return false;
    if (!owner) return true;
    return containerName(fn) === owner;
  });
}

export function containerName(fn: FunctionInfo): string | undefined {
  const receiver = fn.node.type === 'method_declaration' ? fn.node.childForFieldName('receiver') : null;
  if (receiver) {
    // Go: `func (s *Stack) Push(...)` belongs to Stack
    return receiver.descendantsOfType('type_identifier')[0]?.text;
  }
  const c = fn.container;
  if (!c) return undefined;
  return (c.childForFieldName('name') ?? c.childForFieldName('type'))?.text;
}
