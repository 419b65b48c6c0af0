// Sign in with email and password (POST /auth/login). The answer is the session itself, so it is
// put straight into the cache and the app renders without another round trip.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";

import { authGetSessionQueryKey, authLoginMutation } from "../../client/@tanstack/react-query.gen";
import { FieldError } from "../../components/FieldError";
import { ErrorState } from "../../components/ErrorState";
import { useSession } from "../../auth/useSession";
import { safeNext } from "../../auth/safeNext";
import { fieldsOf } from "../../api/fieldErrors";

export default function LoginPage() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [params] = useSearchParams();
  const next = safeNext(params.get("next"));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useSession();

  const login = useMutation({
    ...authLoginMutation(),
    onSuccess: (info) => {
      queryClient.clear(); // nothing cached from another user or team may survive
      queryClient.setQueryData(authGetSessionQueryKey(), info);
      void navigate(next, { replace: true });
    },
  });

  if (session && !login.isPending) return <Navigate to={next} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    login.mutate({ body: { email, password } });
  };

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit} aria-labelledby="login-title">
        <h1 id="login-title">haplab</h1>
        <p className="muted">Sign in to design, run and compare HAProxy benchmarks.</p>
        <label className="field">
          <span>Email</span>
          <input type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          <FieldError error={login.error} path="email" />
        </label>
        <label className="field">
          <span>Password</span>
          <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
          <FieldError error={login.error} path="password" />
        </label>
        {login.error && fieldsOf(login.error).length === 0 && <ErrorState error={login.error} compact />}
        <button type="submit" className="primary" disabled={login.isPending}>
          {login.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
