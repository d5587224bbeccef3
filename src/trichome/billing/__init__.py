"""Payment-provider (Stripe) webhooks: verified events, subscriptions, and the tiers they buy."""
