"""The knowledge base: forum threads, their ingestion, a full-text index and cited answers."""
