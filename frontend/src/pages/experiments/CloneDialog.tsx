// Ask for the copy's name, then POST /experiments/{id}/clone and open the copy in the designer.
import { useState } from "react";
import { useNavigate } from "react-router";

import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { useExperimentActions } from "./useExperimentActions";

export function CloneDialog({ source, onClose }: { source: { id: number; name: string } | null; onClose: () => void }) {
  const [name, setName] = useState("");
  const { clone } = useExperimentActions();
  const navigate = useNavigate();
  const effective = name || (source ? `${source.name} (copy)` : "");
  return (
    <ConfirmDialog
      open={source !== null}
      title={`Clone ${source?.name ?? ""}`}
      confirmLabel="Clone"
      busy={clone.isPending}
      onCancel={() => {
        setName("");
        clone.reset();
        onClose();
      }}
      onConfirm={() =>
        source &&
        clone.mutate(
          { path: { experiment_id: source.id }, body: { name: effective } },
          { onSuccess: (copy) => void navigate(`/experiments/${copy.id}/edit`) },
        )
      }
    >
      <label className="field">
        <span>Name of the copy</span>
        <input value={effective} onChange={(e) => setName(e.target.value)} />
      </label>
      {clone.error && <ErrorState error={clone.error} compact />}
    </ConfirmDialog>
  );
}
