"""Answer engines: `grounded` (offline, from the packs) and `openai` (any compatible upstream)."""
