// The import page hands the imported experiment to the designer through sessionStorage: the
// designer opens /experiments/new?import=1 as a NEW experiment with it (nothing is saved until the
// person saves), and a reload of that page finds it again. Per tab, gone when the tab closes.
import type { ImportAnswer } from "../../client/types.gen";

const KEY = "haplab.import.for-designer";

/** What the designer needs to open the import as a new experiment. */
export type ImportedExperiment = { name: string; description: string; spec: Record<string, unknown> };

/** Where the designer opens an import. */
export const DESIGNER_IMPORT_PATH = "/experiments/new?import=1";

type Store = Pick<Storage, "getItem" | "setItem">;

export function handToDesigner(answer: Pick<ImportAnswer, "name" | "description" | "spec">, store: Store = sessionStorage): void {
  const value: ImportedExperiment = { name: answer.name, description: answer.description, spec: answer.spec };
  store.setItem(KEY, JSON.stringify(value));
}

/** The import handed over in this tab, or null (none, or not readable as one). */
export function takeFromImport(store: Store = sessionStorage): ImportedExperiment | null {
  let value: unknown;
  try {
    value = JSON.parse(store.getItem(KEY) ?? "null");
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const v = value as Partial<Record<keyof ImportedExperiment, unknown>>;
  if (typeof v.name !== "string" || typeof v.description !== "string" || !v.spec || typeof v.spec !== "object" || Array.isArray(v.spec)) return null;
  return { name: v.name, description: v.description, spec: v.spec as Record<string, unknown> };
}
