// TLS in the designer: simple defaults that name the lab's certificates (never paths; the worker
// issues them per run from the lab CA, docs/architecture.md "TLS"), and the one-line explanations.
export const LAB_CERT = "lab";
export const LAB_CA = "lab-ca";

export const DEFAULT_BIND_TLS = { cert: LAB_CERT, alpn: ["h2", "http/1.1"] };
export const BIND_TLS_HELP = `Clients connect with TLS; "${LAB_CERT}" is a server certificate issued for each run by the lab CA.`;

export const SERVER_TLS_HELP = `Turn TLS on in the managed target too; the lab CA is named "${LAB_CA}".`;

/** The server TLS block after choosing `verify`: "required" needs the CA's name, "none" drops it. */
export function serverTlsWithVerify(ssl: Record<string, unknown> | null | undefined, verify: string): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(ssl ?? {}), verify };
  if (verify === "required") next.ca = (typeof next.ca === "string" && next.ca) || LAB_CA;
  else delete next.ca;
  return next;
}
