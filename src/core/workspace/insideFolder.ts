import fs = require('fs');
import path = require('path');

/** Where a path given relative to a folder really leads, and whether that is inside the folder. */
export interface FolderPath {
  /** The path made absolute against the folder, `..` resolved (what messages show). */
  file: string;
  /** Where it leads on disk: the symlinks of its existing part followed. Read and write this one. */
  real: string;
  /** Whether `real` lies inside the folder (the folder's own symlinks followed too), not the folder itself. */
  inside: boolean;
  /** When it is inside as written but leads out through a symlink: the outermost such link. */
  symlink?: string;
  /** Why it could not be resolved (a symlink loop, say); `inside` is then false. */
  unresolvable?: string;
}

/** Links followed at most, as the kernel does (ELOOP). */
const MAX_LINKS = 40;

function isMissing(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * The real path of `file` (absolute, normalised) even when its end does not exist yet: the
 * longest existing part resolved by the OS, the rest appended. A dangling symlink on the way is
 * followed by hand, since writing through it would create its target.
 */
function realOf(file: string, links = 0): string {
  const rest: string[] = [];
  for (let head = file; ; ) {
    try {
      return path.join(fs.realpathSync(head), ...rest);
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
    let target: string | undefined;
    try {
      target = fs.readlinkSync(head);
    } catch {
      // not a link: the part that does not exist yet
    }
    if (target !== undefined) {
      if (links >= MAX_LINKS) throw Object.assign(new Error(`too many symbolic links at ${head}`), { code: 'ELOOP' });
      return path.join(realOf(path.resolve(realOf(path.dirname(head), links + 1), target), links + 1), ...rest);
    }
    const parent = path.dirname(head);
    if (parent === head) return path.join(head, ...rest);
    rest.unshift(path.basename(head));
    head = parent;
  }
}

function within(folder: string, file: string): boolean {
  const rel = path.relative(folder, file);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

/**
 * Resolves a path from a setting against `folder` and says whether it stays inside the folder
 * once `..` and the symlinks of its existing part are resolved: a workspace's own files must not
 * send a write (or a read) elsewhere, through `../../.bashrc` or a `.codemorph` that links out.
 */
export function resolveInFolder(folder: string, value: string): FolderPath {
  const base = path.resolve(folder);
  const file = path.resolve(base, value);
  let realBase: string;
  let real: string;
  try {
    realBase = realOf(base);
    real = realOf(file);
  } catch (e) {
    // a link loop or an unreadable folder on the way: nowhere safe to write
    return { file, real: file, inside: false, unresolvable: (e as Error).message };
  }
  const inside = within(realBase, real);
  if (inside || !within(base, file)) return { file, real, inside };
  // inside as written, outside on disk: name the outermost link that leads out
  let at = base;
  for (const part of path.relative(base, file).split(path.sep)) {
    at = path.join(at, part);
    let link: boolean;
    try {
      link = fs.lstatSync(at).isSymbolicLink();
    } catch {
      break;
    }
    if (link && !within(realBase, realOf(at))) return { file, real, inside, symlink: at };
  }
  return { file, real, inside };
}
