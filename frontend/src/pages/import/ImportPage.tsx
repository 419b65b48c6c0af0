// Import a production haproxy.cfg (/experiments/import): paste it or open the file, choose what its
// servers map onto, and see what becomes of every line before anything exists: the summary, the
// original beside the rendered config, what the lab replaces, what the config reads from outside.
// Nothing is created here (viewers may import); "Open in designer" hands the experiment to the
// designer as a new one, saved only when the person saves it there.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

import { fieldsOf, unclaimed } from "../../api/fieldErrors";
import { hasRole, useSession } from "../../auth/useSession";
import { experimentsImportHaproxyCfgMutation } from "../../client/@tanstack/react-query.gen";
import type { ImportAnswer } from "../../client/types.gen";
import { ErrorState } from "../../components/ErrorState";
import { FieldErrorList } from "../../components/FieldError";
import { PageHeader } from "../../components/PageHeader";
import { DESIGNER_IMPORT_PATH, handToDesigner } from "./handOver";
import "./import.css";
import { ImportForm } from "./ImportForm";
import { ImportInputs } from "./ImportInputs";
import { ImportSummary } from "./ImportSummary";
import { LineFates } from "./LineFates";
import { MappingsTable } from "./MappingsTable";
import { RenderedConfig } from "./RenderedConfig";
import type { ImportTarget } from "./targetChoices";

/** The values typed so far, without the empty ones (an empty field means "not given"). */
const given = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));

export default function ImportPage() {
  const { session } = useSession();
  const canEdit = hasRole(session, "editor");
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [target, setTarget] = useState<ImportTarget>("managed");
  const [environment, setEnvironment] = useState<Record<string, string>>({});
  const [files, setFiles] = useState<Record<string, string>>({});
  // The answer with the text it answers (the textarea may change after).
  const [imported, setImported] = useState<{ answer: ImportAnswer; text: string } | null>(null);
  const run = useMutation(experimentsImportHaproxyCfgMutation());
  const summaryRef = useRef<HTMLDivElement>(null);
  const [answered, setAnswered] = useState(0);

  // After each answer, bring it into view: it is below a tall textarea.
  useEffect(() => {
    if (answered === 0) return;
    const heading = summaryRef.current?.querySelector<HTMLElement>("h2");
    heading?.focus({ preventScroll: true });
    summaryRef.current?.scrollIntoView({ block: "start" });
  }, [answered]);

  const submit = () => {
    const body = { text, target, environment: given(environment), files: given(files) };
    run.mutate(
      { body },
      {
        onSuccess: (answer) => {
          setImported({ answer, text: body.text });
          setAnswered((n) => n + 1);
        },
      },
    );
  };

  const fields = fieldsOf(run.error);
  const claimed = ["text", ...Object.keys(environment).map((n) => `environment.${n}`), ...Object.keys(files).map((p) => `files.${p}`)];
  const otherFields = unclaimed(fields, claimed);
  const report = imported?.answer.report;

  return (
    <>
      <PageHeader
        title="Import haproxy.cfg"
        description="Bring the config your production HAProxy runs: see what becomes of every line, then open it in the designer as a new experiment."
      />
      <ImportForm text={text} onText={setText} target={target} onTarget={setTarget} onImport={submit} busy={run.isPending} fields={fields} />
      {run.error && fields.length === 0 && <ErrorState error={run.error} compact title="Not imported" />}
      <FieldErrorList errors={otherFields} />
      {imported && report && (
        <div ref={summaryRef} className="import-result stack" aria-busy={run.isPending} data-testid="import-result">
          <ImportSummary
            answer={imported.answer}
            canEdit={canEdit}
            stale={imported.text !== text}
            onOpen={() => {
              handToDesigner(imported.answer);
              void navigate(DESIGNER_IMPORT_PATH);
            }}
          />
          <ImportInputs
            report={report}
            environment={environment}
            onEnvironment={(name, value) => setEnvironment((e) => ({ ...e, [name]: value }))}
            files={files}
            onFile={(path, content) => setFiles((f) => ({ ...f, [path]: content }))}
            onImportAgain={submit}
            busy={run.isPending}
            fields={fields}
          />
          <div className="import-panes">
            <LineFates text={imported.text} lines={report.lines} />
            <RenderedConfig text={report.rendered ?? ""} />
          </div>
          <MappingsTable mappings={report.mappings ?? []} />
        </div>
      )}
    </>
  );
}
