// The team's webhooks (admins): create (the signing secret is shown once), send a test, read
// each one's delivery log (status, attempts, the receiver's answer or the error), delete.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import {
  webhooksCreateWebhookMutation,
  webhooksDeleteWebhookMutation,
  webhooksListDeliveriesOptions,
  webhooksListDeliveriesQueryKey,
  webhooksListWebhooksOptions,
  webhooksListWebhooksQueryKey,
  webhooksSendTestMutation,
} from "../../client/@tanstack/react-query.gen";
import type { WebhookCreate, WebhookCreated, WebhookOut } from "../../client/types.gen";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CopyOnceSecret } from "../../components/CopyOnceSecret";
import { EmptyState } from "../../components/EmptyState";
import { ErrorState } from "../../components/ErrorState";
import { FieldError } from "../../components/FieldError";
import { LoadingState } from "../../components/LoadingState";
import { TableScroll } from "../../components/TableScroll";
import { ago, dateTime } from "../../format/time";

type EventName = WebhookCreate["events"][number];
export const WEBHOOK_EVENTS: { name: EventName; label: string }[] = [
  { name: "run.finished", label: "a run succeeded" },
  { name: "run.failed", label: "a run failed or ended partial" },
  { name: "threshold.failed", label: "a run failed a threshold" },
  { name: "change.detected", label: "a change was detected" },
  { name: "agent.offline", label: "an agent went silent" },
  { name: "schedule.refused", label: "a schedule's launch was refused" },
];

export function deliveryTone(status: string): "ok" | "bad" | "" {
  return status === "delivered" ? "ok" : status === "failed" ? "bad" : "";
}

