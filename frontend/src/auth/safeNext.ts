// Where to go after sign-in: only a local path (never "//evil.example" or "https://..."),
// so /login?next= cannot be used as an open redirect.
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/experiments";
  if (next.startsWith("/login")) return "/experiments";
  return next;
}
