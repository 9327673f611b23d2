import fs = require('fs');
import path = require('path');
import type { LanguageId } from '../languages/languageIds';
import { isSkippedDir } from '../workspace/projectFiles';
import { writeScratchFile } from '../files';

/** Dependency folders the scratch copy links to instead of copying: read-only for builds, and large. */
const LINKED_DIRS = new Set(['node_modules']);

/**
 * One copy of the user's project per run, in a scratch folder: every step writes only the files
 * that differ from what the copy holds, so build caches inside it (Go's, cargo's target folder,
 * javac's classes, make's objects) stay warm and incremental builds redo only what a step touched.
 * The user's tree is only ever read.
 */
export class ScratchProject {
  /** What the copy holds where it differs from the user's files (relative path -> bytes). */
  private readonly held = new Map<string, Buffer>();
  private readonly originals = new Map<string, Buffer>();
  private copied = false;

  constructor(
    /** The user's project root. */
    readonly source: string,
    /** The scratch root. */
    readonly dir: string,
    /** The project's language: which folders are build output depends on it (./project.ts, isSkippedDir). */
    private readonly lang?: LanguageId,
  ) {}

  /** Copies the project once (build output and version control left out, dependencies linked). */
  ensureCopied(): void {
    if (this.copied) return;
    fs.mkdirSync(this.dir, { recursive: true });
    copyTree(this.source, this.dir, this.lang);
    this.copied = true;
  }

  /** The user's version of a file (empty when it does not exist there). */
  private original(rel: string): Buffer {
    let bytes = this.originals.get(rel);
    if (bytes === undefined) {
      try {
        bytes = fs.readFileSync(path.join(this.source, rel));
      } catch {
        bytes = Buffer.alloc(0);
      }
      this.originals.set(rel, bytes);
    }
    return bytes;
  }

  /**
   * Makes the copy hold `files` (relative path -> bytes, in the file's own encoding and line
   * endings; a string is written as UTF-8) and the user's version of every other file; returns
   * the files it had to write.
   */
  apply(files: Readonly<Record<string, string | Buffer>>): string[] {
    this.ensureCopied();
    const wanted = new Set([...Object.keys(files), ...this.held.keys()]);
    const written: string[] = [];
    for (const rel of [...wanted].sort()) {
      const given = files[rel];
      const target = given === undefined ? this.original(rel) : typeof given === 'string' ? Buffer.from(given) : given;
      const now = this.held.get(rel) ?? this.original(rel);
      if (target.equals(now) && fs.existsSync(path.join(this.dir, rel))) continue;
      const abs = path.join(this.dir, rel);
      fs.mkdirSync(path.dirname(abs), { recursive: true });
      writeScratchFile(abs, target);
      written.push(rel);
      if (target.equals(this.original(rel))) this.held.delete(rel);
      else this.held.set(rel, target);
    }
    return written;
  }

  /** Files that currently differ from the user's. */
  get changed(): string[] {
    return [...this.held.keys()].sort();
  }

  path(rel: string): string {
    return path.join(this.dir, rel);
  }
}

function copyTree(from: string, to: string, lang: LanguageId | undefined): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (LINKED_DIRS.has(entry.name)) {
        fs.symlinkSync(src, dst, 'dir');
        continue;
      }
      if (isSkippedDir(from, entry.name, lang)) continue;
      fs.mkdirSync(dst, { recursive: true });
      copyTree(src, dst, lang);
    } else if (entry.isFile()) {
      fs.copyFileSync(src, dst);
    } else if (entry.isSymbolicLink()) {
      // a linked file is copied; a linked folder is left out, since a build writing into it would write into the user's tree
      try {
        if (fs.statSync(src).isFile()) fs.copyFileSync(src, dst);
      } catch {
        // a dangling link
      }
    }
  }
}
