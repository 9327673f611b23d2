import fs = require('fs');
import path = require('path');
import { toolchain as jsToolchain } from '../javascript/toolchain';
import type { ToolchainRules } from '../languageProfile';

/** TypeScript compiles with the workspace's `tsc` and runs on Node, as JavaScript; its module kind comes from tsc's options, not the file's extension. */
export const toolchain: ToolchainRules = {
  ...jsToolchain,
  moduleExtension: null,
  compilerPackage: 'tsc',
  projectExtensions: ['.ts', '.mts', '.cts'],
  loneFileCheck: ({ file, typeRoots }) => {
    const args = ['--noEmit', '--pretty', 'false', '--target', 'es2022', '--lib', 'es2022,dom', '--skipLibCheck'];
    // Node's own types only: every package under @types would add globals (a test
    // framework's `describe`) the file does not know about.
    const roots = typeRoots();
    if (roots && fs.existsSync(path.join(roots, 'node'))) args.push('--typeRoots', roots, '--types', 'node');
    return [{ role: 'compiler', args: [...args, file] }];
  },
  loneFileBuild: ({ file, dir }) => {
    const outDir = path.join(dir, 'ts-out');
    return {
      build: [{ role: 'compiler', args: ['--outDir', outDir, '--target', 'es2022', '--module', 'commonjs', '--lib', 'es2022,dom', '--skipLibCheck', '--pretty', 'false', file] }],
      run: { role: 'runtime', args: [path.join(outDir, file.replace(/\.[cm]?ts$/, '.js'))] },
    };
  },
  projectMarkers: [['tsconfig.json', 'typescript']],
  plainProject: 'typescript',
  compiler: { command: 'tsc', install: 'npm install --save-dev typescript in the workspace' },
  runtime: { command: 'node', install: 'install Node.js' },
};
