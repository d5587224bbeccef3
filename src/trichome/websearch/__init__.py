"""Web search for /v1/responses: search providers, a page fetcher that reads only public
addresses, and answers that cite the pages they read."""
