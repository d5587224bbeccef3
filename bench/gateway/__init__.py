"""Gateway benchmark: Trichome's chat API vs the LiteLLM proxy, both in front of one fake
OpenAI-compatible upstream, measured from the client on the same machine."""
