"""`haplab-admin` (python -m backend.cli): operator tasks that run next to the database. Not the
`haplab` command (haplab_cli/), which talks to the API from anywhere with a token.

haplab-admin create-admin --email a@b.c --password ... --team "Perf" [--token-file var/admin.token]
haplab-admin rotate-webhook-secrets    (after putting a new key first in HAPLAB_WEBHOOK_SECRET_KEYS)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import select

from backend.accounts.passwords import MIN_PASSWORD_LENGTH
from backend.bootstrap import ensure_admin
from backend.db import session_scope
from backend.models import Role, Webhook
from backend.teams.tokens import create_api_token, revoke_tokens_named
from backend.webhooks import secret_box

CLI_TOKEN_NAME = "create-admin"  # noqa: S105 - a label, not a secret


def write_secret_file(path: Path, secret: str) -> None:
    """Write `secret` to `path`, readable by its owner only (mode 600 from the first byte)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secret + "\n")
    os.chmod(path, 0o600)  # an existing file keeps its old mode through os.open


def create_admin(args: argparse.Namespace) -> int:
    if len(args.password) < MIN_PASSWORD_LENGTH:
        print(f"--password must have at least {MIN_PASSWORD_LENGTH} characters", file=sys.stderr)
        return 2
    with session_scope() as db:
        user, team = ensure_admin(db, args.email, args.password, args.team)
        secret = None
        if args.token_file is not None:
            # Each `make up` writes a fresh token file; the token it replaces stops working.
            revoke_tokens_named(db, user.id, team.id, CLI_TOKEN_NAME)
            _, secret = create_api_token(db, user.id, team.id, name=CLI_TOKEN_NAME, scope=Role.admin)
        user_id, team_slug = user.id, team.slug
    # Written only after the commit, so the file never holds a token the database lacks.
    if secret is not None:
        write_secret_file(args.token_file, secret)
        print(f"admin API token written to {args.token_file}")
    print(f"admin user {args.email} (id {user_id}) is admin of team {team_slug}")
    return 0


def rotate_webhook_secrets(_args: argparse.Namespace) -> int:
    """Every webhook secret re-encrypted with the first of HAPLAB_WEBHOOK_SECRET_KEYS: then the
    older keys can be dropped (backend/webhooks/secret_box.py)."""
    unreadable = []
    with session_scope() as db:
        hooks = db.scalars(select(Webhook).order_by(Webhook.id).with_for_update()).all()
        for hook in hooks:
            try:
                hook.secret_encrypted = secret_box.reseal(hook.secret_encrypted)
            except secret_box.InvalidToken:
                unreadable.append(hook.id)
    print(f"{len(hooks) - len(unreadable)} webhook secret(s) re-encrypted with the first key")
    if unreadable:
        print(f"no key opens the secret of webhook(s) {unreadable}: left as they were", file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="haplab-admin", description="haplab operator commands")
    commands = parser.add_subparsers(dest="command", required=True)
    admin = commands.add_parser("create-admin", help="create the first admin user and team (idempotent)")
    admin.add_argument("--email", required=True)
    admin.add_argument("--password", required=True)
    admin.add_argument("--team", required=True, help="team name (its slug is derived from it)")
    admin.add_argument("--token-file", type=Path, help="also write a fresh admin API token here (mode 600)")
    admin.set_defaults(handler=create_admin)
    rotate = commands.add_parser(
        "rotate-webhook-secrets",
        help="re-encrypt every webhook secret with the first of HAPLAB_WEBHOOK_SECRET_KEYS",
    )
    rotate.set_defaults(handler=rotate_webhook_secrets)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.handler(args))


if __name__ == "__main__":
    sys.exit(main())
