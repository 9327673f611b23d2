import fs = require('fs');
import path = require('path');
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';

/*
 * The files a project holds, as the engine sees them: its sources (projectExtensions) and the
 * folders left out of copies and searches. Below the syntax layer, so that the project model
 * (workspace.ts) needs nothing of verification; verify/ copies and checks projects with it.
 */

/** Source files a project's other files can be (C and C++ share headers). */
export function projectExtensions(lang: LanguageId): readonly string[] {
  return profileOf(lang).toolchain.projectExtensions;
}

/** Folders build tools write their output to by convention: cargo's and Maven's target/, Gradle's and CMake's build/, out/, dist/. */
const BUILD_OUTPUT_DIRS = ['target', 'build', 'out', 'dist'];

/** Folders never copied nor searched: version control, dependencies, caches, editor state and build output. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn', 'node_modules', ...BUILD_OUTPUT_DIRS, '__pycache__', '.venv', 'venv', '.codemorph', '.gradle', '.idea', '.vscode', '.mypy_cache', '.pytest_cache']);

/**
 * Whether the folder `name` in `dir` is left out of a project in `lang` (not copied to scratch, not
 * searched for references). Go's tool writes no output folder into a module, so there a build/,
 * out/ or dist/ holding Go files is a package like any other: a copy without it does not build.
 */
export function isSkippedDir(dir: string, name: string, lang?: LanguageId): boolean {
  if (!SKIPPED_DIRS.has(name)) return false;
  const toolchain = lang && profileOf(lang).toolchain;
  return !toolchain || toolchain.outputInTree || !BUILD_OUTPUT_DIRS.includes(name) || !holdsFileEndingIn(path.join(dir, name), toolchain.projectExtensions[0]);
}

function holdsFileEndingIn(dir: string, ending: string, depth = 0): boolean {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  if (entries.some((e) => e.isFile() && e.name.endsWith(ending))) return true;
  return depth < 8 && entries.some((e) => e.isDirectory() && !SKIPPED_DIRS.has(e.name) && holdsFileEndingIn(path.join(dir, e.name), ending, depth + 1));
}

/** Every file of the project under root (relative, '/'-separated), skipping build output; at most `limit`. */
export function projectFiles(root: string, limit = 20_000, lang?: LanguageId): string[] {
  const out: string[] = [];
  const walk = (dir: string, rel: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (out.length >= limit) return;
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!isSkippedDir(dir, e.name, lang)) walk(path.join(dir, e.name), childRel);
      } else if (e.isFile()) {
        out.push(childRel);
      }
    }
  };
  walk(root, '');
  return out;
}
