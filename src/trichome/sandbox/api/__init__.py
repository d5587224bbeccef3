"""The sandbox's Metrc v2 routes, one module per group of endpoints."""
