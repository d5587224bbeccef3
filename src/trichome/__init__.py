"""Trichome: an OpenAI-compatible agent platform for the cannabis trade."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("trichome")
except PackageNotFoundError:  # running from a source tree that was not installed
    __version__ = "0.0.0+source"
