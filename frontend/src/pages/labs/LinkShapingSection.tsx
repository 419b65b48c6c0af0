// Lab settings: bandwidth caps (and, with netem, delay and loss) on the proxy host's links,
// applied for every run of the lab (contract/lab.py). Editors save with PATCH /labs/{id}; viewers see
// the same table read-only. What the proxy host offers (lab.link_shaping) greys out what it cannot do.
import { useMutation } from "@tanstack/react-query";
import { useId, type FormEvent } from "react";

import { fieldsOf, messagesUnder, unclaimed } from "../../api/fieldErrors";
import { labsUpdateLabMutation } from "../../client/@tanstack/react-query.gen";
import type { LabDetail } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { FieldError, FieldErrorList, RemoveRowCell } from "../../components/FieldError";
import "../../components/figures.css";
import {
  LINK_FIELDS,
  LINK_SHAPING_KEY,
  T2_MICRO,
  bandwidthReason,
  delayLossReason,
  draftFromSettings,
  emptyLink,
  sameLinks,
  settingsWithLinks,
  usesDelayLoss,
  withPreset,
  withoutDelayLoss,
  type LinkField,
} from "./linkShaping";
import { DraftSaveBar } from "./DraftSaveBar";
import { useLabSaved, useRowDraft } from "./labEditing";

const BASE = `settings.${LINK_SHAPING_KEY}`;

const COLUMNS: { field: LinkField; label: string; help: string; width: string }[] = [
  { field: "interface", label: "Interface", help: "on the proxy host, e.g. veth-inj", width: "10em" },
  { field: "rate_mbit", label: "Rate (Mbit/s)", help: "egress cap (tc tbf)", width: "8em" },
  { field: "delay_ms", label: "Delay (ms)", help: "one-way, netem", width: "7em" },
  { field: "loss_pct", label: "Loss (%)", help: "random drops, netem", width: "7em" },
];

export function LinkShapingSection({ lab, canEdit }: { lab: LabDetail; canEdit: boolean }) {
  const uid = useId();
  const path = { lab_id: lab.id };
  const draft = useRowDraft(draftFromSettings(lab.settings), sameLinks, () => {
    if (save.isSuccess || save.isError) save.reset();
  });
  const { rows: links, dirty, edit, setCell } = draft;
  const save = useMutation({ ...labsUpdateLabMutation(), onSuccess: useLabSaved(lab.id, draft.discard) });
  const fields = fieldsOf(save.error);

  const noDelayLoss = delayLossReason(lab.link_shaping);
  const noBandwidth = bandwidthReason(lab.link_shaping);
  const reasonId = `${uid}-netem`;
  const claimed = links.flatMap((_, i) => LINK_FIELDS.map((f) => `${BASE}.links.${i}.${f}`));
  const sectionErrors = unclaimed(messagesUnder(fields, BASE), claimed);
  const otherErrors = fields.length > 0 && messagesUnder(fields, BASE).length === 0;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ path, body: { settings: settingsWithLinks(lab.settings, links) } });
  };

  return (
    <section className="card" aria-labelledby={`${uid}-title`}>
      <div className="spread">
        <h2 id={`${uid}-title`}>Link shaping</h2>
        <a className="button" href={`/api/v1/labs/${lab.id}/ca.pem`} download={`lab-${lab.id}-ca.pem`}>
          Download lab CA certificate
        </a>
      </div>
      <p className="muted">
        Caps on the proxy host&apos;s links, applied with <code>tc</code> before every run of this lab and removed at
        teardown: they describe the hardware being emulated, not one experiment. The CA certificate signs the
        lab&apos;s TLS endpoints (<code>ca lab-ca</code>); give it to clients that should trust them.
      </p>
      {noBandwidth && <p className="notice">{noBandwidth}</p>}
      {noDelayLoss && (
        <p className="muted small" id={reasonId} data-testid="netem-reason">
          <span className="badge">delay and loss unavailable</span> {noDelayLoss.charAt(0).toUpperCase() + noDelayLoss.slice(1)}.
        </p>
      )}
      <form onSubmit={submit} aria-describedby={noDelayLoss ? reasonId : undefined}>
        {links.length === 0 ? (
          <p className="muted" data-testid="no-link-shaping">
            No caps: the proxy&apos;s links run at the host&apos;s own speed.
          </p>
        ) : (
          <table className="table link-shaping" data-testid="link-shaping">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.field} scope="col">
                    {c.label} <span className="muted small">({c.help})</span>
                  </th>
                ))}
                {canEdit && <th aria-label="actions" />}
              </tr>
            </thead>
            <tbody>
              {links.map((link, i) => (
                <tr key={i}>
                  {COLUMNS.map((c) => {
                    const fieldPath = `${BASE}.links.${i}.${c.field}`;
                    const isNetem = c.field === "delay_ms" || c.field === "loss_pct";
                    const greyed = isNetem && noDelayLoss !== null;
                    if (!canEdit) return <td key={c.field} className={c.field === "interface" ? undefined : "num"}>{link[c.field] || "—"}</td>;
                    const errId = `${uid}-${i}-${c.field}-err`;
                    return (
                      <td key={c.field}>
                        <input
                          name={fieldPath}
                          aria-label={`${c.label}, link ${i + 1}`}
                          type={c.field === "interface" ? "text" : "number"}
                          step="any"
                          min={c.field === "interface" ? undefined : 0}
                          style={{ width: c.width }}
                          value={link[c.field]}
                          disabled={greyed || save.isPending}
                          title={greyed ? noDelayLoss ?? undefined : undefined}
                          placeholder={c.field === "interface" ? "veth-inj" : isNetem ? "none" : ""}
                          aria-invalid={fields.some((f) => f.field === fieldPath)}
                          aria-describedby={greyed ? `${reasonId} ${errId}` : errId}
                          onChange={(e) => setCell(i, c.field, e.target.value)}
                        />
                        <div>
                          <FieldError fields={fields} path={fieldPath} id={errId} />
                        </div>
                      </td>
                    );
                  })}
                  <RemoveRowCell canEdit={canEdit} disabled={save.isPending} onRemove={() => edit(links.filter((_, j) => j !== i))} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <FieldErrorList errors={sectionErrors} />
        {otherErrors || (save.error && fields.length === 0) ? <ErrorState error={save.error} compact /> : null}
        {canEdit ? (
          <div className="row" style={{ marginTop: "var(--space-3)" }}>
            <button type="button" onClick={() => edit([...links, emptyLink()])} disabled={save.isPending || links.length >= 16}>
              Add link
            </button>
            <button type="button" onClick={() => edit(withPreset(links))} disabled={save.isPending}
              title={`${T2_MICRO.rate_mbit} Mbit/s on ${T2_MICRO.interface}, the local lab's proxy-to-injector link`}>
              t2.micro-like: 180 Mbit/s on the proxy&apos;s injector link
            </button>
            {noDelayLoss && usesDelayLoss(links) && (
              <button type="button" onClick={() => edit(withoutDelayLoss(links))} disabled={save.isPending}>
                Clear delay and loss
              </button>
            )}
            <DraftSaveBar
              dirty={dirty}
              pending={save.isPending}
              saved={save.isSuccess}
              label="Save link shaping"
              onDiscard={() => {
                draft.discard();
                save.reset();
              }}
            />
          </div>
        ) : (
          <p className="muted small">Only editors and admins can change lab settings.</p>
        )}
      </form>
    </section>
  );
}
