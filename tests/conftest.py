"""Test configuration: no Hypothesis deadline (timings vary with the machine).

Helpers shared by the test modules (steered decks, brute-force references, random play) live
in ``helpers.py`` next to this file.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis.database import DirectoryBasedExampleDatabase

from tests.paths import ARTIFACTS

# The examples Hypothesis remembers live with the other artifacts, outside the checkout.
settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=DirectoryBasedExampleDatabase(str(ARTIFACTS / "hypothesis")),
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
