'use strict';

/** One generation of Conway's Game of Life on a bounded grid of '#' (alive) and '.' rows. */
function lifeStep(grid) {
  const next = [];
  for (let r = 0; r < grid.length; r++) {
    let row = '';
    for (let c = 0; c < grid[r].length; c++) {
      let neighbours = 0;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          if (dr === 0 && dc === 0) {
            continue;
          }
          const nr = r + dr;
          const nc = c + dc;
          if (nr >= 0 && nr < grid.length && nc >= 0 && nc < grid[nr].length && grid[nr][nc] === '#') {
            neighbours++;
          }
        }
      }
      const alive = grid[r][c] === '#';
      if (alive && (neighbours === 2 || neighbours === 3)) {
        row += '#';
      } else if (!alive && neighbours === 3) {
        row += '#';
      } else {
        row += '.';
      }
    }
    next.push(row);
  }
  return next;
}

let failures = 0;
function check(label, got, expected) {
  console.log(`${label} = ${JSON.stringify(got)}`);
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

check('lifeStep(empty)', lifeStep([]), []);
check('lifeStep(lonely)', lifeStep(['...', '.#.', '...']), ['...', '...', '...']);
check('lifeStep(block)', lifeStep(['....', '.##.', '.##.', '....']), ['....', '.##.', '.##.', '....']);
check('lifeStep(blinker)', lifeStep(['.....', '..#..', '..#..', '..#..', '.....']), ['.....', '.....', '.###.', '.....', '.....']);
check('lifeStep(glider)', lifeStep(['.#...', '..#..', '###..', '.....']), ['.....', '#.#..', '.##..', '.#...']);
check('lifeStep(corner)', lifeStep(['##', '#.']), ['##', '##']);
if (failures > 0) {
  process.exitCode = 1;
} else {
  console.log('all checks passed');
}
