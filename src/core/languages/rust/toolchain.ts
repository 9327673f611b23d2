import path = require('path');
import { toolchain as cToolchain } from '../c/toolchain';
import type { ToolchainRules } from '../languageProfile';

/** rustc builds a native executable; cargo writes its output into the project's target/. */
export const toolchain: ToolchainRules = {
  ...cToolchain,
  projectExtensions: ['.rs'],
  // a file without `fn main` is a library: checked as one, since a bin crate would want a main
  loneFileCheck: ({ file, dir, text }) => [
    { role: 'compiler', args: ['--edition', '2021', '--crate-type', hasRustMain(text()) ? 'bin' : 'lib', '--emit=metadata', '-o', path.join(dir, 'check.rmeta'), file] },
  ],
  loneFileBuild: ({ file, dir }) => ({ build: [{ role: 'compiler', args: ['--edition', '2021', '-o', path.join(dir, 'program.out'), file] }], run: { role: 'runtime', args: [] } }),
  valueCheckProgram: (code, _entry, call, expected) => `${code}\n\nfn main() {\n    assert!(${call} == ${expected});\n}\n`,
  projectMarkers: [['Cargo.toml', 'cargo']],
  plainProject: null,
  compiler: { command: 'rustc', install: 'install Rust from rustup.rs or apt-get install rustc' },
  runtime: null,
};

/** A lone Rust file with `fn main` is a program (a bin crate), else a library. */
function hasRustMain(source: string): boolean {
  return /^\s*(?:pub\s+)?fn\s+main\s*\(/m.test(source);
}
