// What an error means to the person looking at the page: a title in plain words, the API's own
// sentence when it has one, and whether trying again can help. The codes stay out of the text
// (they go in a tooltip for whoever files the bug).
import { toApiError } from "./apiError";

export type HumanError = {
  title: string;
  sentence: string;
  /** Asking again may succeed (server trouble, network); a 403 or 404 will not change. */
  retryable: boolean;
  /** For a tooltip or a bug report: the code and status, e.g. "not_found · HTTP 404". */
  technical: string;
};

export function humanError(error: unknown, fallbackTitle = "Something went wrong"): HumanError {
  const e = toApiError(error ?? "Unknown error", 0);
  const technical = e.status > 0 ? `${e.code} · HTTP ${e.status}` : e.code;
  const says = (fallback: string) => (e.message && !/^HTTP \d+$/.test(e.message) ? e.message : fallback);
  if (e.code === "network_error") {
    return {
      title: "haplab cannot be reached",
      sentence: "The server did not answer. Check your connection; if it persists, the server may be restarting.",
      retryable: true,
      technical: `${technical}: ${e.message}`,
    };
  }
  switch (e.status) {
    case 401:
      return { title: "You are signed out", sentence: "Your session ended. Sign in again to continue.", retryable: false, technical };
    case 403:
      return { title: "Not allowed", sentence: says("Your role in this team does not allow this."), retryable: false, technical };
    case 404:
      return { title: "Not found", sentence: says("It may have been deleted, or the link is wrong."), retryable: false, technical };
    case 409:
      return { title: "That conflicts with what is there now", sentence: says("Reload and try again."), retryable: false, technical };
    case 422:
    case 400:
      return { title: "Some values were not accepted", sentence: says("Check the fields marked below."), retryable: false, technical };
    case 429:
      return { title: "Too many requests", sentence: says("Wait a moment, then try again."), retryable: true, technical };
    case 503:
      return {
        title: "haplab is briefly unavailable",
        sentence: says("A part of the server is restarting. Try again in a few seconds."),
        retryable: true,
        technical,
      };
  }
  if (e.status >= 500) {
    return {
      title: "The server ran into a problem",
      sentence: "This is not something you did. Try again; if it keeps happening, tell whoever runs haplab.",
      retryable: true,
      technical: `${technical}: ${e.message}`,
    };
  }
  return { title: fallbackTitle, sentence: says("An unexpected error occurred."), retryable: true, technical };
}

/** Worth a retry by the query client: server trouble and network failures, never a 4xx. */
export function worthRetrying(error: unknown): boolean {
  const e = toApiError(error, 0);
  return e.code === "network_error" || e.status === 0 || e.status >= 500 || e.status === 429;
}
