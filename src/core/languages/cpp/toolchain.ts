import { toolchain as cToolchain } from '../c/toolchain';
import type { ToolchainRules } from '../languageProfile';

/** C++ builds as C does; its projects' files are its own sources and headers, and C's `.h`. */
export const toolchain: ToolchainRules = {
  ...cToolchain,
  projectExtensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h'],
};
