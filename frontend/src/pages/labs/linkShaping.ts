// Pure logic of the lab's link shaping form (contract/lab.py: settings.link_shaping.links).
// The form edits strings (what the inputs hold); the API validates the numbers and answers with
// field errors at settings.link_shaping.links.<i>.<field>, which the form puts next to the input.
import type { LabSettings, ShapingOffer } from "../../client/types.gen";
import { valueText } from "../../format/text";

export const LINK_SHAPING_KEY = "link_shaping";
export const LINK_FIELDS = ["interface", "rate_mbit", "delay_ms", "loss_pct"] as const;
export type LinkField = (typeof LINK_FIELDS)[number];
export type LinkDraft = Record<LinkField, string>;

/** The local lab's proxy-to-injector link capped like a t2.micro (docs/architecture.md, seed 002). */
export const T2_MICRO: LinkDraft = { interface: "veth-inj", rate_mbit: "180", delay_ms: "", loss_pct: "" };

export const emptyLink = (): LinkDraft => ({ interface: "", rate_mbit: "", delay_ms: "", loss_pct: "" });

const text = (v: unknown): string => valueText(v);

/** The links of `settings.link_shaping` (typed: contract/lab.py LabSettings) as form rows. */
export function draftFromSettings(settings: LabSettings): LinkDraft[] {
  return (settings.link_shaping?.links ?? []).map((l) => ({
    interface: l.interface,
    rate_mbit: text(l.rate_mbit),
    delay_ms: text(l.delay_ms),
    loss_pct: text(l.loss_pct),
  }));
}

function number(raw: string): number | string | undefined {
  const s = raw.trim();
  if (s === "") return undefined;
  const n = Number(s);
  // Not a number: send it as typed so the API names the field instead of silently dropping it.
  return Number.isFinite(n) ? n : s;
}

/** One row as the API wants it: numbers as numbers, empty optional fields left out. */
export function linkBody(draft: LinkDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { interface: draft.interface.trim() };
  for (const f of ["rate_mbit", "delay_ms", "loss_pct"] as const) {
    const v = number(draft[f]);
    if (v !== undefined) body[f] = v;
  }
  return body;
}

/**
 * The lab's settings with these links: other settings keys are kept; no links removes the key
 * (the model needs at least one link, and no key means "no shaping").
 */
export function settingsWithLinks(settings: LabSettings, links: LinkDraft[]): Record<string, unknown> {
  const next: Record<string, unknown> = { ...settings };
  if (links.length === 0) delete next[LINK_SHAPING_KEY];
  else next[LINK_SHAPING_KEY] = { links: links.map(linkBody) };
  return next;
}

/** Add the t2.micro cap, or set it on the row that already caps that interface. */
export function withPreset(links: LinkDraft[], preset: LinkDraft = T2_MICRO): LinkDraft[] {
  const i = links.findIndex((l) => l.interface.trim() === preset.interface);
  if (i < 0) return [...links, { ...preset }];
  return links.map((l, j) => (j === i ? { ...l, rate_mbit: preset.rate_mbit } : l));
}

export const usesDelayLoss = (links: LinkDraft[]): boolean =>
  links.some((l) => l.delay_ms.trim() !== "" || l.loss_pct.trim() !== "");

export const withoutDelayLoss = (links: LinkDraft[]): LinkDraft[] => links.map((l) => ({ ...l, delay_ms: "", loss_pct: "" }));

const qdiscList = (qdiscs: string[]) => (qdiscs.length ? qdiscs.join(", ") : "none");

/** Why delay and loss cannot be asked of this lab's proxy host, or null when they can. */
export function delayLossReason(offer: ShapingOffer): string | null {
  if (offer.delay_loss) return null;
  if (offer.qdiscs == null)
    return "no proxy agent of this lab has reported its qdiscs yet: delay and loss stay unavailable until one connects";
  return `this kernel has no netem: delay and loss are unavailable; available qdiscs: ${qdiscList(offer.qdiscs)}`;
}

/** Why bandwidth caps cannot be applied, or null when they can. */
export function bandwidthReason(offer: ShapingOffer): string | null {
  if (offer.bandwidth) return null;
  return `the proxy host offers neither tbf nor htb: bandwidth caps cannot be applied (available qdiscs: ${qdiscList(offer.qdiscs ?? [])})`;
}

export const sameLinks = (a: LinkDraft[], b: LinkDraft[]): boolean => JSON.stringify(a) === JSON.stringify(b);
