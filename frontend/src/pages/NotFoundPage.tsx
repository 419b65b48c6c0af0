import { Link } from "react-router";

import { EmptyState } from "../components/EmptyState";

export default function NotFoundPage() {
  return (
    <EmptyState title="No such page" action={<Link to="/experiments">Go to experiments</Link>}>
      The address does not match any view of haplab.
    </EmptyState>
  );
}
