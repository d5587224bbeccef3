"""Requests failed and recovery time when a dependency of the chat API fails."""
