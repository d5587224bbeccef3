"""The relational store: engine, typed models and Alembic migrations."""
