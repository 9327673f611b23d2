import fs = require('fs');
import path = require('path');
import { inputError } from '../errors';
import { installRoot } from '../install';
import type { LanguageId } from '../languages/languageIds';
import type { ProjectKind } from '../languages/languageProfile';
import { profileOf } from '../languages/profiles';

/** How a project is built (the languages' toolchain profiles name the kinds their build files say). */
export type { ProjectKind };

export interface ProjectInfo {
  kind: ProjectKind;
  /** Absolute folder holding the marker file: the scratch copy mirrors it. */
  root: string;
  lang: LanguageId;
  /** The file that told us (go.mod, Cargo.toml, ...), relative to root; '' for a plain Java source tree. */
  marker: string;
}

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
  const toolchain = profileOf(lang).toolchain;
  const markers = toolchain.projectMarkers;
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (isOwnTree(dir)) return undefined;
    for (const [marker, kind] of markers) {
      if (isFile(path.join(dir, marker))) return { kind, root: dir, lang, marker };
    }
    const sourceFolder = toolchain.sourceFolder;
    if (sourceFolder && path.basename(dir) === sourceFolder && !isOwnTree(path.dirname(dir))) {
      const above = path.dirname(dir);
      const build = markers.find(([m]) => isFile(path.join(above, m)));
      if (build) return { kind: build[1], root: above, lang, marker: build[0] };
      return { kind: toolchain.plainProject!, root: above, lang, marker: '' };
    }
    if (fs.existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

/** A project named explicitly (`--project DIR`): its kind still comes from the files in it. */
export function projectAt(dir: string, filePath: string, lang: LanguageId): ProjectInfo {
  const root = path.resolve(dir);
  if (!fs.existsSync(root) || !fs.statSync(root).isDirectory()) throw inputError(`--project ${dir}: no such folder`);
  const rel = path.relative(root, path.resolve(filePath));
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw inputError(`${filePath} is not inside the project folder ${dir}: give the folder that holds it`);
  const { projectMarkers: markers, plainProject: kind } = profileOf(lang).toolchain;
  const found = markers.find(([m]) => isFile(path.join(root, m)));
  if (found) return { kind: found[1], root, lang, marker: found[0] };
  if (!kind) {
    throw inputError(
      `${dir} has no ${markers.map(([m]) => m).join(', ')}: CodeMorph cannot tell how to build it; give the build command with --build-cmd`,
    );
  }
  return { kind, root, lang, marker: '' };
}
