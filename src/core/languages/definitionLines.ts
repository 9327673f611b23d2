/**
 * The line a brace language's function definition starts on, as a model writes it in an answer:
 * a line naming the function (`name`, escaped for a pattern), opening its parameter list and
 * ending in the `{` of its body (`int add(int a, int b) {`, `func add(a, b int) int {`,
 * `fn add(a: i32) -> i32 {`, `function add(a, b) {`).
 */
export function braceDefinitionLine(name: string): RegExp {
  return new RegExp(`^[^\\n;]*(?<![\\w$])${name}\\s*\\([^;]*?\\{[^\\S\\n]*$`, 'm');
}
