/**
 * A value kept on the object it belongs to, where a WeakMap keyed by that object would do the same.
 *
 * The engine's caches are keyed by trees and unit contexts that live for a step. Kept in WeakMaps,
 * their values outlived their keys through V8's young-generation collections (Node 20): in a warm
 * PESO run on a 20-line C function a fifth of what a step allocated, mostly node tables, was still
 * alive at each of them and was copied to the old generation, where only a full collection frees it
 * (`--trace-gc-nvp`; collections took a tenth of the run). A value stored on its owner dies with
 * it: the same run's collections took a quarter of that time.
 *
 * Each instance has its own symbol, so two caches never share a slot.
 */
export class Attached<K extends object, V> {
  private readonly key: symbol;

  constructor(name: string) {
    this.key = Symbol(name);
  }

  get(owner: K): V | undefined {
    return (owner as unknown as Record<symbol, V | undefined>)[this.key];
  }

  set(owner: K, value: V): void {
    (owner as unknown as Record<symbol, V>)[this.key] = value;
  }
}
