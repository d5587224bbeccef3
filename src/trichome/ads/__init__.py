"""Sponsored lines at the end of answers of ad-carrying models (free-agent, pro-agent)."""
