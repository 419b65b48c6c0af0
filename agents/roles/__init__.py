"""The role registry: role name -> Role class.

Imports happen when the registry is asked, not when this package is imported, so a role module
importing `agents.roles.base` never runs into a half-initialised package. A role whose module
is not part of this install (yet) is simply absent; a module that exists but fails to import is
an error worth seeing, so it is not hidden.
"""

from __future__ import annotations

import importlib
import importlib.util

from agents.roles.base import Role

# role name -> (module, class name)
ROLE_MODULES = {
    "proxy": ("agents.roles.proxy", "ProxyRole"),
    "injector": ("agents.roles.injector", "InjectorRole"),
    "target": ("agents.roles.target", "TargetRole"),
}


def available_roles() -> dict[str, type[Role]]:
    """Every role this install can play."""
    roles: dict[str, type[Role]] = {}
    for name, (module_name, class_name) in ROLE_MODULES.items():
        if importlib.util.find_spec(module_name) is None:
            continue
        role_class = getattr(importlib.import_module(module_name), class_name)
        roles[name] = role_class
    return roles


def role_class(name: str) -> type[Role]:
    """The class of role `name`; KeyError naming what this install offers when it is absent."""
    roles = available_roles()
    if name not in roles:
        raise KeyError(f"role {name!r} is not available in this install (available: {', '.join(roles)})")
    return roles[name]
