"""``yamskit check``: verify game records, one line or one JSON report per file; or a claimed position."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import YamskitError
from ..records import check_position, check_record
from .common import CliError, read_file
from .output import quiet_stdout, safe

__all__ = ["check_command"]


def _check_position(args: argparse.Namespace) -> int:
    """``yamskit check --position``: reachable (0) with the game found, unreachable (1) with the rule."""
    if args.files:
        raise CliError("give either record files or --position NOTATION, not both")
    report = check_position(args.position)
    if args.json:
        print(json.dumps(report.to_data(), indent=2))
    else:
        print(safe(report.summary()))
        if args.witness:
            for line in report.witness_lines():
                print(safe(line))
    return 0 if report.reachable else 1


def check_command(args: argparse.Namespace) -> int:
    """``yamskit check``: one report per file; 0 all valid, 1 some illegal, 2 some unreadable."""
    if args.position is not None:
        return _check_position(args)
    if not args.files:
        raise CliError("give the record FILE(s) to check, or --position NOTATION")
    if args.witness:
        raise CliError("--witness goes with --position")
    worst = 0
    found = []
    done = 0
    try:
        for path in args.files:
            done += 1
            try:
                report = check_record(read_file(path), strict_dice=args.strict_dice)
            except YamskitError as error:
                worst = 2
                found.append({"file": path, "error": str(error)})
                if not args.json:
                    print(safe(f"{path}: bad record: {error}"))
                continue
            valid = report.valid and (report.finished or not args.require_finished)
            if not valid:
                worst = max(worst, 1)
            found.append({"file": path, **report.to_data()})
            if args.json:
                continue
            line = report.summary()
            if report.valid and not valid:
                line = f"unfinished game (--require-finished): {line}"
            print(safe(f"{path}: {line}"))
            if args.verbose and report.index is not None:
                print("State before that move:")
                print("\n".join(safe(text) for text in report.state.render().splitlines()))
        if args.json:
            print(json.dumps(found, indent=2))  # ASCII only: names are escaped
        sys.stdout.flush()
    except BrokenPipeError:
        quiet_stdout()
        left = len(args.files) - done
        print(
            f"yamskit: error: output closed before every report was written ({left} file(s) not checked)",
            file=sys.stderr,
        )
        return 2
    return worst
