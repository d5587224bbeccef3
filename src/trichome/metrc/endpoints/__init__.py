"""Named methods for the Metrc v2 endpoints the tools use, one module per area."""
