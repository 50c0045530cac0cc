"""``python -m cardtable``: the ``cardtable`` command, for an interpreter without the script
installed on its path (another user's, a container's)."""

import sys

from cardtable.cli.main import main

sys.exit(main())
