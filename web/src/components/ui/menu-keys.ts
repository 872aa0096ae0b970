/** The item a key moves to in a menu of `count` items (wrapping), or undefined for other keys. Pure; unit-tested. */
export function menuTarget(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
