"""Typed request bodies: snake_case fields sent as Metrc v2's PascalCase objects."""
