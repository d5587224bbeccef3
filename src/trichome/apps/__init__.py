"""One ASGI app per service, each with a `create_app(settings)` factory."""
