"""Organisations, API keys, tiers and the authenticated caller."""
