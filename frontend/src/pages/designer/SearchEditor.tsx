// The capacity search (the spec's `search`, contract/search.py): what the probes vary, the
// objective every probe must meet (rules in the thresholds' vocabulary, edited with the
// thresholds editor's fields), where the search starts and stops, how precise it is, each probe's
// length and the safe fraction. The API's field errors (spec.search.<field>) show next to each.
import { useDesigner } from "./DesignerContext";
import { Knob } from "./Knob";
import { SectionErrors } from "./SectionErrors";
import { getIn } from "./specPath";
import { newSearch, searchSummary, type SearchDraft } from "./capacitySearch";
import { NEW_RULE, RuleFieldset, type Rule } from "./ThresholdsEditor";

export function SearchEditor() {
  const { spec, update, readOnly } = useDesigner();
  const search = getIn(spec, "search") as SearchDraft | null | undefined;
  const rules = search?.objective ?? [];
  const setRules = (next: Rule[]) => update("search.objective", next);
  return (
    <section aria-labelledby="search-title" className="card" data-testid="search-editor">
      <h2 id="search-title">Capacity search</h2>
      <p className="muted small">
        Instead of one run per point: for each sweep point, probes (short runs, kept and comparable) grow the load until one fails the objective, then bisect to
        the highest load that still meets it. The answer is that capacity with its bracket and a safe operating point below it; a probe whose injectors could
        not keep up ends the search inconclusive rather than with a number.
      </p>
      <SectionErrors path="search" />
      {!search ? (
        <>
          <p className="muted">No search: each sweep point runs as set in Load.</p>
          {!readOnly && (
            <button type="button" onClick={() => update("search", newSearch(getIn(spec, "load") as Record<string, unknown> | undefined))}>
              Search the capacity
            </button>
          )}
        </>
      ) : (
        <>
          <div className="knob-grid">
            <Knob path="search.vary" label="vary" required />
            <Knob path="search.start" label="start" required />
            <Knob path="search.max" label="max" required />
            <Knob path="search.growth" label="growth (x after a pass)" />
            <Knob path="search.precision" label="precision (0.02 = 2%)" />
            <Knob path="search.max_probes" label="max probes" />
            <Knob path="search.probe.duration_s" label="probe duration (s)" />
            <Knob path="search.probe.warmup_s" label="probe warm-up (s)" />
            <Knob path="search.safe_fraction" label="safe fraction" />
            <Knob path="search.method" label="method" />
          </div>
          <p className="small" data-testid="search-summary">
            {searchSummary(search)}
          </p>
          <h3 className="small">Objective: every probe must meet each rule</h3>
          <SectionErrors path="search.objective" />
          {rules.map((rule, i) => (
            <RuleFieldset
              key={i}
              base={`search.objective.${i}`}
              legend={`Objective rule ${i + 1}`}
              rule={rule}
              objective
              onChange={(next) => setRules(rules.map((r, j) => (j === i ? next : r)))}
              onRemove={() => setRules(rules.filter((_, j) => j !== i))}
            />
          ))}
          {!readOnly && (
            <div className="row">
              <button type="button" onClick={() => setRules([...rules, { ...NEW_RULE, metric: "error_pct", value: 0.1 }])}>
                Add objective rule
              </button>
              <button type="button" className="link" onClick={() => update("search", undefined)}>
                Remove the search
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
