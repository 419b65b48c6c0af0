"""A self-signed certificate for `haproxy -c`: a `bind ... ssl crt FILE` line is only checked
when FILE exists and holds a certificate and its key, so the validator writes one of these for
every certificate name a spec refers to. It never serves traffic.
"""

from __future__ import annotations

from functools import lru_cache

from backend.labs.certificates import self_signed


@lru_cache(maxsize=1)
def throwaway_pem() -> bytes:
    """Certificate + private key in one PEM (the bundle haproxy's `crt` expects).

    One per process is enough: the content never matters, only that haproxy can load it.
    """
    return self_signed("haplab-validate.invalid").bundle().encode()
