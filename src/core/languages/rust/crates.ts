import path = require('path');

/**
 * The names a Rust path may start with to reach the crate's own items (syntax/references.ts, for
 * `modules: 'crates'`): `crate`, `self` and `super`, the main file's module name (a `mod.rs` is
 * named by its folder; `lib.rs` and `main.rs` are the crate root), and the package's name as
 * integration tests write it, dashes as underscores. `manifest` reads Cargo.toml and throws where
 * there is none.
 */
export function crateNames(mainFile: string, manifest: () => string): Set<string> {
  const names = new Set(['crate', 'self', 'super']);
  const stem = path.posix.basename(mainFile, '.rs');
  if (stem === 'mod') names.add(path.posix.basename(path.posix.dirname(mainFile)));
  else if (stem !== 'lib' && stem !== 'main') names.add(stem);
  // integration tests name the library crate by its package name, dashes as underscores
  try {
    const pkg = /\[package\][^[]*?\bname\s*=\s*"([^"]+)"/.exec(manifest());
    if (pkg) names.add(pkg[1].replace(/-/g, '_'));
  } catch {
    // not a Cargo project: the crate is named only as `crate`
  }
  return names;
}
