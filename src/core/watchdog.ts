/**
 * The watchdog: a small plain-Node process that outlives a CodeMorph process killed with SIGKILL
 * (or crashed, or torn down with its editor) just long enough to stop what that process started.
 * src/core/owned.ts starts it with the first child or scratch folder and keeps it told, one JSON
 * line at a time on its standard input, which process groups, processes and folders are live.
 * When that input ends (its owner is gone, however it went) it kills the groups and processes,
 * kills every process still carrying the owner's run mark (see `sweep`), removes the folders and
 * exits. It runs from this text with `node -e`, so it needs no file of its own beside the bundles
 * and loads nothing but `fs`.
 *
 * The sweep reaches what the groups miss: a child that left its process group (`setsid`, a
 * daemon, a build server) still carries `CODEMORPH_RUN=...:<token>` in the environment it
 * started with, which Linux shows in /proc/<pid>/environ to the same user. `sweep(false)`, asked
 * for between runs, kills only such processes that no longer descend from the owner (orphans of
 * a finished step); `sweep(true)`, when the owner is gone, kills them all. Without /proc (macOS)
 * the sweep finds nothing.
 *
 * Messages: ["g", pgid] / ["G", pgid] a process group started / ended; ["p", pid] / ["P", pid] a
 * process (a dataset worker) started / ended; ["d", path] / ["D", path] a scratch folder made /
 * removed; ["s", 0] kill orphans now; ["S", 0] kill every process carrying the mark now (the
 * owner stops everything: a child that escaped its group may not be an orphan yet, its parent
 * shell only just killed).
 */
export const WATCHDOG_SCRIPT = `'use strict';
const fs = require('fs');
const owner = Number(process.argv[1]);
const token = process.argv[2];
// what ps shows, instead of this script
process.title = 'codemorph-watchdog ' + owner;
const groups = new Set();
const pids = new Set();
const dirs = new Set();
// a terminal's Ctrl-C or hang-up is for the owner: this process stops only when the owner has gone
process.on('SIGINT', () => {});
process.on('SIGHUP', () => {});
const kill = (pid) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
};
const carries = (pid) => {
  let env;
  try {
    env = fs.readFileSync('/proc/' + pid + '/environ', 'latin1');
  } catch {
    return false;
  }
  for (const entry of env.split('\\0')) {
    if (entry.startsWith('CODEMORPH_RUN=')) return entry.slice(14).split(':').includes(token);
  }
  return false;
};
const parentOf = (pid) => {
  try {
    const stat = fs.readFileSync('/proc/' + pid + '/stat', 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};
const descends = (pid) => {
  for (let p = parentOf(pid), n = 0; p > 1 && n < 1000; p = parentOf(p), n++) if (p === owner) return true;
  return false;
};
const sweep = (all) => {
  let names;
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return;
  }
  for (const name of names) {
    if (!/^[0-9]+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid || pid === owner || !carries(pid)) continue;
    if (all || !descends(pid)) kill(pid);
  }
};
const finish = () => {
  for (const g of groups) kill(-g);
  for (const p of pids) kill(p);
  sweep(true);
  for (const d of dirs) {
    try {
      fs.rmSync(d, { recursive: true, force: true });
    } catch {}
  }
  process.exit(0);
};
let pending = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  pending += chunk;
  for (let nl = pending.indexOf('\\n'); nl >= 0; nl = pending.indexOf('\\n')) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    let op, arg;
    try {
      [op, arg] = JSON.parse(line);
    } catch {
      continue;
    }
    if (op === 'g') groups.add(arg);
    else if (op === 'G') groups.delete(arg);
    else if (op === 'p') pids.add(arg);
    else if (op === 'P') pids.delete(arg);
    else if (op === 'd') dirs.add(arg);
    else if (op === 'D') dirs.delete(arg);
    else if (op === 's') sweep(false);
    else if (op === 'S') sweep(true);
  }
});
process.stdin.on('end', finish);
process.stdin.on('error', finish);
`;
