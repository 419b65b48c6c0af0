import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";

import { describe, expect, it } from "vitest";

import { parseChoice, resolveTheme, THEME_CHOICES, THEME_STORAGE_KEY, type Theme } from "./theme";

describe("resolveTheme", () => {
  it("follows the system only when the choice is 'system'", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});

describe("parseChoice", () => {
  it("reads light and dark, and anything else (nothing, an old value) as system", () => {
    expect(parseChoice("light")).toBe("light");
    expect(parseChoice("dark")).toBe("dark");
    expect(parseChoice(null)).toBe("system");
    expect(parseChoice("solarized")).toBe("system");
  });
});

// index.html's inline script sets the theme before the first paint; it must decide exactly as
// resolveTheme does, or the page would switch theme when the app starts.
describe("index.html's first-paint script", () => {
  const html = readFileSync(new URL("../../index.html", import.meta.url), "utf8");
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";

  function runScript(stored: string | null, systemDark: boolean, storageBlocked = false): string | undefined {
    const dataset: Record<string, string> = {};
    const window = {
      localStorage: {
        getItem: (key: string) => {
          if (storageBlocked) throw new Error("SecurityError");
          return key === THEME_STORAGE_KEY ? stored : null;
        },
      },
      matchMedia: (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && systemDark }),
    };
    runInNewContext(script, { window, document: { documentElement: { dataset } } });
    return dataset.theme;
  }

  it("is there", () => {
    expect(script).toContain(THEME_STORAGE_KEY);
  });

  for (const stored of [...THEME_CHOICES, null, "bogus"]) {
    for (const systemDark of [false, true]) {
      it(`stored ${stored}, system ${systemDark ? "dark" : "light"}`, () => {
        const expected: Theme = resolveTheme(parseChoice(stored), systemDark);
        expect(runScript(stored, systemDark)).toBe(expected);
      });
    }
  }

  it("follows the system when storage is blocked", () => {
    expect(runScript("light", true, true)).toBe("dark");
  });
});
