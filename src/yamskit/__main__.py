"""``python -m yamskit``: the same as the ``yamskit`` command (see `yamskit.cli`), through the same entry point.

The entry point (``_yamskit_cli``, outside the package) also decides what a signal that
comes after the command has ended does: nothing, so that the command's own last line and
exit status stand.
"""

from _yamskit_cli import main

if __name__ == "__main__":
    raise SystemExit(main())
