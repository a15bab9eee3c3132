"""Shared pytest configuration: hypothesis profiles.

``HYPOTHESIS_PROFILE=ci`` (set by .ci/run) runs more examples, derandomized so CI is
reproducible; the default ``dev`` profile is quicker; ``mutation`` is small and derandomized
for mutation runs.
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
# Mutation runs (docs/how-to/mutation-testing.md): few examples, always the same ones, so a
# mutant's verdict does not depend on luck and the run stays short.
settings.register_profile(
    "mutation",
    max_examples=25,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
