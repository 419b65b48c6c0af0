// What the lab page's editable tables share: a draft of rows that survives the lab's 5 s refetch,
// and showing the saved lab at once when a save succeeds.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import { labsGetLabQueryKey } from "../../client/@tanstack/react-query.gen";
import type { LabDetail } from "../../client/types.gen";

export type RowDraft<Row> = {
  rows: Row[];
  dirty: boolean;
  edit: (next: Row[]) => void;
  setCell: <K extends keyof Row>(i: number, key: K, value: Row[K]) => void;
  discard: () => void;
};

/** `saved` until the first edit, then the draft (null: not editing, show what the lab has). */
export function useRowDraft<Row>(saved: Row[], same: (a: Row[], b: Row[]) => boolean, onEdit: () => void): RowDraft<Row> {
  const [draft, setDraft] = useState<Row[] | null>(null);
  const rows = draft ?? saved;
  const edit = (next: Row[]) => {
    setDraft(next);
    onEdit();
  };
  return {
    rows,
    dirty: draft !== null && !same(draft, saved),
    edit,
    setCell: (i, key, value) => edit(rows.map((r, j) => (j === i ? { ...r, [key]: value } : r))),
    discard: () => setDraft(null),
  };
}

/** onSuccess of a lab save: show the saved lab at once (no flash of the old values), then refetch. */
export function useLabSaved(labId: number, after: () => void): (updated: LabDetail) => void {
  const queryClient = useQueryClient();
  return (updated) => {
    const queryKey = labsGetLabQueryKey({ path: { lab_id: labId } });
    queryClient.setQueryData(queryKey, updated);
    after();
    void queryClient.invalidateQueries({ queryKey });
  };
}
