import fs = require('fs');
import path = require('path');
import { inputError } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { cannotHold, decodeAny, encodeText, FileEncoding } from '../text/encoding';
import { applyEdits, TextEdit } from '../text/edits';
import { projectExtensions, projectFiles } from './projectFiles';

/** Files above this size are not searched for references (generated code, bundles). */
const MAX_SOURCE_BYTES = 1_000_000;
const MAX_SOURCES = 5_000;

/**
 * The project around the perturbed file, as transforms see it: the other source files of the
 * same language, read once. Transforms never write here; their edits to other files travel in
 * `ProjectState.files` until the caller writes them (CLI `--out`, the editor's WorkspaceEdit).
 */
export class Workspace {
  private sources: string[] | undefined;
  private readonly texts = new Map<string, string>();
  private readonly encodings = new Map<string, FileEncoding>();
  private wordCache: Set<string> | undefined;
  /** Per-file facts a reference search derives from a text; owned by syntax/references.ts. */
  readonly cache = new Map<string, unknown>();

  constructor(
    /** Absolute project root. */
    readonly root: string,
    /** The perturbed file, relative to root, '/'-separated. */
    readonly mainFile: string,
    readonly lang: LanguageId,
  ) {}

  static forFile(root: string, filePath: string, lang: LanguageId): Workspace {
    return new Workspace(path.resolve(root), path.relative(path.resolve(root), path.resolve(filePath)).split(path.sep).join('/'), lang);
  }

  /** The other source files of the project (relative paths, sorted). */
  get otherSources(): string[] {
    if (!this.sources) {
      const exts = projectExtensions(this.lang);
      this.sources = projectFiles(this.root, undefined, this.lang)
        .filter((rel) => rel !== this.mainFile && exts.includes(path.extname(rel).toLowerCase()))
        .filter((rel) => {
          try {
            return fs.statSync(path.join(this.root, rel)).size <= MAX_SOURCE_BYTES;
          } catch {
            return false;
          }
        })
        .slice(0, MAX_SOURCES);
    }
    return this.sources;
  }

  /**
   * A file's text as it is on disk (read once per run), with its own line endings, in its own
   * encoding (decodeAny): edits to it are renames, which never add lines.
   */
  original(rel: string): string {
    let text = this.texts.get(rel);
    if (text === undefined) {
      const decoded = decodeAny(fs.readFileSync(path.join(this.root, rel)), profileOf(this.lang).codingDeclaration);
      text = decoded.text;
      this.texts.set(rel, text);
      this.encodings.set(rel, decoded.encoding);
    }
    return text;
  }

  /** A file's new text as bytes in the file's own encoding (the scratch copy, `--out`). */
  bytes(rel: string, text: string): Buffer {
    this.original(rel);
    const encoded = encodeText(text, this.encodings.get(rel)!);
    if (!Buffer.isBuffer(encoded)) throw inputError(`${rel}: ${this.unwritable(rel, text)}: nothing was written`);
    return encoded;
  }

  /** Why a file's new text cannot be written in its encoding, or null. */
  unwritable(rel: string, text: string): string | null {
    this.original(rel);
    return cannotHold(text, this.encodings.get(rel)!);
  }

  /** Every identifier-like word of the other files: a new name must not collide with those either. */
  get words(): Set<string> {
    if (!this.wordCache) {
      this.wordCache = new Set();
      for (const rel of this.otherSources) for (const w of this.original(rel).match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? []) this.wordCache.add(w);
    }
    return this.wordCache;
  }

  /** Whether a file is in the perturbed file's folder (a Go package, say). */
  sameFolder(rel: string): boolean {
    return path.posix.dirname(rel) === path.posix.dirname(this.mainFile);
  }
}

/** The workspace and the other files a run has changed so far (relative path -> new text). */
export interface ProjectState {
  workspace: Workspace;
  files: Readonly<Record<string, string>>;
}

export function currentText(project: ProjectState, rel: string): string {
  return project.files[rel] ?? project.workspace.original(rel);
}

/** The project after edits to other files; a file edited back to its original text is dropped. */
export function withFileEdits(project: ProjectState, edits: Readonly<Record<string, TextEdit[]>>): ProjectState {
  const files: Record<string, string> = { ...project.files };
  for (const rel of Object.keys(edits).sort()) {
    const text = applyEdits(currentText(project, rel), edits[rel]);
    if (text === project.workspace.original(rel)) delete files[rel];
    else files[rel] = text;
  }
  return { workspace: project.workspace, files };
}
