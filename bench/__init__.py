"""Trichome's benchmarks. Each is a package here with a `cli.main(argv) -> int`."""

BENCHMARKS = (
    "router", "calculators", "answers", "coverage", "gateway", "seed", "toolserver", "kb", "faults",
    "blocking",
)  # fmt: skip
