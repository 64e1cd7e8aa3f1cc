"""The package's version, from its installed metadata."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("reckon-client")
except PackageNotFoundError:  # run from a source tree that was never installed
    __version__ = "0+unknown"
