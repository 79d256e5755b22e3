"""Property-based fuzzing of the whole API from its own OpenAPI document (schemathesis, in-process ASGI).

Every generated request, valid or not, must get a documented 2xx/4xx JSON answer: never a 5xx, never a
response that breaks the documented schema. Bounded so the module runs in seconds.
"""

from __future__ import annotations

import tempfile

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis import GenerationMode  # noqa: E402
from schemathesis.checks import (  # noqa: E402
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from meikyu.api.app import create_app  # noqa: E402
from meikyu.api.config import ApiConfig  # noqa: E402

# The games routes keep what the fuzzer creates in a throwaway data folder.
# thousands of requests from one client: the per-address /v2 limit (tests/games/test_socket_limits.py) off
APP = create_app(ApiConfig(body_timeout=2.0, data_dir=tempfile.mkdtemp(prefix="meikyu-fuzz-"), v2_rate=0.0))
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)
schema.config.generation.update(modes=[GenerationMode.POSITIVE, GenerationMode.NEGATIVE])

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_server_errors(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=CHECKS)
