// The experiment's schedules: launched on a lab at the times of a cron expression (Celery beat
// fires them), with the next times, pause/resume, the busy-lab and still-running policies, and
// what each firing did.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";

import {
  labsListLabsOptions,
  schedulesCreateScheduleMutation,
  schedulesDeleteScheduleMutation,
  schedulesGetScheduleOptions,
  schedulesListSchedulesOptions,
  schedulesUpdateScheduleMutation,
} from "../../client/@tanstack/react-query.gen";
import { schedulesPreviewCron } from "../../client/sdk.gen";
import type { ScheduleOut } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { LoadingState } from "../../components/LoadingState";
import { TableScroll } from "../../components/TableScroll";
import { fieldsOf } from "../../api/fieldErrors";
import { dateTime } from "../../format/time";
import { useDebounced } from "../designer/useDebounced";
import { FiringBadge, NextRun } from "./ScheduleCells";
import { LAB_BUSY_CHOICES, PREVIOUS_RUNNING_CHOICES, browserZone, inZone } from "./schedules";

// Next times move as the clock does: refresh the list each minute, and soon after a firing.
const REFRESH_MS = 30_000;

function useInvalidateSchedules() {
  const queryClient = useQueryClient();
  return () =>
    void queryClient.invalidateQueries({
      predicate: (q) => String((q.queryKey[0] as { _id?: string } | undefined)?._id ?? "").startsWith("schedules"),
    });
}

