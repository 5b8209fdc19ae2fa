"""The native core's tests run only where the core is installed (`pip install ./native`).

Where `NUMRULES_REQUIRE_NATIVE=1` (`.ci/run` sets it), a missing core is an error, not
a reason to skip.
"""

import os

from numrules import native

if not native.available():
    if os.environ.get("NUMRULES_REQUIRE_NATIVE") == "1":
        raise RuntimeError("NUMRULES_REQUIRE_NATIVE=1, but the native core is not installed")
    collect_ignore_glob = ["test_*.py"]
