"""User accounts and the secrets that prove them: users, password hashing, prefixed secret tokens.

The bottom of the identity layers: teams (memberships, API tokens) and auth (sessions, who is
calling) build on it, and it imports neither, so auth -> teams -> accounts has no cycle.
"""
