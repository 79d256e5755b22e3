"""``python -m meikyu`` is the ``meikyu`` command."""

from meikyu.cli import main

raise SystemExit(main())
