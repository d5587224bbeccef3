"""The 13 analysis skills: structured results computed in code from Metrc data."""
