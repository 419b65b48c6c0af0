import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { ImportAnswer, ImportReport, LineFate } from "../../client/types.gen";
import { handToDesigner, takeFromImport } from "./handOver";
import { filterChoices, filterLines, fateCounts, originalLines, pastableFiles, summaryText } from "./importReport";
import { ImportSummary } from "./ImportSummary";
import { LineFates } from "./LineFates";
import { splitChoiceHelp, TARGET_HELP } from "./targetChoices";

const TEXT = "global\n    maxconn 4000\n    lua-load /etc/x.lua\n\nuserlist admins\n    user a password x\n\n# routing\nfrontend www\n    bind :443 ssl crt /etc/site.pem\n";
const fate = (line: number, f: LineFate["fate"], detail = `${f} line ${line}`, field: string | null = null): LineFate => ({
  line,
  text: TEXT.split("\n")[line - 1],
  section: "",
  fate: f,
  field,
  detail,
});
const LINES: LineFate[] = [
  fate(1, "modelled"),
  fate(2, "modelled", "modelled as proxy.global.maxconn", "proxy.global.maxconn"),
  fate(3, "refused", "refused: Lua is not allowed"),
  fate(5, "not_imported"),
  fate(6, "not_imported"),
  fate(8, "skipped"),
  fate(9, "modelled"),
  fate(10, "mapped", "mapped to the lab certificate 'lab'"),
];

describe("the summary of an import", () => {
  it("counts every fate from the lines", () => {
    expect(fateCounts(LINES)).toEqual({ modelled: 3, kept: 0, mapped: 1, refused: 1, not_imported: 2, skipped: 1 });
  });

  it("says the fates met, in reading order, and refused even when none was", () => {
    expect(summaryText(LINES)).toBe("8 lines: 3 modelled, 1 mapped, 1 refused, 2 not imported, 1 skipped");
    expect(summaryText([fate(1, "modelled")])).toBe("1 line: 1 modelled, 0 refused");
  });

  it("shows refused in the danger colour only when something was refused", () => {
    const answer = (lines: LineFate[]): ImportAnswer => ({ name: "imported www", description: "", spec: {} as ImportAnswer["spec"], report: { lines, counts: {}, check: { ok: true } } });
    const refused = renderToString(<ImportSummary answer={answer(LINES)} canEdit onOpen={() => undefined} stale={false} />).replaceAll("<!-- -->", "");
    expect(refused).toContain('<span class="import-refused">1 refused</span>, <span>2 not imported</span>');
    expect(refused).toContain("haproxy -c ok");
    expect(refused).toContain("Open in designer");
    const clean = renderToString(<ImportSummary answer={answer([fate(1, "modelled")])} canEdit={false} onOpen={() => undefined} stale />).replaceAll("<!-- -->", "");
    expect(clean).not.toContain("import-refused");
    expect(clean).not.toContain("Open in designer");
    expect(clean).toContain("needs the editor role");
    expect(clean).toContain("The text changed since this import");
  });
});

describe("the original text with each line's fate", () => {
  it("numbers lines as HAProxy does, blank ones without a fate, no phantom line after the last newline", () => {
    const rows = originalLines(TEXT, LINES);
    expect(rows).toHaveLength(10);
    expect(rows[2]).toMatchObject({ line: 3, text: "    lua-load /etc/x.lua", fate: { fate: "refused" } });
    expect(rows[3]).toEqual({ line: 4, text: "", fate: null });
    expect(originalLines("a\r\nb", [])).toEqual([
      { line: 1, text: "a", fate: null },
      { line: 2, text: "b", fate: null },
    ]);
  });

  it("filters by fate: All keeps the blank lines, a fate only its lines", () => {
    const rows = originalLines(TEXT, LINES);
    expect(filterLines(rows, "all")).toHaveLength(10);
    expect(filterLines(rows, "not_imported").map((r) => r.line)).toEqual([5, 6]);
    expect(filterLines(rows, "refused").map((r) => r.text)).toEqual(["    lua-load /etc/x.lua"]);
    expect(filterLines(rows, "kept")).toEqual([]);
  });

  it("offers All and only the fates some line met, with counts", () => {
    expect(filterChoices(LINES).map((c) => `${c.label} ${c.count}`)).toEqual(["All 8", "Modelled 3", "Mapped 1", "Refused 1", "Not imported 2", "Skipped 1"]);
  });

  it("says on the line why it was refused, not imported or mapped; the rest on hover", () => {
    const html = renderToString(<LineFates text={TEXT} lines={LINES} />).replaceAll("<!-- -->", "");
    expect(html).toMatch(/data-line="3" data-fate="refused"[^>]*>.*refused: Lua is not allowed/);
    expect(html).toContain("mapped to the lab certificate &#x27;lab&#x27;");
    expect(html).toMatch(/data-line="2" data-fate="modelled" title="modelled as proxy.global.maxconn"/);
    expect(html).toMatch(/data-line="4" data-fate="blank"/);
  });

  it("offers a box only for pattern files", () => {
    const report: ImportReport = {
      lines: [],
      counts: {},
      files: [
        { path: "/etc/haproxy/bad.lst", lines: [3], inlined: false, hint: "pattern file: give its content with the import to inline its patterns into the acl line" },
        { path: "/etc/haproxy/errors/503.http", lines: [9], inlined: false, hint: "the lab has no copy of this file; the lines that read it are refused" },
      ],
    };
    expect(pastableFiles(report).map((f) => f.path)).toEqual(["/etc/haproxy/bad.lst"]);
  });
});

describe("the target's help", () => {
  it("comes from the API's description, one line per choice", () => {
    expect(splitChoiceHelp("managed: the lab's servers; external: production addresses (the boundary must allow them).")).toEqual({
      managed: "the lab's servers",
      external: "production addresses (the boundary must allow them)",
    });
    expect(TARGET_HELP.managed).toMatch(/lab's own servers/);
    expect(TARGET_HELP.external).toMatch(/production addresses/);
  });
});

describe("the hand-over to the designer", () => {
  const memory = () => {
    const items = new Map<string, string>();
    return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
  };

  it("gives the designer the imported name, description and spec, and again after a reload", () => {
    const store = memory();
    expect(takeFromImport(store)).toBeNull();
    const spec = { proxy: { frontends: [{ name: "www" }] }, target: { kind: "managed" } } as unknown as ImportAnswer["spec"];
    handToDesigner({ name: "imported www", description: "from prod", spec }, store);
    const taken = takeFromImport(store);
    expect(taken).toEqual({ name: "imported www", description: "from prod", spec });
    expect(takeFromImport(store)).toEqual(taken);
  });

  it("opens nothing from a value that is not an import", () => {
    const store = memory();
    for (const bad of ["{", "null", "[]", '{"name":"x","description":"","spec":[]}', '{"name":1,"description":"","spec":{}}']) {
      store.items.set("haplab.import.for-designer", bad);
      expect(takeFromImport(store)).toBeNull();
    }
  });
});
