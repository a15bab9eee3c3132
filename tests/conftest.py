"""Shared pytest configuration: hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) runs more examples, derandomized so CI is
reproducible; the default ``dev`` profile is quicker.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    max_examples=150,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
