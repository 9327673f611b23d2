/** Binary searches over ascending number arrays, shared by line lookup, occurrence ranges and tiling. */

/** The index of the first element at or above `key` among the first `end` (`end` when there is none). */
export function lowerBound(sorted: ArrayLike<number>, key: number, end = sorted.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index of the first element above `key` among the first `end` (`end` when there is none). */
export function upperBound(sorted: ArrayLike<number>, key: number, end = sorted.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
