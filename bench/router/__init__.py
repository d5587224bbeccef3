"""The router on the held-out part of the labelled questions."""
