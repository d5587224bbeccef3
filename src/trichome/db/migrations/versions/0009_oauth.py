"""The dashboard as the OAuth authorization server of MCP clients: registered clients,
grants (one per consent), authorization codes and tokens, the secrets stored as hashes.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-13
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from trichome.db.models import UTCDateTime

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def _fk(table: str, column: str, target: str, ondelete: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column],
        [f"{target}.id"],
        name=op.f(f"fk_{table}_{column}_{target}"),
        ondelete=ondelete,
    )


def _index(table: str, column: str) -> None:
    op.create_index(op.f(f"ix_{table}_{column}"), table, [column])


def upgrade() -> None:
    op.create_table(
        "oauth_clients",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("client_name", sa.String(200), nullable=True),
        sa.Column("redirect_uris", sa.JSON(), nullable=False),
        sa.Column("grant_types", sa.JSON(), nullable=False),
        sa.Column("token_endpoint_auth_method", sa.String(32), nullable=False),
        sa.Column("secret_hash", sa.String(64), nullable=True),
        sa.Column("client_metadata", sa.JSON(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_oauth_clients")),
    )
    _index("oauth_clients", "created_at")
    op.create_table(
        "oauth_grants",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("resource", sa.String(500), nullable=False),
        sa.Column("scope", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("last_used_at", UTCDateTime(), nullable=True),
        sa.Column("revoked_at", UTCDateTime(), nullable=True),
        sa.Column("revoked_reason", sa.String(32), nullable=True),
        _fk("oauth_grants", "client_id", "oauth_clients", "CASCADE"),
        _fk("oauth_grants", "organization_id", "organizations", "CASCADE"),
        _fk("oauth_grants", "user_id", "users", "CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_oauth_grants")),
    )
    for column in ("client_id", "organization_id", "user_id", "expires_at"):
        _index("oauth_grants", column)
    op.create_table(
        "oauth_codes",
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("client_id", sa.String(64), nullable=False),
        sa.Column("organization_id", sa.String(32), nullable=False),
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("redirect_uri", sa.Text(), nullable=False),
        sa.Column("redirect_uri_given", sa.Boolean(), nullable=False),
        sa.Column("code_challenge", sa.String(128), nullable=False),
        sa.Column("resource", sa.String(500), nullable=False),
        sa.Column("scope", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
        sa.Column("grant_id", sa.String(32), nullable=True),
        _fk("oauth_codes", "client_id", "oauth_clients", "CASCADE"),
        _fk("oauth_codes", "organization_id", "organizations", "CASCADE"),
        _fk("oauth_codes", "user_id", "users", "CASCADE"),
        _fk("oauth_codes", "grant_id", "oauth_grants", "SET NULL"),
        sa.PrimaryKeyConstraint("code_hash", name=op.f("pk_oauth_codes")),
    )
    _index("oauth_codes", "expires_at")
    op.create_table(
        "oauth_tokens",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("grant_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("scope", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
        _fk("oauth_tokens", "grant_id", "oauth_grants", "CASCADE"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_oauth_tokens")),
    )
    _index("oauth_tokens", "grant_id")
    _index("oauth_tokens", "expires_at")


def downgrade() -> None:
    for table, columns in (
        ("oauth_tokens", ("expires_at", "grant_id")),
        ("oauth_codes", ("expires_at",)),
        ("oauth_grants", ("expires_at", "user_id", "organization_id", "client_id")),
        ("oauth_clients", ("created_at",)),
    ):
        for column in columns:
            op.drop_index(op.f(f"ix_{table}_{column}"), table_name=table)
        op.drop_table(table)
