# The peer side of bench/bootstrap.ts: scipy.stats.bootstrap (paired, vectorized, BCa) on the
# units the bench sends, one request per line on stdin, one JSON answer per line on stdout,
# so the two tools are timed in the same process lifetime, alternately. Only the call is timed.
import json
import sys
import time

import numpy as np
import scipy
from scipy import stats


def relative_change(base, cand, axis=-1):
    b = np.sum(base, axis=axis)
    return (np.sum(cand, axis=axis) - b) / b


print(json.dumps({"ready": True, "scipy": scipy.__version__, "numpy": np.__version__}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    base = np.asarray(request["base"], dtype=float)
    cand = np.asarray(request["cand"], dtype=float)
    rng = np.random.default_rng(request["seed"])
    started = time.perf_counter()
    result = stats.bootstrap(
        (base, cand),
        relative_change,
        paired=True,
        vectorized=True,
        n_resamples=request["resamples"],
        confidence_level=request["confidence"],
        method="BCa",
        random_state=rng,
    )
    ms = (time.perf_counter() - started) * 1000
    ci = result.confidence_interval
    print(json.dumps({"ms": ms, "lower": float(ci.low), "upper": float(ci.high)}), flush=True)
