// System / light / dark. "System" follows the operating system's setting, also while the page is open.
import { THEME_CHOICES, useThemeChoice, type ThemeChoice } from "./theme";

const LABEL: Record<ThemeChoice, string> = { system: "System theme", light: "Light", dark: "Dark" };

export function ThemeToggle() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <label className="theme-toggle">
      <span className="visually-hidden">Theme</span>
      <select value={choice} onChange={(e) => setChoice(e.target.value as ThemeChoice)} data-testid="theme-toggle">
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {LABEL[c]}
          </option>
        ))}
      </select>
    </label>
  );
}
