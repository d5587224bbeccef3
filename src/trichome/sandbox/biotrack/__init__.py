"""A BioTrackTHC-compatible sandbox (the legacy JSON API, "API": "4.0"): one action per POST,
sessions from `login`, reads paged by transaction id, and BioTrack's rules on writes."""
