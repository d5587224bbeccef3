"""How well the calculators understand questions written the way the trade writes them."""
