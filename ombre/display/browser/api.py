"""One entry point for the worker: ``call("module.function", params_json) -> answer_json``.

A method is a function named in the ``METHODS`` of a module of this package; its keyword
arguments come from the JSON object, and it returns something JSON can carry. A problem the
reader can act on (an :class:`~ombre.errors.OmbreError`, a bad argument) comes back as
``{"error": message}``; the page shows the message.

>>> import json
>>> json.loads(call("records.check", json.dumps({"text": "[Deal \\"x\\"]"})))["problems"][0]["line"]
1
>>> json.loads(call("nowhere.at_all", "{}"))
{'error': "no live method 'nowhere.at_all'"}
>>> json.loads(call("records.check", "[1]"))
{'error': 'the parameters of records.check must be a JSON object'}
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable
from typing import Any

from ombre.errors import OmbreError

__all__ = ["call", "method"]

_NAME = re.compile(r"([a-z][a-z_]*)\.([a-z][a-z_]*)")


def method(name: str) -> Callable[..., Any]:
    """The function behind ``name`` (``"module.function"``), or an :class:`OmbreError`."""
    m = _NAME.fullmatch(name)
    if m is None:
        raise OmbreError(f"no live method {name[:60]!r}")
    try:
        module = importlib.import_module(f"ombre.display.browser.{m[1]}")
    except ModuleNotFoundError:
        raise OmbreError(f"no live method {name!r}") from None
    found = getattr(module, "METHODS", {}).get(m[2])
    if found is None:
        raise OmbreError(f"no live method {name!r}")
    return found  # type: ignore[no-any-return]


def call(name: str, params_json: str) -> str:
    """Run one method on JSON parameters; the answer (or ``{"error": ...}``) as JSON."""
    try:
        function = method(name)
        params = json.loads(params_json)
        if not isinstance(params, dict):
            raise OmbreError(f"the parameters of {name} must be a JSON object")
        answer = function(**params)
    except (OmbreError, ValueError) as exc:
        return json.dumps({"error": str(exc)})
    except TypeError as exc:  # a missing or unknown parameter
        return json.dumps({"error": f"{name}: {exc}"})
    return json.dumps(answer)
