interface Item {
  name: string;
  weight: number;
  value: number;
}

interface Packing {
  value: number;
  chosen: string[];
}

/** 0/1 knapsack by dynamic programming: the most valuable set of items within `capacity`. */
function knapsack(items: readonly Item[], capacity: number): Packing {
  const best: number[][] = [];
  for (let i = 0; i <= items.length; i++) {
    best.push(new Array<number>(capacity + 1).fill(0));
  }
  for (let i = 1; i <= items.length; i++) {
    const item = items[i - 1];
    for (let w = 0; w <= capacity; w++) {
      best[i][w] = best[i - 1][w];
      if (item.weight <= w && best[i - 1][w - item.weight] + item.value > best[i][w]) {
        best[i][w] = best[i - 1][w - item.weight] + item.value;
      }
    }
  }
  const chosen: string[] = [];
  let remaining = capacity;
  for (let i = items.length; i > 0; i--) {
    if (best[i][remaining] !== best[i - 1][remaining]) {
      chosen.unshift(items[i - 1].name);
      remaining -= items[i - 1].weight;
    }
  }
  return { value: best[items.length][capacity], chosen };
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

const gear: Item[] = [
  { name: 'tent', weight: 5, value: 60 },
  { name: 'stove', weight: 3, value: 50 },
  { name: 'camera', weight: 4, value: 70 },
  { name: 'book', weight: 2, value: 30 },
];
check('knapsack([], 10)', knapsack([], 10), { value: 0, chosen: [] });
check('knapsack(gear, 0)', knapsack(gear, 0), { value: 0, chosen: [] });
check('knapsack(gear, 1)', knapsack(gear, 1), { value: 0, chosen: [] });
check('knapsack(gear, 5)', knapsack(gear, 5), { value: 80, chosen: ['stove', 'book'] });
check('knapsack(gear, 9)', knapsack(gear, 9), { value: 150, chosen: ['stove', 'camera', 'book'] });
check('knapsack(gear, 14)', knapsack(gear, 14), { value: 210, chosen: ['tent', 'stove', 'camera', 'book'] });
check('knapsack(gear, 10)', knapsack(gear, 10), { value: 150, chosen: ['stove', 'camera', 'book'] });
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
