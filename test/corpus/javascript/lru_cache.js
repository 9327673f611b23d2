'use strict';

/** A least-recently-used cache with a fixed capacity, built on Map's insertion order. */
class LRUCache {
  constructor(capacity) {
    this.capacity = capacity;
    this.entries = new Map();
    this.evictions = [];
  }

  get(key) {
    if (!this.entries.has(key)) {
      return undefined;
    }
    const value = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores a value, evicting the least recently used entries when over capacity. */
  put(key, value) {
    if (this.capacity <= 0) {
      return false;
    }
    if (this.entries.has(key)) {
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      this.entries.delete(oldest);
      this.evictions.push(oldest);
    }
    return true;
  }

  keys() {
    return [...this.entries.keys()];
  }
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

const cache = new LRUCache(2);
check('put(a, 1)', cache.put('a', 1), true);
check('put(b, 2)', cache.put('b', 2), true);
check('get(a)', cache.get('a'), 1);
check('put(c, 3)', cache.put('c', 3), true);
check('keys after c', cache.keys(), ['a', 'c']);
check('get(b)', cache.get('b'), undefined);
check('put(a, 10)', cache.put('a', 10), true);
check('put(d, 4)', cache.put('d', 4), true);
check('keys after d', cache.keys(), ['a', 'd']);
check('evictions', cache.evictions, ['b', 'c']);
const disabled = new LRUCache(0);
check('disabled put(x, 1)', disabled.put('x', 1), false);
check('disabled keys', disabled.keys(), []);
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
