// Which parameter a sweep axis varies: a grouped select of what the spec can sweep
// (sweepParameters.ts, from the JSON Schema), its type and bounds in words, and "Other path…"
// for any dotted path the API accepts (it still validates it).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { labsGetLabOptions } from "../../client/@tanstack/react-query.gen";
import { valueText } from "../../format/text";
import { fieldInfo } from "./schemaHelp";
import { groupParameters, kindText, proposeValues, type SweepParameter } from "./sweepParameters";
import type { Scalar } from "./sweepValues";

const OTHER = "__other__";

export function SweepParameterPicker({ id, name, path, parameters, connections, labId, readOnly, onPick, onPath }: {
  id: string;
  /** The spec path of the axis' path field, so a problem there can focus this select. */
  name: string;
  path: string;
  parameters: SweepParameter[];
  connections: number | undefined;
  labId: number | null;
  readOnly: boolean;
  /** A listed parameter was chosen: its path and the values proposed for it. */
  onPick: (path: string, values: Scalar[]) => void;
  /** A path typed under "Other path…". */
  onPath: (path: string) => void;
}) {
  const listed = parameters.find((p) => p.path === path);
  const [other, setOther] = useState(!listed);
  const cores = useProxyCores(labId);
  const chosen = other ? undefined : listed;
  const info = chosen ? null : fieldInfo(path);
  return (
    <div className="field knob sweep-picker">
      <label htmlFor={`${id}-param`}>Sweep parameter</label>
      <select
        id={`${id}-param`}
        aria-label="Sweep parameter"
        name={name}
        value={chosen ? chosen.path : OTHER}
        disabled={readOnly}
        aria-describedby={`${id}-param-help`}
        onChange={(e) => {
          if (e.target.value === OTHER) {
            setOther(true);
            return;
          }
          const p = parameters.find((x) => x.path === e.target.value);
          if (!p) return;
          setOther(false);
          onPick(p.path, proposeValues(p, { connections, cores }));
        }}
      >
        {groupParameters(parameters).map(([group, items]) => (
          <optgroup key={group} label={group}>
            {items.map((p) => (
              <option key={p.path} value={p.path}>
                {p.label} ({kindText(p)})
              </option>
            ))}
          </optgroup>
        ))}
        <option value={OTHER}>Other path…</option>
      </select>
      {!chosen && (
        <>
          <label htmlFor={`${id}-path`} className="sub-label">Other path</label>
          <input
            id={`${id}-path`}
            value={path}
            disabled={readOnly}
            spellCheck={false}
            placeholder="proxy.backends.*.servers.*.maxconn"
            aria-describedby={`${id}-param-help`}
            onChange={(e) => onPath(e.target.value)}
          />
        </>
      )}
      <span className="help" id={`${id}-param-help`}>
        {chosen ? (
          <>
            <code>{chosen.path}</code>: {kindText(chosen)}
            {chosen.current != null && `, now ${valueText(chosen.current)}`}.{" "}
            {chosen.path.endsWith(".nbthread") && (cores ? `This lab's proxy host has ${cores} cores. ` : "Choose a lab to propose 1..its proxy host's cores. ")}
            {chosen.description}
          </>
        ) : (
          <>
            A dotted path into the spec; <code>*</code> stands for every element of a list. {info?.description}
          </>
        )}
      </span>
    </div>
  );
}

/** CPU cores of the chosen lab's proxy host, as its agent reported them (for nbthread). */
function useProxyCores(labId: number | null): number | undefined {
  const lab = useQuery({ ...labsGetLabOptions({ path: { lab_id: labId ?? 0 } }), enabled: labId != null });
  const proxy = lab.data?.agents.find((a) => a.roles.includes("proxy"));
  return proxy?.capabilities.cores ?? undefined;
}
