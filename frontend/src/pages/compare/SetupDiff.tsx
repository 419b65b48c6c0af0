// "What differs between these runs": the spec settings whose values differ (those the sweep does
// not explain first, highlighted), then a line diff of a rendered HAProxy config against the
// baseline run's, with what the lab assigns per run masked by the API (ports, runtime directory),
// so a maxconn sweep shows its one changed line. Two "maxconn 60" runs that differ 2.5x because one
// had 20 clients and the other 50 say so in UnsweptNotice, above the differences it explains.
import { memo, useMemo, useState } from "react";

import type { CompareSetups } from "../../client/types.gen";
import { sortNatural } from "../../charts/naturalSort";
import { diffCounts, differenceHeadline, lineDiff, settingDiffs, type SettingDiff } from "./setupDiff";
import { TableScroll } from "../../components/TableScroll";

const MAX_IDS = 8;

function RunIds({ ids }: { ids: number[] }) {
  const sorted = sortNatural(ids, String);
  return (
    <span className="muted small">
      {sorted.slice(0, MAX_IDS).map((id) => `#${id}`).join(", ")}
      {sorted.length > MAX_IDS && ` and ${sorted.length - MAX_IDS} more`}
    </span>
  );
}

function SettingRow({ diff }: { diff: SettingDiff }) {
  return (
    <tr className={diff.swept ? undefined : "setting-unswept"}>
      <th scope="row">
        <code>{diff.path}</code>
        <div className="small muted">{diff.swept ? "swept" : "not swept"}</div>
      </th>
      <td>
        <span className="setting-value">{diff.baseline}</span>
      </td>
      <td>
        <ul className="setting-groups">
          {diff.groups
            .filter((g) => !g.isBaseline)
            .map((g) => (
              <li key={g.text}>
                <span className="setting-value changed">{g.text}</span> <RunIds ids={g.runIds} />
              </li>
            ))}
        </ul>
      </td>
    </tr>
  );
}

/** Settings that differ though nobody swept them: said above the differences they partly explain. */
export const UnsweptNotice = memo(function UnsweptNotice({ setups, baseline }: { setups: CompareSetups; baseline: number }) {
  const unswept = useMemo(() => settingDiffs(setups, baseline).filter((d) => !d.swept), [setups, baseline]);
  if (unswept.length === 0) return null;
  return (
    <p className="notice" data-testid="unswept-differences">
      Not only the swept parameter differs: <strong>{unswept.map((d) => differenceHeadline(d)).join("; ")}</strong>. These change the results too,
      so a difference below is not the sweep&apos;s alone (<a href="#setup-diff-title">what differs in the setups</a>).
    </p>
  );
});

// Memoized: the page re-renders as each of its reads arrives; this part only when its own data does.
export const SetupDiff = memo(function SetupDiff({ setups, baseline }: { setups: CompareSetups; baseline: number }) {
  const diffs = useMemo(() => settingDiffs(setups, baseline), [setups, baseline]);
  const unswept = diffs.filter((d) => !d.swept);
  const swept = diffs.filter((d) => d.swept);
  return (
    <section className="card setup-diff" data-testid="config-diff" aria-labelledby="setup-diff-title" data-report="What differs in the setups">
      <h2 id="setup-diff-title">What differs between these runs</h2>
      {unswept.length > 0 ? (
        <p className="muted">
          Besides what was swept, {unswept.length === 1 ? "one setting differs" : `${unswept.length} settings differ`} (highlighted): the table says which runs had which value.
        </p>
      ) : swept.length > 0 ? (
        <p className="muted">
          Only what was swept differs ({swept.map((d) => d.path).join(", ")}): the same load, target and other HAProxy settings otherwise.
        </p>
      ) : (
        <p className="muted">Every run had the same spec: the differences below are the machine&apos;s noise.</p>
      )}
      {diffs.length > 0 && (
        <TableScroll label="Settings that differ">
          <table className="table small">
            <thead>
              <tr>
                <th scope="col">Setting</th>
                <th scope="col">Baseline #{baseline}</th>
                <th scope="col">Other values (runs)</th>
              </tr>
            </thead>
            <tbody>
              {diffs.map((d) => (
                <SettingRow key={d.path} diff={d} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <ConfigDiff setups={setups} baseline={baseline} />
    </section>
  );
});

/** The baseline's rendered config against another distinct config of the runs, line by line. */
function ConfigDiff({ setups, baseline }: { setups: CompareSetups; baseline: number }) {
  const baseIndex = setups.runs.find((r) => r.run_id === baseline)?.config_index ?? null;
  const others = setups.configs.map((_, i) => i).filter((i) => i !== baseIndex);
  const runsOf = (i: number) => setups.runs.filter((r) => r.config_index === i).map((r) => r.run_id);
  const [picked, setPicked] = useState<number | null>(null);
  const shown = picked != null && others.includes(picked) ? picked : (others[0] ?? null);
  const lines = useMemo(() => (baseIndex != null && shown != null ? lineDiff(setups.configs[baseIndex], setups.configs[shown]) : []), [setups, baseIndex, shown]);
  if (baseIndex == null) {
    return <p className="muted small">The baseline run has no rendered HAProxy config yet (it has not started), so there is no config to diff against.</p>;
  }
  if (shown == null) {
    return <p className="muted small">Every run with a rendered config used the baseline&apos;s HAProxy config, line for line.</p>;
  }
  const counts = diffCounts(lines);
  return (
    <div className="config-diff">
      <div className="row">
        <h3 className="config-diff-title">
          Rendered HAProxy config vs baseline #{baseline}: {setups.configs.length} distinct configs
        </h3>
        {others.length > 1 && (
          <label className="row">
            Diff
            <select value={shown} onChange={(e) => setPicked(Number(e.target.value))}>
              {others.map((i) => (
                <option key={i} value={i}>
                  config of #{sortNatural(runsOf(i), String).slice(0, 4).join(", #")}
                  {runsOf(i).length > 4 ? ` (+${runsOf(i).length - 4} runs)` : ""}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className="small muted" data-testid="config-diff-counts">
        Config of <RunIds ids={runsOf(shown)} />: <span className="diff-added-count">{counts.added} line{counts.added === 1 ? "" : "s"} added</span>,{" "}
        <span className="diff-removed-count">{counts.removed} removed</span> against the baseline&apos;s. What the lab assigns per run is masked:{" "}
        <code>&lt;address&gt;</code> for a managed target&apos;s or a bind&apos;s address and port, <code>{"{runtime_dir}"}</code> for the agent&apos;s
        directory (each run&apos;s page has its exact config).
      </p>
      <pre className="config-diff-lines" tabIndex={0} role="region" aria-label="Line diff of the rendered configs">
        {lines.map((line, k) =>
          line.kind === "skipped" ? (
            <div key={k} className="diff-skipped">
              … {line.count} unchanged line{line.count === 1 ? "" : "s"}
            </div>
          ) : (
            <div key={k} className={`diff-${line.kind}`}>
              <span className="diff-mark" aria-hidden="true">
                {line.kind === "added" ? "+" : line.kind === "removed" ? "-" : " "}
              </span>
              {line.kind !== "same" && <span className="visually-hidden">{line.kind}: </span>}
              {line.text}
            </div>
          ),
        )}
      </pre>
    </div>
  );
}
