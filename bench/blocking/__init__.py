"""How long one request can hold a chat or knowledge-base worker's event loop."""
