"""Suite-wide settings: Hypothesis profiles.

``dev`` (the default) keeps property tests quick on a laptop; ``ci`` runs the full 1000
examples per property. ``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``; so can anyone locally.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
