"""The package version (single source for pyproject and ``yamskit.__version__``)."""

__version__ = "0.3.0"
