"""The 19 analysis skills: structured results computed in code from one licence's records
in our track-and-trace model, read through a `trichome.tracking.source.FacilitySource`."""
