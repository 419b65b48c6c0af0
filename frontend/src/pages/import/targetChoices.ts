// The two targets an import can map the servers onto, each with its one line of help from the API's
// own description of ImportRequest.target ("managed: ...; external: ..."), so it is said once.
import { child, schemaNamed } from "../designer/schemaHelp";

export type ImportTarget = "managed" | "external";

export const IMPORT_TARGETS: readonly ImportTarget[] = ["managed", "external"];

/** "managed: A; external: B." -> {managed: "A", external: "B"} (a missing one is ""). */
export function splitChoiceHelp(description: string | undefined): Record<ImportTarget, string> {
  const help: Record<ImportTarget, string> = { managed: "", external: "" };
  for (const part of (description ?? "").split(/;\s*(?=[a-z_]+:)/)) {
    const match = /^\s*([a-z_]+):\s*(.*?)\.?\s*$/s.exec(part);
    if (match && (IMPORT_TARGETS as readonly string[]).includes(match[1])) help[match[1] as ImportTarget] = match[2];
  }
  return help;
}

export const TARGET_HELP = splitChoiceHelp(child(schemaNamed("ImportRequest"), "target")?.description);
