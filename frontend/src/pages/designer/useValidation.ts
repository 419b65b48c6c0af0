// Live validation: POST /experiments/validate with the spec, 500 ms after the last keystroke.
// A query keyed by the spec (not a mutation), so an older answer never overwrites a newer one and
// going back to a previous spec is answered from the cache.
// A spec that is not valid is answered 422 with the same report (plus the error shape), so the
// designer shows its rendered config and field errors either way.
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { ApiError } from "../../api/apiError";
import { experimentsValidateSpec } from "../../client/sdk.gen";
import type { ExperimentSpec, ValidationReport } from "../../client/types.gen";
import { useDebounced } from "./useDebounced";

// With a lab chosen, the addresses the spec names are checked against that lab's boundary.
export function useValidation(spec: unknown, labId: number | null = null) {
  const settled = useDebounced(spec, 500);
  const query = useQuery({
    queryKey: ["designer-validate", settled, labId],
    queryFn: async ({ signal }): Promise<ValidationReport> => {
      try {
        const { data } = await experimentsValidateSpec({
          body: { spec: settled as ExperimentSpec, lab_id: labId },
          signal,
          throwOnError: true,
        });
        return data;
      } catch (error) {
        const report = refusedReport(error);
        if (report) return report;
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  return { report: query.data, error: query.error, checking: query.isFetching || settled !== spec };
}

/** The report inside a 422 answer of validate, or null for any other error. */
export function refusedReport(error: unknown): ValidationReport | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as Partial<ValidationReport> | undefined;
  return body && typeof body.valid === "boolean" && Array.isArray(body.field_errors)
    ? (body as ValidationReport)
    : null;
}
