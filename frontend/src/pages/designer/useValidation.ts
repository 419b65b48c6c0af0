// Live validation: POST /experiments/validate with the spec, 500 ms after the last keystroke.
// A query keyed by the spec (not a mutation), so an older answer never overwrites a newer one and
// going back to a previous spec is answered from the cache.
import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { experimentsValidateSpec } from "../../client/sdk.gen";
import type { ExperimentSpec, ValidationReport } from "../../client/types.gen";
import { useDebounced } from "./useDebounced";

export function useValidation(spec: unknown) {
  const settled = useDebounced(spec, 500);
  const query = useQuery({
    queryKey: ["designer-validate", settled],
    queryFn: async ({ signal }): Promise<ValidationReport> => {
      const { data } = await experimentsValidateSpec({
        body: { spec: settled as ExperimentSpec },
        signal,
        throwOnError: true,
      });
      return data;
    },
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  return { report: query.data, error: query.error, checking: query.isFetching || settled !== spec };
}
