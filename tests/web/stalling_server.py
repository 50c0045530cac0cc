"""``cardtable serve`` whose computer worker stops dead after claiming a job: it prints
``claimed <match id>`` and sleeps, holding the job's lease, so that a test can kill the
process exactly between the person's move and the computer's. For the fault tests only."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence

from cardtable.cli.main import main
from cardtable.store import Job
from cardtable.table import TableService
from cardtable.table.service import TurnFailed


def _stall(self: TableService, jobs: Sequence[Job], owner: str) -> list[TurnFailed | None]:
    for job in jobs:
        print(f"claimed {job.match_id} as {owner}", flush=True)
    time.sleep(3600)
    return [None] * len(jobs)


if __name__ == "__main__":
    TableService.run_claimed_many = _stall  # type: ignore[method-assign]
    sys.exit(main(sys.argv[1:]))
