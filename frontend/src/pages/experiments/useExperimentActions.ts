// Clone and delete, shared by the list and the detail page. Both refresh the experiment list.
import { useMutation, useQueryClient } from "@tanstack/react-query";

import {
  experimentsCloneExperimentMutation,
  experimentsDeleteExperimentMutation,
  experimentsListExperimentsQueryKey,
} from "../../client/@tanstack/react-query.gen";

export function useExperimentActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: experimentsListExperimentsQueryKey() });
  const clone = useMutation({ ...experimentsCloneExperimentMutation(), onSuccess: refresh });
  const remove = useMutation({ ...experimentsDeleteExperimentMutation(), onSuccess: refresh });
  return { clone, remove };
}
