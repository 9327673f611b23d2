import type { StepRecord } from '../search/types';

/**
 * A record's seed from the run's seed and its task id (FNV-1a over its UTF-8 bytes): a record's
 * result depends on neither its position nor the shard it falls in.
 */
export function recordSeed(seed: number, taskId: string | number): number {
  const key = `${seed}\u0000${String(taskId)}`;
  let h = 0x811c9dc5;
  // an ASCII key's UTF-8 bytes are its char codes: encoding every key into a Buffer was 0.5% of a CodeCrash record
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code >= 0x80) return fnv1a(Buffer.from(key, 'utf8'));
    h = Math.imul(h ^ code, 0x01000193) >>> 0;
  }
  return h;
}

function fnv1a(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (const byte of bytes) {
    h ^= byte;
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
