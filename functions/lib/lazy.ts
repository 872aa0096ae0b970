/** Creates a value on first use and keeps it for the life of the process (Lambda container or local runner). */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
