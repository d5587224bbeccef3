"""Agent registry, router, and the service that turns a chat request into an answer."""
