// Team: who is in the current team (admins manage them), my API tokens, and (admins) webhooks.
import { hasRole, useSession } from "../../auth/useSession";
import { PageHeader } from "../../components/PageHeader";
import { MembersSection } from "./MembersSection";
import { TokensSection } from "./TokensSection";
import { WebhooksSection } from "./WebhooksSection";

export default function TeamPage() {
  const { session } = useSession();
  if (!session) return null;
  return (
    <>
      <PageHeader
        title={`Team: ${session.current_team?.name ?? "none"}`}
        description={`You are ${session.role ?? "not a member"} here.`}
      />
      <MembersSection isAdmin={hasRole(session, "admin")} myUserId={session.user.id} />
      <TokensSection />
      {hasRole(session, "admin") && <WebhooksSection />}
    </>
  );
}
