/** "1 step", "3 steps": every count shown to a user goes through here. */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}
