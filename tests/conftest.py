"""Suite-wide settings: Hypothesis profiles.

``dev`` (the default) keeps property tests quick on a laptop; ``ci`` runs the full 1000
examples per property. ``.ci/run`` sets ``HYPOTHESIS_PROFILE=ci``; so can anyone locally.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile(
    "dev", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


#: Test modules that define a module-scoped fixture of their own (a server, a cluster, a browser on a fixed port).
SHARED_FIXTURE = re.compile(r"@pytest\.fixture\([^)]*scope=\"module\"")


def _modules_sharing_a_fixture(root: Path) -> set[str]:
    """The test files (relative to ``root``) whose tests share a module-scoped fixture they define."""
    return {
        path.relative_to(root).as_posix()
        for path in (root / "tests").rglob("test_*.py")
        if SHARED_FIXTURE.search(path.read_text(encoding="utf-8"))
    }


def pytest_xdist_make_scheduler(config, log):
    """Under pytest-xdist with ``--dist loadgroup``: each test goes to whichever worker is free, except that a
    module sharing a module-scoped fixture of its own runs on one worker, so the fixture is set up once.

    (pytest-xdist's own ``loadgroup`` reads ``xdist_group`` marks by renaming node ids, which pytest 9 no
    longer allows; this scheduler groups by file instead, from the module's source.)
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    shared = _modules_sharing_a_fixture(Path(str(config.rootpath)))

    class SharedFixturesStayTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return module if module in shared else nodeid

    return SharedFixturesStayTogether(config, log)
