// What every knob of the designer needs: the spec being edited, a way to change one path, the
// field errors (spec paths, "spec." prefix removed) from the live validation or a failed save,
// the config lint's warnings (valid settings that do nothing or contradict each other), and the
// lab chosen for the launch (what its hosts offer shapes some proposals, e.g. nbthread).
import { createContext, useContext } from "react";

import type { ApiFieldError } from "../../api/apiError";

export type DesignerState = {
  spec: Record<string, unknown>;
  update: (path: string, value: unknown) => void;
  fields: ApiFieldError[];
  warnings: ApiFieldError[];
  readOnly: boolean;
  labId: number | null;
};

export const DesignerContext = createContext<DesignerState | null>(null);

export function useDesigner(): DesignerState {
  const state = useContext(DesignerContext);
  if (!state) throw new Error("useDesigner outside the designer");
  return state;
}
