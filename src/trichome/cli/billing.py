"""`trichome billing`: re-derive the tiers of subscribing organisations (for cron)."""

from __future__ import annotations

import argparse
from typing import Any

from trichome.cli.common import (
    Commands,
    configure_logging,
    database,
    load_settings,
    migrate,
    run_async,
)
from trichome.config import Settings


async def _sweep_billing(settings: Settings) -> tuple[list[Any], int]:
    from sqlalchemy import func, select

    from trichome.billing.events import lock_billing
    from trichome.billing.subscriptions import BillingPolicy, sweep_subscriptions
    from trichome.db.models import Subscription, utcnow

    async with database(settings) as db, db.sessions() as session, session.begin():
        await lock_billing(session)
        changes = await sweep_subscriptions(
            session, BillingPolicy.from_settings(settings), utcnow()
        )
        subscribers = await session.scalar(
            select(func.count(func.distinct(Subscription.organization_id)))
        )
        return changes, int(subscribers or 0)


def cmd_billing_sweep(_: argparse.Namespace) -> int:
    """Re-derive every subscribing organisation's tier now (grace periods, period ends)."""
    settings = load_settings()
    configure_logging(settings)
    migrate(settings)
    changes, subscribers = run_async(_sweep_billing(settings))
    for change in changes:
        print(f"{change.organization_name}: {change.before} -> {change.after.value}")
    print(f"checked {subscribers} organisations with subscriptions; {len(changes)} tier changes")
    return 0


def add_commands(commands: Commands) -> None:
    """Add `trichome billing` and its action."""
    billing_parser = commands.add_parser("billing", help="Stripe subscriptions and tiers")
    billing = billing_parser.add_subparsers(dest="billing_command", required=True, metavar="ACTION")
    billing.add_parser(
        "sweep",
        help="apply ended grace periods and period-end cancellations to tiers now (for cron)",
    ).set_defaults(handler=cmd_billing_sweep)
