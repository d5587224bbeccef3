"""The knowledge-base benchmark: index build time and search latency, through the API and
in the raw engine, on synthetic corpora of 7,061 and 100,000 threads."""
