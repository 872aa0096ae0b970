/** Values made on first use and kept for the life of the process (a Lambda container or the local runner). */

const forgetters = new Set<() => void>();

export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  forgetters.add(() => {
    value = undefined;
  });
  return () => (value ??= make());
}

/** `once` for a promise, except that a rejected one is forgotten, so the next call tries again. */
export function onceResolved<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  forgetters.add(() => {
    value = undefined;
  });
  return () =>
    (value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    }));
}

/** Forgets every value made by `once`: they were built from a configuration that has changed. */
export function forgetAll(): void {
  forgetters.forEach((forget) => forget());
}
