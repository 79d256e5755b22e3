"""RSS stays flat under a flood of distinct requests (issue 16 §2; the full run is benchmarks/soak.py).

The hot path answers 80,000 queries: 4,000 distinct MK checks rolled again and again (so every
command's result memo fills, which grew without bound before: ~2 GB projected), big and small sums.
Memory after the caches fill must stop growing: their bytes are bounded, not their entries.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[2]


def test_rss_stays_flat_over_80000_distinct_requests() -> None:
    script = ("import json, sys; sys.path.insert(0, 'benchmarks'); from soak import soak; "
              "print(json.dumps(soak(80_000, samples=8)))")
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    rss = json.loads(out.stdout)
    assert rss[-1] - rss[2] < 6, rss  # before the byte bounds: +20 MiB over the same stretch, and climbing
