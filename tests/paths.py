"""Where the tests find the repository and where they may write.

Tests write nothing into the source tree: screenshots and other artifacts go to
``$CARDTABLE_ARTIFACTS`` (default: ``cardtable-artifacts`` in the system's temporary folder),
where a person can open them after a run.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(
    os.environ.get("CARDTABLE_ARTIFACTS") or Path(tempfile.gettempdir()) / "cardtable-artifacts"
)
SCREENSHOTS = ARTIFACTS / "screenshots"
