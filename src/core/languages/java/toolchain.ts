import path = require('path');
import type { ToolchainRules } from '../languageProfile';
import { javaMainClass, staticMethodOwner } from './mainClass';

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
  compilerEnv: null,
  loneFileCheck: ({ file, dir, charset }) => [{ role: 'compiler', args: ['-d', path.join(dir, 'classes'), '-encoding', charset, '-nowarn', file] }],
  loneFileBuild: ({ file, dir, charset, text }) => ({
    build: [{ role: 'compiler', args: ['-d', path.join(dir, 'classes'), '-encoding', charset, '-nowarn', file] }],
    run: { role: 'runtime', args: ['-cp', path.join(dir, 'classes'), javaMainClass(text(), file)] },
  }),
  valueCheckProgram: (code, entry, call, expected) => {
    // a static method is called through its class; boxed values compare with equals, as == would in Python
    const owner = staticMethodOwner(code, entry);
    if (!owner) return null;
    return `${code}\n\nclass CodemorphCheck {\n    public static void main(String[] args) {\n        Object got = ${owner}.${call};\n        Object want = ${expected};\n        if (!java.util.Objects.equals(got, want)) System.exit(1);\n    }\n}\n`;
  },
  packageClause: null,
  projectMarkers: [
    ['pom.xml', 'maven'],
    ['build.gradle', 'gradle'],
    ['build.gradle.kts', 'gradle'],
  ],
  // a plain source tree (src/ with no build file) is compiled with javac
  plainProject: 'javac',
  compiler: { command: 'javac', install: 'apt-get install default-jdk-headless' },
  runtime: { command: 'java', install: 'apt-get install default-jre-headless' },
};
