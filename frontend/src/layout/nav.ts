// The main navigation, in order. Each entry is a top-level route in src/routes.tsx.
export const NAV_ITEMS: { to: string; label: string }[] = [
  { to: "/", label: "Home" },
  { to: "/experiments", label: "Experiments" },
  { to: "/templates", label: "Templates" },
  { to: "/history", label: "History" },
  { to: "/changes", label: "Changes" },
  { to: "/compare", label: "Compare" },
  { to: "/labs", label: "Labs" },
  { to: "/team", label: "Team" },
];
