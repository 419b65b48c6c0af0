// One QueryClient for the app. Client errors (4xx) are not retried: asking again gets the same
// answer. Server and network trouble is retried once, quickly, so a real failure shows within a
// second instead of after three backed-off attempts. A 401 on any query means the session ended: drop the cached session so the protected
// routes send the user to /login.
import { QueryCache, QueryClient } from "@tanstack/react-query";

import { authGetSessionQueryKey } from "../client/@tanstack/react-query.gen";
import { isUnauthenticated } from "./apiError";
import { worthRetrying } from "./humanError";
import { isSessionQuery } from "./queryKeys";

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // Keys are objects ({_id, baseUrl ...}), new on every call: compare the operation id, not
        // the object (comparing objects was never true, so a signed-out 401 refetched forever).
        if (isUnauthenticated(error) && !isSessionQuery(query.queryKey)) {
          void queryClient.invalidateQueries({ queryKey: authGetSessionQueryKey() });
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failures, error) => worthRetrying(error) && failures < 1,
        retryDelay: 300,
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}

/** The app's one client: main.tsx provides it to React, and route loaders prefetch into it. */
export const queryClient = createQueryClient();
