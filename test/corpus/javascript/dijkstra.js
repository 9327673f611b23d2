'use strict';

/**
 * Shortest path in a weighted directed graph given as {node: {neighbour: weight}}.
 * Returns {distance, path}, or null when the goal cannot be reached.
 */
function shortestPath(graph, start, goal) {
  const distances = new Map([[start, 0]]);
  const previous = new Map();
  const visited = new Set();
  while (true) {
    let current = null;
    for (const [node, distance] of distances) {
      if (!visited.has(node) && (current === null || distance < distances.get(current))) {
        current = node;
      }
    }
    if (current === null) {
      return null;
    }
    if (current === goal) {
      break;
    }
    visited.add(current);
    const edges = graph[current] || {};
    for (const neighbour of Object.keys(edges)) {
      const candidate = distances.get(current) + edges[neighbour];
      if (!distances.has(neighbour) || candidate < distances.get(neighbour)) {
        distances.set(neighbour, candidate);
        previous.set(neighbour, current);
      }
    }
  }
  const path = [goal];
  while (path[0] !== start) {
    path.unshift(previous.get(path[0]));
  }
  return { distance: distances.get(goal), path };
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

const roads = {
  A: { B: 7, C: 9, F: 14 },
  B: { A: 7, C: 10, D: 15 },
  C: { A: 9, B: 10, D: 11, F: 2 },
  D: { B: 15, C: 11, E: 6 },
  E: { D: 6, F: 9 },
  F: { A: 14, C: 2, E: 9 },
  G: { A: 1 },
};
check('shortestPath(A, E)', shortestPath(roads, 'A', 'E'), { distance: 20, path: ['A', 'C', 'F', 'E'] });
check('shortestPath(A, D)', shortestPath(roads, 'A', 'D'), { distance: 20, path: ['A', 'C', 'D'] });
check('shortestPath(A, A)', shortestPath(roads, 'A', 'A'), { distance: 0, path: ['A'] });
check('shortestPath(E, B)', shortestPath(roads, 'E', 'B'), { distance: 21, path: ['E', 'D', 'B'] });
check('shortestPath(A, G)', shortestPath(roads, 'A', 'G'), null);
check('shortestPath(G, F)', shortestPath(roads, 'G', 'F'), { distance: 12, path: ['G', 'A', 'C', 'F'] });
check('shortestPath(X, A)', shortestPath(roads, 'X', 'A'), null);
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
