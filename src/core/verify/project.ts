import fs = require('fs');
import path = require('path');
import { inputError } from '../errors';
import { installRoot } from '../install';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';

export type ProjectKind = 'go' | 'cargo' | 'maven' | 'gradle' | 'javac' | 'cmake' | 'compdb' | 'make' | 'node' | 'typescript' | 'python';

export interface ProjectInfo {
  kind: ProjectKind;
  /** Absolute folder holding the marker file: the scratch copy mirrors it. */
  root: string;
  lang: LanguageId;
  /** The file that told us (go.mod, Cargo.toml, ...), relative to root; '' for a plain Java source tree. */
  marker: string;
}

/** Marker files per language, nearest first wins; within one folder, earlier markers win. */
const MARKERS: Record<LanguageId, readonly [string, ProjectKind][]> = {
  go: [['go.mod', 'go']],
  rust: [['Cargo.toml', 'cargo']],
  java: [
    ['pom.xml', 'maven'],
    ['build.gradle', 'gradle'],
    ['build.gradle.kts', 'gradle'],
  ],
  c: [
    ['compile_commands.json', 'compdb'],
    ['CMakeLists.txt', 'cmake'],
    ['Makefile', 'make'],
    ['makefile', 'make'],
    ['GNUmakefile', 'make'],
  ],
  cpp: [
    ['compile_commands.json', 'compdb'],
    ['CMakeLists.txt', 'cmake'],
    ['Makefile', 'make'],
    ['makefile', 'make'],
    ['GNUmakefile', 'make'],
  ],
  javascript: [['package.json', 'node']],
  typescript: [['tsconfig.json', 'typescript']],
  python: [
    ['pyproject.toml', 'python'],
    ['setup.py', 'python'],
    ['setup.cfg', 'python'],
  ],
};

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/**
 * CodeMorph's own checkout is never taken for the user's project: its package.json would make
 * every example file under it a Node project whose test command is CodeMorph's whole test suite.
 */
function isOwnTree(dir: string): boolean {
  return path.resolve(dir) === path.resolve(installRoot());
}

/**
 * The project a file belongs to: the nearest folder above it holding one of its language's
 * build files. A Java file under `src/` of a folder without Maven or Gradle is a plain source
 * tree (compiled with javac). Undefined for a lone file.
 */
export function detectProject(filePath: string, lang: LanguageId): ProjectInfo | undefined {
  const file = path.resolve(filePath);
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (isOwnTree(dir)) return undefined;
    for (const [marker, kind] of MARKERS[lang]) {
      if (isFile(path.join(dir, marker))) return { kind, root: dir, lang, marker };
    }
    const sourceFolder = profileOf(lang).toolchain.sourceFolder;
    if (sourceFolder && path.basename(dir) === sourceFolder && !isOwnTree(path.dirname(dir))) {
      const above = path.dirname(dir);
      const build = MARKERS[lang].find(([m]) => isFile(path.join(above, m)));
      if (build) return { kind: build[1], root: above, lang, marker: build[0] };
      return { kind: PLAIN_KINDS[lang]!, root: above, lang, marker: '' };
    }
    if (fs.existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

/** How a project without a build file is built, where the language has a way (Java's plain source tree: javac). */
const PLAIN_KINDS: Partial<Record<LanguageId, ProjectKind>> = { java: 'javac', python: 'python', javascript: 'node', typescript: 'typescript' };

/** A project named explicitly (`--project DIR`): its kind still comes from the files in it. */
export function projectAt(dir: string, filePath: string, lang: LanguageId): ProjectInfo {
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw inputError(`--project ${dir}: no such folder`);
  const rel = path.relative(root, path.resolve(filePath));
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw inputError(`${filePath} is not inside the project folder ${dir}: give the folder that holds it`);
  const found = MARKERS[lang].find(([m]) => isFile(path.join(root, m)));
  if (found) return { kind: found[1], root, lang, marker: found[0] };
  const kind = PLAIN_KINDS[lang];
  if (!kind) {
    throw inputError(
      `${dir} has no ${MARKERS[lang].map(([m]) => m).join(', ')}: CodeMorph cannot tell how to build it; give the build command with --build-cmd`,
    );
  }
  return { kind, root, lang, marker: '' };
}
