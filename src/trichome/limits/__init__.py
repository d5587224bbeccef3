"""Quotas and rate limits: counting windows, atomic across processes (Redis or the database)."""
