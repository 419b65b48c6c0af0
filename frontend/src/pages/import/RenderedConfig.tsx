// The haproxy.cfg the imported spec renders to (what the lab's HAProxy would run), numbered.
export function RenderedConfig({ text }: { text: string }) {
  const lines = text.replace(/\n$/, "").split("\n");
  return (
    <section className="import-pane" aria-labelledby="import-rendered-title">
      <h3 id="import-rendered-title">Rendered for the lab</h3>
      {text ? (
        <pre className="cfg" data-testid="import-rendered" tabIndex={0} role="region" aria-label="Rendered haproxy.cfg">
          {lines.map((line, i) => (
            <div key={i} className="cfg-line">
              <span className="ln" aria-hidden="true">{i + 1}</span>
              <span>{line || " "}</span>
            </div>
          ))}
        </pre>
      ) : (
        <p className="muted">Nothing rendered.</p>
      )}
    </section>
  );
}
