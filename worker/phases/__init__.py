"""The phases a run walks through, one module each; the orchestrator lists them in order."""
