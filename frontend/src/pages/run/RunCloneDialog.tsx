// Clone from a run: a new experiment with this run's exact settings (its sweep point applied, one
// run: POST /experiments with the run's resolved spec), or a copy of its whole experiment with the
// sweep (POST /experiments/{id}/clone, the latest version). Either opens in the designer.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";

import { experimentsCreateExperimentMutation, experimentsListExperimentsQueryKey } from "../../client/@tanstack/react-query.gen";
import type { ExperimentCreate, RunDetail } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { paramsText } from "../experiments/sweepAnalysis";
import { useExperimentActions } from "../experiments/useExperimentActions";

type Source = "run" | "experiment";

export function RunCloneDialog({ run, onClose }: { run: RunDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clone } = useExperimentActions();
  const create = useMutation({
    ...experimentsCreateExperimentMutation(),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: experimentsListExperimentsQueryKey() }),
  });
  const [source, setSource] = useState<Source>("run");
  const [name, setName] = useState("");
  const params = Object.keys(run.params).length ? paramsText(run.params) : "";
  const effective = name || (source === "run" ? `${run.experiment_name} (run #${run.id})` : `${run.experiment_name} (copy)`);
  const open = (id: number) => void navigate(`/experiments/${id}/edit`);
  const busy = create.isPending || clone.isPending;
  const error = create.error ?? clone.error;

  const confirm = () => {
    if (source === "experiment") {
      clone.mutate({ path: { experiment_id: run.experiment_id }, body: { name: effective } }, { onSuccess: (copy) => open(copy.id) });
      return;
    }
    const body: ExperimentCreate = {
      name: effective,
      description: `From run #${run.id} of ${run.experiment_name} v${run.experiment_version}${params ? ` (${params})` : ""}.`,
      tags: [],
      spec: run.spec,
    };
    create.mutate({ body }, { onSuccess: (copy) => open(copy.id) });
  };

  return (
    <ConfirmDialog open title={`Clone from run ${run.id}`} confirmLabel="Clone and edit" busy={busy} onConfirm={confirm} onCancel={onClose}>
      <fieldset className="clone-source">
        <legend>What to copy</legend>
        <label className="check">
          <input type="radio" name="clone-source" checked={source === "run"} onChange={() => setSource("run")} />
          <span>
            This run&apos;s settings: one run{params ? ` with ${params}` : ""}, no sweep
          </span>
        </label>
        <label className="check">
          <input type="radio" name="clone-source" checked={source === "experiment"} onChange={() => setSource("experiment")} />
          <span>The whole experiment {run.experiment_name}, its sweep included (latest version)</span>
        </label>
      </fieldset>
      <label className="field">
        <span>Name of the new experiment</span>
        <input value={effective} onChange={(e) => setName(e.target.value)} />
      </label>
      {error && <ErrorState error={error} compact />}
    </ConfirmDialog>
  );
}
