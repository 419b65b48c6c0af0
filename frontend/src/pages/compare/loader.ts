// The Compare route's loader: start the page's reads (useCompareData.prefetchCompare) as soon as
// the route matches and return at once, so the requests run while Recharts downloads and the
// session is checked, instead of after the page has mounted.
import type { LoaderFunctionArgs } from "react-router";

import { queryClient } from "../../api/queryClient";
import { parse } from "./compareParams";
import { prefetchCompare } from "./useCompareData";

export function compareLoader({ request }: LoaderFunctionArgs): null {
  void prefetchCompare(queryClient, parse(new URL(request.url).searchParams));
  return null;
}
