// A line's fate as a coloured badge (refused in the danger colour, not imported as a warning).
import { FATE_LABEL, FATE_TONE, type Fate } from "./importReport";

export function FateBadge({ fate }: { fate: Fate }) {
  return <span className={`badge fate ${FATE_TONE[fate]}`.trim()} data-fate={fate}>{FATE_LABEL[fate]}</span>;
}
