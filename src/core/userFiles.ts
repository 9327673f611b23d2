import fs = require('fs');
import path = require('path');
import { CodemorphError, inputError } from './errors';

/** Why a path cannot be used, by the system's error code, in words a user acts on. */
const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EISDIR: 'is a folder: give a file',
  ENOTDIR: 'a part of the path is not a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many levels of symbolic links',
  ENAMETOOLONG: 'the name is too long',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'input/output error (a failing disk or a special file)',
  ENXIO: 'no such device',
  ENODEV: 'no such device',
  EMFILE: 'too many open files: close some programs or raise the limit (ulimit -n)',
  ENFILE: 'too many open files on the system',
  EBUSY: 'the file is busy',
  ETXTBSY: 'the file is busy',
  EINVAL: 'not a file that can be read or written this way',
  ERR_FS_FILE_TOO_LARGE: 'too large to read at once (over 2 GB): split it',
  ERR_STRING_TOO_LONG: 'too large to read at once (over 512 MB of text): split it',
};

/** Codes that are about the path the user gave (exit 2); the others are the system failing the work (exit 1). */
const USER_CODES = new Set(['ENOENT', 'EISDIR', 'ENOTDIR', 'EACCES', 'EPERM', 'ELOOP', 'ENAMETOOLONG', 'EROFS', 'ENXIO', 'ENODEV', 'EINVAL', 'ERR_FS_FILE_TOO_LARGE', 'ERR_STRING_TOO_LONG']);

function isSystemError(e: unknown): e is NodeJS.ErrnoException {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && (e as NodeJS.ErrnoException).code! in REASONS;
}

/**
 * A file-system error as one line naming the file (`what`: the file, or the option that gave it,
 * e.g. "--input data.txt"), or undefined when `e` is no such error. `writing` says which way the
 * file was used: a missing folder reads differently when a file is to be created in it.
 */
export function fileProblem(e: unknown, what: string, writing = false): CodemorphError | undefined {
  if (!isSystemError(e)) return undefined;
  const code = e.code!;
  let reason = REASONS[code];
  if (code === 'ENOENT' && writing) reason = 'its folder does not exist: create it first';
  if (code === 'EISDIR' && writing) reason = 'is a folder: give a file name';
  const message = `${what}${code === 'EISDIR' ? ' ' : ': '}${reason}`;
  return USER_CODES.has(code) ? inputError(message) : new CodemorphError('failed', `${writing ? 'cannot write' : 'cannot read'} ${message}`);
}

/**
 * Reads a text file the user named: every way that can fail is one line naming `what` (the file,
 * or the option that gave it) and the problem, never a system error with a stack.
 */
export function readUserText(file: string, what = file): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw fileProblem(e, what) ?? e;
  }
}

/**
 * A system error that reached the command line without being turned into a message: one line
 * from its code and the path it names (Node puts both on the error), or undefined when it names
 * no path. The last net under every file a command touches.
 */
export function unexplainedFileProblem(e: unknown): CodemorphError | undefined {
  if (!isSystemError(e) || typeof e.path !== 'string') return undefined;
  const writing = ['write', 'mkdir', 'rename', 'copyfile', 'symlink'].includes(e.syscall ?? '');
  return fileProblem(e, path.relative(process.cwd(), e.path) || e.path, writing);
}
