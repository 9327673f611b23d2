import path = require('path');
import { toolchain as cToolchain } from '../c/toolchain';
import type { ToolchainRules } from '../languageProfile';

/** C++ builds as C does; its projects' files are its own sources and headers, and C's `.h`. */
export const toolchain: ToolchainRules = {
  ...cToolchain,
  projectExtensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h'],
  loneFileCheck: ({ file }) => [{ role: 'compiler', args: ['-fsyntax-only', '-std=c++17', file] }],
  loneFileBuild: ({ file, dir }) => ({ build: [{ role: 'compiler', args: ['-std=c++17', '-o', path.join(dir, 'program.out'), file] }], run: { role: 'runtime', args: [] } }),
  valueCheckProgram: (code, _entry, call, expected) =>
    `${code}\n\nint main() {\n    auto codemorph_got = ${call};\n    decltype(codemorph_got) codemorph_want = ${expected};\n    return codemorph_got == codemorph_want ? 0 : 1;\n}\n`,
  compiler: { command: 'c++', install: 'apt-get install g++' },
};
