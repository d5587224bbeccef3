"""Metrc into our model: `mapping` reads Metrc v2 documents into `trichome.tracking` records."""
