import type { StepRecord } from '../search/types';

/**
 * A record's seed from the run's seed and its task id (FNV-1a): a record's result depends on
 * neither its position nor the shard it falls in.
 */
export function recordSeed(seed: number, taskId: string | number): number {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(`${seed}\u0000${String(taskId)}`, 'utf8')) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Scratch folders have random names; a step's reason must not depend on them (byte-identical output). */
export function stable(text: string | null): string | null {
  return text && text.replace(/(?:\/[^\s/:'"]+)*\/codemorph-[a-z]+-[A-Za-z0-9]{6}\/(?:[^\s/:'"]+\/)*/g, '');
}

export function stableSteps(steps: StepRecord[]): StepRecord[] {
  return steps.map((s) => ({ ...s, reason: stable(s.reason) }));
}
