// Read and write a spec document by dotted path ("proxy.backends.0.balance"), the same paths the
// API uses for field errors and sweep axes. Writes copy only the objects along the path, so React
// sees a new spec while untouched sections keep their identity.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function key(part: string): string | number {
  return /^\d+$/.test(part) ? Number(part) : part;
}

export function getIn(doc: unknown, path: string): unknown {
  let node: unknown = doc;
  for (const part of path.split(".")) {
    if (node == null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key(part)];
  }
  return node;
}

/**
 * A copy of `doc` with `value` at `path`. `undefined` removes the key (so an emptied optional
 * knob goes back to its default instead of being sent as null). Missing objects are created.
 */
export function setIn<T>(doc: T, path: string, value: unknown): T {
  const parts = path.split(".");
  const write = (node: unknown, i: number): unknown => {
    const k = key(parts[i]);
    const container: Record<string | number, unknown> | unknown[] = Array.isArray(node)
      ? [...(node as unknown[])]
      : node && typeof node === "object"
        ? { ...(node as Record<string, unknown>) }
        : typeof k === "number"
          ? []
          : {};
    const c = container as Record<string | number, unknown>;
    if (i === parts.length - 1) {
      if (value === undefined && !Array.isArray(container)) delete c[k];
      else c[k] = value;
    } else {
      c[k] = write(c[k], i + 1);
    }
    return container;
  };
  return write(doc, 0) as T;
}
