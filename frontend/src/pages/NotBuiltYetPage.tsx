// Placeholder for views that are being built (run side); keeps the navigation and links working.
import { EmptyState } from "../components/EmptyState";

export default function NotBuiltYetPage() {
  return <EmptyState title="Coming soon">This view is being built.</EmptyState>;
}
