"""`python -m agents` is `haplab-agent`."""

import sys

from agents.main import main

sys.exit(main())
