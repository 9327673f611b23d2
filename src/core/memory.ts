import type * as V8Module from 'v8';

/**
 * Garbage collection between the steps of a run on a large file. Each step on a file of megabytes
 * leaves megabytes of garbage (the candidate's text, its node table, the similarity's token
 * arrays), and V8 lets the heap grow well past what is alive before it collects: a 5 MB file
 * peaked above 500 MiB with about 200 MiB alive (bench:in-file). A full collection whenever the
 * heap has grown by half since the last one keeps the peak near what is alive, for a few
 * collections per run; small files never pay for it.
 *
 * Only a process of CodeMorph's own asks for it (the CLI and its dataset workers, at start): in
 * the editor the engine runs in the extension host, which every extension shares, where changing
 * V8's flags after start-up is not safe and a full collection stalls them all.
 */
const LARGE_TEXT = 1_000_000;
const GROWTH = 1.5;
/** Below this the heap is not worth a collection of its own. */
const FLOOR = 64 * 1024 * 1024;

let allowed = false;
let collect: (() => void) | null | undefined;
let v8: typeof V8Module;
/** The heap in use after the last collection this module made. */
let live = 0;

/** Lets collectAfterLargeStep collect: for a process that is CodeMorph's alone. */
export function allowCollectionsBetweenSteps(): void {
  allowed = true;
}

export function collectAfterLargeStep(textLength: number): void {
  if (!allowed || textLength < LARGE_TEXT) return;
  if (collect === undefined) {
    try {
      v8 = require('v8') as typeof V8Module;
      // gc is exposed only to contexts made after the flag is set
      v8.setFlagsFromString('--expose-gc');
      collect = (require('vm') as typeof import('vm')).runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  if (!collect) return;
  const used = v8.getHeapStatistics().used_heap_size;
  if (used < FLOOR || used < live * GROWTH) return;
  collect();
  live = v8.getHeapStatistics().used_heap_size;
}