export function SchedulesCard({ experimentId, canEdit }: { experimentId: number; canEdit: boolean }) {
  const schedules = useQuery({ ...schedulesListSchedulesOptions({ query: { experiment_id: experimentId } }), refetchInterval: REFRESH_MS });
  const [adding, setAdding] = useState(false);
  return (
    <section className="card" aria-labelledby="schedules-title" data-testid="schedules">
      <div className="row" style={{ justifyContent: "space-between" }}>
        <h2 id="schedules-title">Schedules</h2>
        {canEdit && !adding && (
          <button type="button" onClick={() => setAdding(true)}>
            Add schedule
          </button>
        )}
      </div>
      {schedules.isPending && <LoadingState rows={2} />}
      {schedules.isError && <ErrorState compact error={schedules.error} onRetry={() => void schedules.refetch()} />}
      {schedules.data?.length === 0 && !adding && (
        <p className="muted">
          No schedule. Launch this experiment on a lab every night, or after every HAProxy upgrade window: its runs then build the history that
          baselines and change detection read.
        </p>
      )}
      {adding && <CreateScheduleForm experimentId={experimentId} onDone={() => setAdding(false)} />}
      {schedules.data && schedules.data.length > 0 && (
        <TableScroll label="Schedules">
          <table className="table small">
            <thead>
              <tr>
                <th>Schedule</th>
                <th>Next</th>
                <th>Lab</th>
                <th>When busy</th>
                <th>Last firing</th>
                {canEdit && <th />}
              </tr>
            </thead>
            <tbody>
              {schedules.data.map((s) => (
                <ScheduleRow key={s.id} schedule={s} canEdit={canEdit} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function ScheduleRow({ schedule: s, canEdit }: { schedule: ScheduleOut; canEdit: boolean }) {
  const invalidate = useInvalidateSchedules();
  const [showFirings, setShowFirings] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useMutation({ ...schedulesUpdateScheduleMutation(), onSuccess: invalidate });
  const remove = useMutation({ ...schedulesDeleteScheduleMutation(), onSuccess: invalidate });
  const path = { schedule_id: s.id };
  return (
    <>
      <tr data-testid={`schedule-${s.id}`}>
        <td>
          <strong>{s.name}</strong>
          {s.paused && <span className="badge warn" style={{ marginLeft: 6 }}>paused</span>}
          <div className="muted">
            <code>{s.cron}</code> · {s.timezone}
          </div>
          {Object.keys(s.overrides).length > 0 && (
            <div className="muted">
              with{" "}
              {Object.entries(s.overrides)
                .map(([k, v]) => `${k} = ${String(v)}`)
                .join(", ")}
            </div>
          )}
        </td>
        <td data-testid="schedule-next">
          <NextRun schedule={s} />
        </td>
        <td>{s.lab_name}</td>
        <td className="muted">
          lab busy: {LAB_BUSY_CHOICES.find((c) => c.value === s.if_lab_busy)?.label}
          <br />
          still running: {PREVIOUS_RUNNING_CHOICES.find((c) => c.value === s.if_previous_running)?.label}
        </td>
        <td data-testid="schedule-last-firing">
          {s.last_firing ? (
            <>
              <FiringBadge firing={s.last_firing} />{" "}
              <span className="muted">{dateTime(s.last_firing.fired_at)}</span>
              {s.last_firing.first_run_id != null && (
                <>
                  {" "}
                  <Link to={`/runs/${s.last_firing.first_run_id}`}>runs</Link>
                </>
              )}
              <div>
                <button type="button" className="link" onClick={() => setShowFirings(!showFirings)} aria-expanded={showFirings}>
                  {showFirings ? "Hide firings" : "All firings"}
                </button>
              </div>
            </>
          ) : (
            <span className="muted">not fired yet</span>
          )}
        </td>
        {canEdit && (
          <td>
            <div className="row">
              <button type="button" disabled={update.isPending} onClick={() => update.mutate({ path, body: { paused: !s.paused } })}>
                {s.paused ? "Resume" : "Pause"}
              </button>
              <button type="button" className="link" onClick={() => setDeleting(true)}>
                Delete
              </button>
            </div>
            {(update.error || remove.error) && <ErrorState compact error={update.error ?? remove.error} />}
            <ConfirmDialog
              open={deleting}
              title={`Delete the schedule ${s.name}?`}
              confirmLabel="Delete"
              danger
              busy={remove.isPending}
              onCancel={() => setDeleting(false)}
              onConfirm={() => remove.mutate({ path }, { onSettled: () => setDeleting(false) })}
            >
              It stops firing. The runs it launched stay in the history.
            </ConfirmDialog>
          </td>
        )}
      </tr>
      {showFirings && (
        <tr>
          <td colSpan={canEdit ? 6 : 5}>
            <FiringList scheduleId={s.id} />
          </td>
        </tr>
      )}
    </>
  );
}

function FiringList({ scheduleId }: { scheduleId: number }) {
  const detail = useQuery(schedulesGetScheduleOptions({ path: { schedule_id: scheduleId } }));
  if (detail.isPending) return <LoadingState rows={2} />;
  if (detail.isError) return <ErrorState compact error={detail.error} />;
  return (
    <ul className="plain-list" data-testid="schedule-firings">
      {detail.data.firings.map((f) => (
        <li key={f.id}>
          <FiringBadge firing={f} /> {dateTime(f.fired_at)}
          {f.detail && <span className="muted"> · {f.detail}</span>}
          {f.first_run_id != null && (
            <>
              {" "}
              · <Link to={`/runs/${f.first_run_id}`}>run #{f.first_run_id}</Link>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function CreateScheduleForm({ experimentId, onDone }: { experimentId: number; onDone: () => void }) {
  const invalidate = useInvalidateSchedules();
  const labs = useQuery(labsListLabsOptions());
  const [name, setName] = useState("");
  const [labId, setLabId] = useState<number | "">("");
  const [cron, setCron] = useState("0 2 * * *");
  const [timezone, setTimezone] = useState(browserZone());
  const [ifLabBusy, setIfLabBusy] = useState<ScheduleOut["if_lab_busy"]>("queue");
  const [ifPrevious, setIfPrevious] = useState<ScheduleOut["if_previous_running"]>("skip");
  const typed = useDebounced({ cron, timezone }, 300);
  const preview = useQuery({
    queryKey: ["schedule-preview", typed.cron, typed.timezone],
    queryFn: async () => (await schedulesPreviewCron({ body: { cron: typed.cron, timezone: typed.timezone }, throwOnError: true })).data,
    enabled: typed.cron.trim() !== "" && typed.timezone.trim() !== "",
    retry: false,
  });
  const create = useMutation({
    ...schedulesCreateScheduleMutation(),
    onSuccess: () => {
      invalidate();
      onDone();
    },
  });
  const chosenLab = labId === "" ? labs.data?.[0]?.id : labId;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosenLab == null) return;
    create.mutate({
      path: { experiment_id: experimentId },
      body: { name: name || null, lab_id: chosenLab, cron, timezone, if_lab_busy: ifLabBusy, if_previous_running: ifPrevious },
    });
  };
  // The preview's own errors name the field as the create request would; a refused create's win.
  const previewFields = fieldsOf(preview.error);
  return (
    <form onSubmit={submit} aria-label="Add a schedule" style={{ margin: "12px 0" }}>
      <div className="row" style={{ alignItems: "flex-start" }}>
        <label className="field">
          <span>Cron (minute hour day month weekday)</span>
          <input required value={cron} onChange={(e) => setCron(e.target.value)} placeholder="0 2 * * mon-fri" aria-describedby="cron-help" />
          <FieldError fields={create.error ? fieldsOf(create.error) : previewFields} path="cron" />
        </label>
        <label className="field">
          <span>Time zone</span>
          <input required value={timezone} onChange={(e) => setTimezone(e.target.value)} list="schedule-zones" />
          <FieldError fields={create.error ? fieldsOf(create.error) : previewFields} path="timezone" />
        </label>
        <label className="field">
          <span>Lab</span>
          <select value={chosenLab ?? ""} onChange={(e) => setLabId(Number(e.target.value))} required>
            {labs.data?.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
          <FieldError error={create.error} path="lab_id" />
        </label>
        <label className="field">
          <span>Name (optional)</span>
          <input value={name} onChange={(e) => setName(e.target.value)} placeholder="nightly" />
          <FieldError error={create.error} path="name" />
        </label>
      </div>
      <datalist id="schedule-zones">
        {supportedZones().map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <p id="cron-help" className="muted small" data-testid="schedule-preview">
        {preview.data
          ? `Next: ${preview.data.next_runs
              .slice(0, 3)
              .map((t) => inZone(t, preview.data.timezone))
              .join(" · ")} (${preview.data.timezone})`
          : "Day of week 0-6 (0 = Sunday) or mon-sun; @daily, @weekly and @hourly also work. Day of month and day of week both set must both match."}
      </p>
      <div className="row" style={{ alignItems: "flex-start" }}>
        <label className="field">
          <span>If the lab is busy</span>
          <select value={ifLabBusy} onChange={(e) => setIfLabBusy(e.target.value as ScheduleOut["if_lab_busy"])}>
            {LAB_BUSY_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>If its previous launch is still running</span>
          <select value={ifPrevious} onChange={(e) => setIfPrevious(e.target.value as ScheduleOut["if_previous_running"])}>
            {PREVIOUS_RUNNING_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {labs.data?.length === 0 && <p className="field-error">This team has no lab yet: add one on the Labs page first.</p>}
      <div className="row">
        <button type="submit" className="primary" disabled={create.isPending || chosenLab == null}>
          Add schedule
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
      {create.error && fieldsOf(create.error).length === 0 && <ErrorState error={create.error} compact />}
    </form>
  );
}

function supportedZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf ? intl.supportedValuesOf("timeZone") : ["UTC"];
}
