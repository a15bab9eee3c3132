"""``python -m yamskit``: the same as the ``yamskit`` command (see `yamskit.cli`)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
