// Natural order for legends, series and run labels: "#2" before "#11", "maxconn=20" before
// "maxconn=100". One collator for the app (creating one per comparison is slow).
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

export const naturalCompare = (a: string, b: string): number => collator.compare(a, b);

/** A sorted copy of `items`, by the text `by` gives each one. */
export function sortNatural<T>(items: readonly T[], by: (item: T) => string): T[] {
  return [...items].sort((a, b) => collator.compare(by(a), by(b)));
}
