"""The 12 analysis skills: structured results computed in code from Metrc data."""
