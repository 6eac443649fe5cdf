"""The match session (docs/match.md): arrival order, versions, deadlines, the log, and
the simulation driver as its client."""
