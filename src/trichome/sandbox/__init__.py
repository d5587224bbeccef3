"""A Metrc v2-compatible track-and-trace sandbox with a deterministic year of seeded data."""
