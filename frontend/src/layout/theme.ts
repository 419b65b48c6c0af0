// Light or dark: the person's choice (system / light / dark, kept in localStorage) resolved
// against the system setting (prefers-color-scheme), applied as <html data-theme="...">, which
// styles.css reads. index.html runs the same resolution inline before the first paint, so a dark
// page never flashes white; theme.test.ts checks that script against resolveTheme.
import { useCallback, useSyncExternalStore } from "react";

export type ThemeChoice = "system" | "light" | "dark";
export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "haplab-theme";
export const THEME_CHOICES: ThemeChoice[] = ["system", "light", "dark"];
const DARK_QUERY = "(prefers-color-scheme: dark)";

/** What was stored, or "system" for nothing or anything unknown (an older value, a typo). */
export function parseChoice(stored: string | null | undefined): ThemeChoice {
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}

function readChoice(): ThemeChoice {
  try {
    return parseChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system"; // storage blocked (privacy settings): follow the system
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(DARK_QUERY).matches;
}

function apply(choice: ThemeChoice): void {
  document.documentElement.dataset.theme = resolveTheme(choice, systemPrefersDark());
}

// One store for the choice: the toggle and any other reader re-render together when it changes,
// and "system" follows the operating system's switch while the page is open.
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const media = window.matchMedia(DARK_QUERY);
  const onSystemChange = () => {
    apply(readChoice());
    listener();
  };
  media.addEventListener("change", onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", onSystemChange);
  };
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // not remembered, still applied for this page
  }
  apply(choice);
  listeners.forEach((l) => l());
}

/** The stored choice and a setter; the page's theme follows both it and the system setting. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, readChoice, (): ThemeChoice => "system");
  return [choice, useCallback((c: ThemeChoice) => setThemeChoice(c), [])];
}
