// The generated query keys are [{ _id: "<operation>", baseUrl, path?, query?, body? }]: compare
// by operation name, never by object identity.
import type { QueryKey } from "@tanstack/react-query";

export function operationOf(queryKey: QueryKey): string | undefined {
  const first = queryKey[0];
  return first && typeof first === "object" && "_id" in first ? String((first)._id) : undefined;
}

export const SESSION_OPERATION = "authGetSession";

export function isSessionQuery(queryKey: QueryKey): boolean {
  return operationOf(queryKey) === SESSION_OPERATION;
}
