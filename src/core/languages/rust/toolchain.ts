import { toolchain as cToolchain } from '../c/toolchain';
import type { ToolchainRules } from '../languageProfile';

/** rustc builds a native executable; cargo writes its output into the project's target/. */
export const toolchain: ToolchainRules = {
  ...cToolchain,
  projectExtensions: ['.rs'],
};
