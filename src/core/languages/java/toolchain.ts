import type { ToolchainRules } from '../languageProfile';

/**
 * javac wants a public class in a file of its name, and the JVM starts the first class with a
 * main; the JVM reserves a large heap and class space unless told otherwise.
 */
export const toolchain: ToolchainRules = {
  fileNamedAfterPublicClass: true,
  scratchName: 'Unit',
  moduleExtension: null,
  linter: null,
  native: false,
  heapLimit: (memoryMb) => [`-Xmx${memoryMb}m`, '-XX:CompressedClassSpaceSize=64m', '-XX:ReservedCodeCacheSize=64m'],
  heapLimitNeededUnderCap: true,
  reservedMb: 2560,
  compilerBuildsAndRuns: false,
  compilerPackage: null,
  ownPathArgs: null,
  testFirst: true,
  sourceFolder: 'src',
  outputInTree: true,
  projectExtensions: ['.java'],
};