export function WebhooksSection() {
  const queryClient = useQueryClient();
  const hooks = useQuery(webhooksListWebhooksOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksListWebhooksQueryKey() });
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [removing, setRemoving] = useState<WebhookOut | null>(null);
  const remove = useMutation({ ...webhooksDeleteWebhookMutation(), onSuccess: refresh });
  return (
    <section className="card" aria-labelledby="webhooks-title" data-testid="webhooks">
      <h2 id="webhooks-title">Webhooks</h2>
      <p className="muted">
        haplab POSTs a signed JSON event (or a Slack message) when a run ends, fails a threshold or a change is detected. Check{" "}
        <code>X-Haplab-Signature</code>: HMAC-SHA256 of <code>timestamp.body</code> with the secret (docs/history.md).
      </p>
      {created && <CopyOnceSecret label={`Signing secret of "${created.name}"`} secret={created.secret} onDone={() => setCreated(null)} />}
      <CreateWebhookForm
        onCreated={(hook) => {
          setCreated(hook);
          void refresh();
        }}
      />
      {hooks.isPending && <LoadingState label="Loading webhooks" />}
      {hooks.error && <ErrorState error={hooks.error} onRetry={() => void hooks.refetch()} />}
      {hooks.data?.length === 0 && <EmptyState title="No webhooks yet" />}
      {hooks.data && hooks.data.length > 0 && (
        <TableScroll label="Webhooks">
          <table className="table phone-cards">
            <thead>
              <tr>
                <th>Name</th>
                <th>URL</th>
                <th>Events</th>
                <th>Last delivery</th>
                <th aria-label="actions" />
              </tr>
            </thead>
            <tbody>
              {hooks.data.map((h) => (
                <tr key={h.id}>
                  <td data-label="Name">
                    {h.name}
                    {h.payload_format === "slack" && <span className="muted small"> · Slack</span>}
                  </td>
                  <td data-label="URL">
                    <code className="small">{h.url}</code>
                  </td>
                  <td className="small" data-label="Events">{h.events.join(", ")}</td>
                  <td data-label="Last delivery">
                    {h.last_delivery_status ? (
                      <>
                        <span className={`badge ${deliveryTone(h.last_delivery_status)}`}>{h.last_delivery_status}</span> <span className="muted small">{ago(h.last_delivery_at)}</span>
                      </>
                    ) : (
                      <span className="muted">none yet</span>
                    )}
                  </td>
                  <td>
                    <div className="row">
                      <SendTest hookId={h.id} onSent={() => setOpen(h.id)} />
                      <button type="button" onClick={() => setOpen(open === h.id ? null : h.id)} aria-expanded={open === h.id}>
                        Deliveries
                      </button>
                      <button type="button" onClick={() => setRemoving(h)}>
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {open !== null && <DeliveryLog hookId={open} />}
      {remove.error && <ErrorState error={remove.error} compact />}
      <ConfirmDialog
        open={removing !== null}
        title={`Delete webhook "${removing?.name ?? ""}"?`}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate({ path: { webhook_id: removing.id } }, { onSettled: () => setRemoving(null) })}
      >
        Its delivery log goes too; nothing more is sent to it.
      </ConfirmDialog>
    </section>
  );
}

function SendTest({ hookId, onSent }: { hookId: number; onSent: () => void }) {
  const queryClient = useQueryClient();
  const send = useMutation({
    ...webhooksSendTestMutation(),
    onSuccess: () => {
      onSent();
      void queryClient.invalidateQueries({ queryKey: webhooksListDeliveriesQueryKey({ path: { webhook_id: hookId } }) });
    },
  });
  return (
    <>
      <button type="button" disabled={send.isPending} onClick={() => send.mutate({ path: { webhook_id: hookId } })}>
        {send.isPending ? "Sending…" : "Send test"}
      </button>
      {send.error && <ErrorState error={send.error} compact />}
    </>
  );
}

function DeliveryLog({ hookId }: { hookId: number }) {
  // Pending deliveries are retried by the worker: keep reading until none is pending.
  const log = useQuery({
    ...webhooksListDeliveriesOptions({ path: { webhook_id: hookId } }),
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === "pending") ? 2000 : false),
  });
  return (
    <div data-testid="delivery-log">
      <h3>Deliveries</h3>
      {log.isPending && <LoadingState rows={2} />}
      {log.error && <ErrorState error={log.error} compact />}
      {log.data?.length === 0 && <p className="muted">Nothing sent yet.</p>}
      {log.data && log.data.length > 0 && (
        <TableScroll label="Deliveries">
          <table className="table small">
            <thead>
              <tr>
                <th>Event</th>
                <th>Status</th>
                <th className="num">Attempts</th>
                <th>Answer</th>
                <th>When</th>
              </tr>
            </thead>
            <tbody>
              {log.data.map((d) => (
                <tr key={d.id}>
                  <td>
                    <code>{d.event}</code> <span className="muted">#{d.id}</span>
                  </td>
                  <td>
                    <span className={`badge ${deliveryTone(d.status)}`}>{d.status}</span>
                  </td>
                  <td className="num">{d.attempts}</td>
                  <td>
                    {d.last_status_code != null && <code>HTTP {d.last_status_code}</code>} {d.last_error && <span className="muted">{d.last_error}</span>}
                    {d.last_response && <div className="muted">{d.last_response.slice(0, 200)}</div>}
                  </td>
                  <td>{dateTime(d.last_attempt_at ?? d.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

function CreateWebhookForm({ onCreated }: { onCreated: (hook: WebhookCreated) => void }) {
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<EventName[]>(["run.failed", "threshold.failed", "change.detected"]);
  const [format, setFormat] = useState<"haplab" | "slack">("haplab");
  const create = useMutation({
    ...webhooksCreateWebhookMutation(),
    onSuccess: (hook) => {
      setName("");
      setUrl("");
      onCreated(hook);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ body: { name, url, events, payload_format: format } });
  };
  return (
    <form onSubmit={submit} aria-label="Add a webhook" style={{ margin: "12px 0" }}>
      <div className="row" style={{ alignItems: "flex-start" }}>
        <label className="field">
          <span>Name</span>
          <input required value={name} onChange={(e) => setName(e.target.value)} placeholder="perf alerts" />
          <FieldError error={create.error} path="name" />
        </label>
        <label className="field" style={{ flex: 1, minWidth: 240 }}>
          <span>URL</span>
          <input required type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://hooks.example.com/haplab" />
          <FieldError error={create.error} path="url" />
        </label>
        <label className="field">
          <span>Format</span>
          <select value={format} onChange={(e) => setFormat(e.target.value as "haplab" | "slack")}>
            <option value="haplab">haplab JSON (signed)</option>
            <option value="slack">Slack message</option>
          </select>
        </label>
      </div>
      <fieldset className="row">
        <legend>Events</legend>
        {WEBHOOK_EVENTS.map((ev) => (
          <label key={ev.name} className="row small">
            <input
              type="checkbox"
              checked={events.includes(ev.name)}
              onChange={(e) => setEvents(e.target.checked ? [...events, ev.name] : events.filter((x) => x !== ev.name))}
            />
            <code>{ev.name}</code> <span className="muted">{ev.label}</span>
          </label>
        ))}
      </fieldset>
      <FieldError error={create.error} path="events" />
      <button type="submit" className="primary" disabled={create.isPending || events.length === 0}>
        Add webhook
      </button>
      {create.error && <ErrorState error={create.error} compact />}
    </form>
  );
}
