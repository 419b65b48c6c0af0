// Is the experiment's description a template's sentence that its spec no longer bears out?
// POST /templates/description-check with the description and the spec, 500 ms after the last
// change of either (like live validation: a query keyed by both, so an older answer never
// overwrites a newer one). The API owns the sentences (backend/templates/descriptions.py): a
// description in a template's words is the template's; any edit of the person's makes it theirs.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

import { templatesCheckTemplateDescription } from "../../client/sdk.gen";
import type { DescriptionCheck } from "../../client/types.gen";
import { useDebounced } from "./useDebounced";

export function useTemplateDescription(description: string, spec: unknown, enabled: boolean): DescriptionCheck | undefined {
  const current = useMemo(() => ({ description, spec }), [description, spec]);
  const settled = useDebounced(current, 500);
  const query = useQuery({
    queryKey: ["designer-description", settled.description, settled.spec],
    queryFn: async ({ signal }) => {
      const { data } = await templatesCheckTemplateDescription({
        body: { description: settled.description, spec: settled.spec as Record<string, unknown> },
        signal,
        throwOnError: true,
      });
      return data;
    },
    enabled: enabled && settled.description.trim() !== "",
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  // An answer about another text than the one in the field is no answer (the person is typing).
  return query.data && settled.description === description && description.trim() !== "" ? query.data : undefined;
}
