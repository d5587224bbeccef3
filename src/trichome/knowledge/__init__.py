"""Domain knowledge packs (regulations, formulation, operations, marketing) and their retrieval."""
