"""Trichome's benchmarks. Each is a package here with a `cli.main(argv) -> int`."""

BENCHMARKS = ("router", "gateway", "seed", "toolserver", "kb")
