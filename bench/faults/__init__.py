"""Faults under load: what clients see while a dependency goes away and comes back."""
