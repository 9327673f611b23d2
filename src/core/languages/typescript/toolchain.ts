import { toolchain as jsToolchain } from '../javascript/toolchain';
import type { ToolchainRules } from '../languageProfile';

/** TypeScript compiles with the workspace's `tsc` and runs on Node, as JavaScript; its module kind comes from tsc's options, not the file's extension. */
export const toolchain: ToolchainRules = {
  ...jsToolchain,
  moduleExtension: null,
  compilerPackage: 'tsc',
  projectExtensions: ['.ts', '.mts', '.cts'],
};
