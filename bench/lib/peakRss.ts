/**
 * Preloaded into a process (`node --require out/bench/lib/peakRss.js ...`) to report its peak
 * resident memory: at exit, the maximum in KiB is written to the file named by
 * CODEMORPH_BENCH_PEAK_RSS. Used by bench/lib/largeFile.ts to measure one CLI run as a user runs it.
 */
import * as fs from 'fs';

const target = process.env.CODEMORPH_BENCH_PEAK_RSS;
if (target) process.on('exit', () => fs.writeFileSync(target, String(process.resourceUsage().maxRSS)));
