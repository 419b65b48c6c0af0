"""Versions of the shared contracts. Bump on an incompatible change."""

# Version of the experiment spec stored with every experiment version and run.
SPEC_VERSION = 1
# Version of the agent wire protocol envelope.
PROTOCOL_VERSION = 1
