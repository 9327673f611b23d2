import fs = require('fs');
import path = require('path');
import { inputError } from './errors';

/** Symbolic links followed before giving up (the kernel's own limit). */
const MAX_LINKS = 40;

/**
 * The file a path writes to: a symbolic link's target (followed even when the target does not
 * exist yet), so writing through a link updates what it points at and the link stays a link.
 */
export function writeTarget(file: string): string {
  let target = path.resolve(file);
  for (let hops = 0; hops < MAX_LINKS; hops++) {
    let link: string;
    try {
      if (!fs.lstatSync(target).isSymbolicLink()) return target;
      link = fs.readlinkSync(target);
    } catch {
      return target;
    }
    target = path.resolve(path.dirname(target), link);
  }
  throw inputError(`${file}: too many levels of symbolic links`);
}

/** What a path is when it is not a regular file, in the words a message uses; null for a file or nothing. */
function notAFile(stat: fs.Stats): string | null {
  if (stat.isFile()) return null;
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe (FIFO)';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * Checks, before any work starts, that a file the user named for output (`what`: "--out",
 * "--entries") can be written as a file: a folder, FIFO, socket or device there is refused with
 * one line saying what to give instead.
 */
export function checkWritableFile(file: string, what: string): void {
  const target = writeTarget(file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') throw inputError(`${what} ${file}: a folder on its path is a file`);
    return;
  }
  const kind = notAFile(stat);
  if (!kind) return;
  const through = target === path.resolve(file) ? '' : ` (through the link to ${target})`;
  throw inputError(`${what} ${file} is ${kind}${through}: give the path of a file to write`);
}

/**
 * Writes a file so that readers see either the old or the new content, never a half-written
 * one: the content goes to a temporary file beside it, which is then renamed over the target.
 * Through a symbolic link the link's target is written; an existing file keeps its permission
 * bits; anything but a regular file is refused (a rename would replace a FIFO or device node).
 */
export function writeFileAtomic(file: string, content: string | Uint8Array): void {
  const target = writeTarget(file);
  let mode: number | undefined;
  try {
    const stat = fs.statSync(target);
    const kind = notAFile(stat);
    if (kind) throw inputError(`${file} is ${kind}: give the path of a file to write`);
    mode = stat.mode & 0o7777;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotWrite(file, e);
  }
  const dir = path.dirname(target);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw cannotWrite(file, e);
  }
  const tmp = path.join(dir, `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, content);
      if (mode !== undefined) fs.fchmodSync(fd, mode);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, target);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw cannotWrite(file, e);
  }
}

const WRITE_ERRORS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a folder on its path is a file',
  EEXIST: 'a folder on its path is a file',
  EISDIR: 'it is a folder',
  ENAMETOOLONG: 'the name is too long',
};

/** A failed write the user can act on, as one line; anything else as it was. */
function cannotWrite(file: string, e: unknown): unknown {
  const why = WRITE_ERRORS[(e as NodeJS.ErrnoException).code ?? ''];
  return why ? inputError(`cannot write ${file}: ${why}`) : e;
}

/**
 * Writes a scratch file (one of the run's own copies, rewritten for every check) as a new file in
 * place of the old one. Truncating a file and writing it again makes ext4 flush it on close (its
 * auto_da_alloc guard for editors that save that way): about 2.5 ms a write here against 0.2 ms
 * for a new file, paid by every compile check and test run of a dataset.
 */
export function writeScratchFile(file: string, content: string | Uint8Array, encoding?: BufferEncoding): void {
  try {
    fs.unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  fs.writeFileSync(file, content, encoding);
}
