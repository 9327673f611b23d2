'use strict';

/**
 * Orders tasks so that each comes after its dependencies (Kahn's algorithm); ties are
 * broken alphabetically. Returns null when the dependencies form a cycle.
 */
function topologicalSort(dependencies) {
  const indegree = new Map();
  const dependents = new Map();
  for (const task of Object.keys(dependencies)) {
    if (!indegree.has(task)) {
      indegree.set(task, 0);
    }
    for (const dep of dependencies[task]) {
      if (!indegree.has(dep)) {
        indegree.set(dep, 0);
      }
      indegree.set(task, indegree.get(task) + 1);
      if (!dependents.has(dep)) {
        dependents.set(dep, []);
      }
      dependents.get(dep).push(task);
    }
  }
  const ready = [...indegree.keys()].filter((task) => indegree.get(task) === 0).sort();
  const order = [];
  while (ready.length > 0) {
    const task = ready.shift();
    order.push(task);
    for (const next of dependents.get(task) || []) {
      indegree.set(next, indegree.get(next) - 1);
      if (indegree.get(next) === 0) {
        ready.push(next);
        ready.sort();
      }
    }
  }
  if (order.length !== indegree.size) {
    return null;
  }
  return order;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('topologicalSort({})', topologicalSort({}), []);
check('topologicalSort(single)', topologicalSort({ a: [] }), ['a']);
check('topologicalSort(chain)', topologicalSort({ c: ['b'], b: ['a'] }), ['a', 'b', 'c']);
check('topologicalSort(build)', topologicalSort({ app: ['lib', 'config'], lib: ['util'], test: ['app', 'util'], config: [] }),
  ['config', 'util', 'lib', 'app', 'test']);
check('topologicalSort(diamond)', topologicalSort({ d: ['b', 'c'], b: ['a'], c: ['a'] }), ['a', 'b', 'c', 'd']);
check('topologicalSort(cycle)', topologicalSort({ a: ['b'], b: ['c'], c: ['a'] }), null);
check('topologicalSort(self loop)', topologicalSort({ x: ['x'], y: [] }), null);
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
