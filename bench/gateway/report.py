"""The results table, the Trichome/LiteLLM ratios with their targets, and the JSON file."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.gateway.measure import Measurement

RPS_TARGET = 2.0  # Trichome requests/s at least twice LiteLLM's
ADDED_P50_TARGET = 1.0  # Trichome's added p50 at most LiteLLM's
COLUMNS = ("upstream", "trichome", "litellm")
LABELS = {"upstream": "upstream", "trichome": "Trichome", "litellm": "LiteLLM"}


@dataclass(frozen=True)
class Figure:
    """One row: how to read it from a measurement, and how to compare it."""

    key: str
    label: str
    value: Callable[[Measurement, Measurement], float | None]
    digits: int
    ratio: bool = False
    target: str | None = None


def added_p50(m: Measurement, upstream: Measurement) -> float:
    """Sequential p50 over the upstream's own."""
    return m.sequential.p50_ms - upstream.sequential.p50_ms


def added_p99(m: Measurement, upstream: Measurement) -> float:
    """Sequential p99 over the upstream's own."""
    return m.sequential.p99_ms - upstream.sequential.p99_ms


FIGURES = (
    Figure(
        "requests_per_second",
        "requests/s at c=16",
        lambda m, _: m.concurrent.requests_per_second,
        1,
        ratio=True,
        target=f">= {RPS_TARGET:.1f}",
    ),
    Figure("errors", "errors (non-2xx, socket)", lambda m, _: _errors(m), 0),
    Figure("sequential_p50_ms", "sequential p50 ms", lambda m, _: m.sequential.p50_ms, 2),
    Figure("sequential_p99_ms", "sequential p99 ms", lambda m, _: m.sequential.p99_ms, 2),
    Figure(
        "added_p50_ms",
        "added p50 ms (over upstream)",
        lambda m, u: _gateway_only(m, u, added_p50),
        2,
        ratio=True,
        target=f"<= {ADDED_P50_TARGET:.1f}",
    ),
    Figure(
        "added_p99_ms",
        "added p99 ms (over upstream)",
        lambda m, u: _gateway_only(m, u, added_p99),
        2,
        ratio=True,
    ),
    Figure("load_p50_ms", "c=16 latency p50 ms", lambda m, _: m.concurrent.p50_ms, 2),
    Figure("load_p99_ms", "c=16 latency p99 ms", lambda m, _: m.concurrent.p99_ms, 2),
    Figure(
        "cpu_ms_per_request",
        "server CPU ms/request",
        lambda m, _: m.cpu_ms_per_request,
        3,
        ratio=True,
    ),
    Figure(
        "peak_rss_per_worker_mib",
        "peak RSS per worker MiB",
        lambda m, _: m.memory.max_worker_mib,
        1,
        ratio=True,
    ),
    Figure("parent_rss_mib", "peak RSS of parent MiB", lambda m, _: m.memory.parent_mib, 1),
    Figure(
        "other_cpu_percent",
        "other work's CPU % during load",
        lambda m, _: 100 * m.other_cpu_share,
        1,
    ),
)


def _errors(m: Measurement) -> float:
    return float(m.sequential.errors + m.concurrent.errors)


def _gateway_only(
    m: Measurement, upstream: Measurement, figure: Callable[[Measurement, Measurement], float]
) -> float | None:
    return None if m is upstream else figure(m, upstream)


def _ratio(trichome: float | None, litellm: float | None) -> float | None:
    if trichome is None or litellm is None or litellm <= 0:
        return None
    return trichome / litellm


def _passes(target: str, ratio: float | None) -> bool | None:
    if ratio is None:
        return None
    operator, _, limit = target.partition(" ")
    return ratio >= float(limit) if operator == ">=" else ratio <= float(limit)


def build_results(measurements: dict[str, Measurement], settings: dict[str, Any]) -> dict[str, Any]:
    """Every figure, ratio and verdict as one JSON-ready dict."""
    upstream = measurements["upstream"]
    figures: dict[str, dict[str, float | None]] = {}
    for name, measurement in measurements.items():
        figures[name] = {f.key: f.value(measurement, upstream) for f in FIGURES}
    comparison: dict[str, Any] = {}
    if "trichome" in figures and "litellm" in figures:
        for figure in FIGURES:
            if not figure.ratio:
                continue
            ratio = _ratio(figures["trichome"][figure.key], figures["litellm"][figure.key])
            entry: dict[str, Any] = {"ratio": None if ratio is None else round(ratio, 3)}
            if figure.target:
                entry |= {"target": figure.target, "pass": _passes(figure.target, ratio)}
            comparison[figure.key] = entry
    return {
        "benchmark": "gateway",
        "settings": settings,
        "figures": figures,
        "comparison": comparison,
        "raw": {name: m.to_json() for name, m in measurements.items()},
    }


def _cell(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _ratio_cells(entry: dict[str, Any] | None) -> list[str]:
    if entry is None:
        return ["", ""]
    ratio = "n/a" if entry["ratio"] is None else f"{entry['ratio']:.2f}x"
    if "target" not in entry:
        return [ratio, ""]
    verdict = {True: "PASS", False: "FAIL", None: "n/a"}[entry["pass"]]
    return [ratio, f"{entry['target']}x {verdict}"]


def format_table(results: dict[str, Any]) -> str:
    """The absolute figures per target, then (with LiteLLM) the ratio and target columns."""
    figures: dict[str, dict[str, float | None]] = results["figures"]
    comparison: dict[str, Any] = results["comparison"]
    columns = [c for c in COLUMNS if c in figures]
    header = ["", *(LABELS[c] for c in columns)]
    if comparison:
        header += ["Trichome/LiteLLM", "target"]
    rows = [header]
    for figure in FIGURES:
        row = [figure.label, *(_cell(figures[c][figure.key], figure.digits) for c in columns)]
        if comparison:
            row += _ratio_cells(comparison.get(figure.key))
        rows.append(row)
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    # The label is left-aligned, the figures right-aligned, the verdict (if any) left.
    numeric = len(header) - 1 if comparison else len(header)
    lines = []
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [row[i].rjust(widths[i]) for i in range(1, numeric)]
        cells += row[numeric:]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def format_verdicts(results: dict[str, Any]) -> str:
    """One PASS/FAIL line per target (benchmarks report; they do not fail the build)."""
    comparison: dict[str, Any] = results["comparison"]
    if not comparison:
        return "targets: not checked (LiteLLM was skipped)"
    lines = []
    descriptions = {
        "requests_per_second": "Trichome requests/s vs LiteLLM's",
        "added_p50_ms": "Trichome added p50 latency vs LiteLLM's",
    }
    for key, description in descriptions.items():
        entry = comparison[key]
        verdict = {True: "PASS", False: "FAIL", None: "n/a"}[entry["pass"]]
        ratio = "n/a" if entry["ratio"] is None else f"{entry['ratio']:.2f}x"
        lines.append(f"{verdict}  {description}: {ratio} (target {entry['target']}x)")
    return "\n".join(lines)


def write_json(results: dict[str, Any], path: Path) -> None:
    """Write the results, creating the directory."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2) + "\n")
