import fs = require('fs');
import path = require('path');

/**
 * Writes a file so that readers see either the old or the new content, never a half-written
 * one: the text goes to a temporary file beside it, which is then renamed over the target.
 */
export function writeFileAtomic(file: string, text: string | Uint8Array): void {
  const dir = path.dirname(path.resolve(file));
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${Date.now()}.tmp`);
  try {
    const fd = fs.openSync(tmp, 'w');
    try {
      fs.writeFileSync(fd, text);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
