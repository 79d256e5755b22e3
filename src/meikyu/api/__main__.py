"""``python -m meikyu.api [options]``: the server on its own, the same as ``meikyu serve``."""

from __future__ import annotations

import argparse
import sys

from meikyu.api.cli import register
from meikyu.errors import InputError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m meikyu.api")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["serve", *(sys.argv[1:] if argv is None else argv)])
    try:
        return int(args.handler(args))
    except InputError as err:
        print(err.message("en"), file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
