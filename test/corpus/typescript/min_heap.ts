/** A binary min-heap of numbers stored in an array. */
class MinHeap {
  private readonly items: number[] = [];

  get size(): number {
    return this.items.length;
  }

  push(value: number): void {
    this.items.push(value);
    let child = this.items.length - 1;
    while (child > 0) {
      const parent = Math.floor((child - 1) / 2);
      if (this.items[parent] <= this.items[child]) {
        break;
      }
      [this.items[parent], this.items[child]] = [this.items[child], this.items[parent]];
      child = parent;
    }
  }

  /** Removes and returns the smallest value, or undefined when the heap is empty. */
  pop(): number | undefined {
    if (this.items.length === 0) {
      return undefined;
    }
    const top = this.items[0];
    const last = this.items.pop() as number;
    if (this.items.length === 0) {
      return top;
    }
    this.items[0] = last;
    let index = 0;
    const length = this.items.length;
    while (true) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < length && this.items[left] < this.items[smallest]) {
        smallest = left;
      }
      if (right < length && this.items[right] < this.items[smallest]) {
        smallest = right;
      }
      if (smallest === index) {
        break;
      }
      [this.items[index], this.items[smallest]] = [this.items[smallest], this.items[index]];
      index = smallest;
    }
    return top;
  }
}

let failures = 0;
function check<T>(label: string, got: T, expected: T): void {
  const text = JSON.stringify(got);
  console.log(`${label} = ${text}`);
  if (text !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function drain(heap: MinHeap): number[] {
  const out: number[] = [];
  let value = heap.pop();
  while (value !== undefined) {
    out.push(value);
    value = heap.pop();
  }
  return out;
}

const empty = new MinHeap();
check('pop() on empty heap', empty.pop(), undefined);
const single = new MinHeap();
single.push(42);
check('pop() with one value', single.pop(), 42);
check('size after popping it', single.size, 0);
const heap = new MinHeap();
for (const value of [5, 3, 8, 1, 9, 2, 7, 3]) {
  heap.push(value);
}
check('pop() smallest', heap.pop(), 1);
check('pop() next', heap.pop(), 2);
check('size', heap.size, 6);
heap.push(0);
check('pop() after push(0)', heap.pop(), 0);
check('drain', drain(heap), [3, 3, 5, 7, 8, 9]);
const negatives = new MinHeap();
for (const value of [-1, -10, 4, -10]) {
  negatives.push(value);
}
check('drain negatives', drain(negatives), [-10, -10, -1, 4]);
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
