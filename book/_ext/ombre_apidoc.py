"""Sphinx extension for the book's API reference (``book/reference/api.md``), made by autosummary.

autosummary writes one page per module, from the package tree, into ``book/reference/api/``
(:data:`GENERATED`, not kept in git): the folder is emptied when a build starts, so a module
that was moved or removed leaves no page behind, and sphinx-external-toc, which drops every page
missing from ``_toc.yml`` that it finds at that moment, finds none of them.

A name is documented once, where it is defined (``__module__``); a package that re-exports names
(a facade such as ``ombre``) lists them as links (``ombre-reexports``). A cross-reference that
names an object by a path it is re-exported under (``ombre.engine.record.GameRecord``), or by a
bare name its module imports, perhaps only for type checking (``:class:`RecordError```), is
resolved to where the object is documented (:class:`CanonicalTargets`); one that still resolves
to nothing is an error, as ever with ``-n -W``. Only references to the standard library and to
the libraries the display imports are left unlinked (the build is offline: no intersphinx).

autosummary's tables are read as the book's other tables: each has a caption
(``:table-caption:``) and its names are the rows' headers. An entry shows what a reader needs:
a widget's own signature, not traitlets' ``(*args, **kwargs)``; an enumeration's members, not
``Enum.__call__``'s signature; no ``Bases: object``; a constant's value unless it is long.
"""

from __future__ import annotations

import ast
import builtins
import enum
import functools
import importlib
import inspect
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.ext import autodoc
from sphinx.ext.autosummary import Autosummary
from sphinx.pycode import ModuleAnalyzer
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective
from sphinx.util.inspect import object_description

#: where autosummary writes the module pages (the ``:toctree:`` of ``book/reference/api.md``)
GENERATED = Path("book") / "reference" / "api"

#: the longest value of a constant that its entry shows
MAX_VALUE_LENGTH = 120

#: packages outside the standard library that the package's signatures name
THIRD_PARTY = ("ipywidgets", "IPython", "matplotlib", "traitlets", "pygments")


def external_targets() -> str:
    """A pattern for the objects of the standard library (``collections.abc.Sequence``,
    ``fractions.Fraction``, ``ValueError``) and of :data:`THIRD_PARTY`: targets with no page here.

    >>> import re
    >>> [bool(re.fullmatch(external_targets(), t)) for t in ("typing.Any", "ValueError", "ombre.Card")]
    [True, True, False]
    """
    roots = sorted({*sys.stdlib_module_names, *THIRD_PARTY} - {"__future__"})
    names = sorted(n for n in dir(builtins) if not n.startswith("_"))
    return rf"(?:{'|'.join(map(re.escape, roots))})\..+|(?:{'|'.join(names)})"


def _set_up(app: Sphinx, config: Config) -> None:
    shutil.rmtree(Path(app.srcdir) / GENERATED, ignore_errors=True)
    # an ipywidgets widget's signature is its own ``__init__``'s, not traitlets' ``(*args, **kwargs)``
    if "traitlets.traitlets.HasDescriptors.__new__" not in autodoc._CLASS_NEW_BLACKLIST:
        autodoc._CLASS_NEW_BLACKLIST.append("traitlets.traitlets.HasDescriptors.__new__")
    pattern = external_targets()
    config.nitpick_ignore_regex = [
        *config.nitpick_ignore_regex,
        *((f"py:{role}", pattern) for role in ("class", "exc", "obj", "func", "meth", "data", "mod")),
    ]


class DataDocumenter(autodoc.DataDocumenter):
    """A constant with its value, unless the value is long (a style sheet, 40 cards): then its type."""

    def should_suppress_value_header(self) -> bool:
        long = len(object_description(self.object)) > MAX_VALUE_LENGTH
        return long or bool(super().should_suppress_value_header())


def _no_object_base(app: Sphinx, name: str, obj: Any, options: Any, bases: list[type]) -> None:
    if bases == [object]:
        bases.clear()


def _no_enum_signature(
    app: Sphinx, what: str, name: str, obj: Any, options: Any, signature: str | None, annotation: str | None
) -> tuple[str, str | None] | None:
    """An enumeration without the signature of ``Enum.__call__`` (its members are listed)."""
    if what == "class" and isinstance(obj, type) and issubclass(obj, enum.Enum):
        return "", annotation
    return None


@functools.cache
def _import(path: str) -> Any:
    """The object at a dotted path (``ombre.engine.record.GameRecord``), or None."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


@functools.cache
def _type_checking_imports(module: str) -> dict[str, str]:
    """The names a module imports only for type checking (``if TYPE_CHECKING:``), with their paths."""
    try:
        tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    except (ImportError, OSError, TypeError):
        return {}
    paths = {}
    for block in ast.walk(tree):
        if isinstance(block, ast.If) and ast.unparse(block.test).endswith("TYPE_CHECKING"):
            for stmt in block.body:
                if isinstance(stmt, ast.ImportFrom) and stmt.module:
                    paths |= {a.asname or a.name: f"{stmt.module}.{a.name}" for a in stmt.names}
    return paths


def _referred_to(node: pending_xref) -> tuple[str, Any]:
    """The dotted path a reference names and the object there (None if there is none): a bare name
    is looked up as the module it is written in has it, at run time or for type checking."""
    target: str = node["reftarget"]
    module = node.get("py:module") or ""
    if target.startswith("ombre.") or not module:
        return target, _import(target)
    head, _, rest = target.partition(".")
    path = _type_checking_imports(module).get(head)
    if path is not None:
        target = f"{path}.{rest}" if rest else path
        return target, _import(target)
    return target, _import(f"{module}.{target}")


def _canonical(obj: Any, target: str, documented: dict[str, list[str]]) -> str | None:
    """Where ``obj`` is defined (``ombre.engine.record.GameRecord`` is ``...record.model.GameRecord``);
    a constant, which does not know its module, is the documented one of that name that it is."""
    if inspect.ismodule(obj):
        return obj.__name__
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    named = isinstance(module, str) and isinstance(qualname, str)
    if named and (inspect.isclass(obj) or inspect.isroutine(obj)):
        return f"{module}.{qualname}"
    found = [name for name in documented.get(target.rsplit(".", 1)[-1], ()) if _import(name) is obj]
    return found[0] if len(found) == 1 else None


class CanonicalTargets(SphinxPostTransform):
    """Each Python cross-reference made to name the object where it is documented, the place it is
    defined, before Sphinx resolves it (a target named by a re-export, or by a bare name that the
    module imports, or imports only for type checking); a reference to the standard library or a
    library is made to name it there, so that it is one of the targets left unlinked."""

    default_priority = 5  # before Sphinx resolves references (10)

    def run(self, **kwargs: Any) -> None:
        objects = self.env.get_domain("py").objects  # type: ignore[attr-defined]
        documented: dict[str, list[str]] = {}
        for name in objects:
            documented.setdefault(name.rsplit(".", 1)[-1], []).append(name)
        for node in self.document.findall(pending_xref):
            if node.get("refdomain") != "py":
                continue
            target, obj = _referred_to(node)
            canonical = _canonical(obj, target, documented) if obj is not None else None
            if canonical and (canonical in objects or not canonical.startswith("ombre")):
                node["reftarget"] = canonical


class _DeferredToctree(nodes.Element):
    """Holds an autosummary toctree until sphinx-external-toc has looked for toctrees in the page."""


class _InsertDeferredToctrees(SphinxTransform):
    default_priority = 200  # after sphinx-external-toc's (100), before the doctree is read (880)

    def apply(self, **kwargs: Any) -> None:
        for node in list(self.document.findall(_DeferredToctree)):
            node.replace_self(node.toctree)


class ApiSummary(Autosummary):
    """autosummary's table, with a caption (``:table-caption:``) and the names as row headers; a
    reference in a summary is read in the module the summary comes from, not the page's.

    The pages its ``:toctree:`` makes are in no ``_toc.yml`` (the package's tree decides them), so
    its toctree joins the page after sphinx-external-toc's check that no page has one of its own.
    """

    option_spec = {**Autosummary.option_spec, "table-caption": directives.unchanged_required}

    def run(self) -> list[nodes.Node]:
        result = super().run()
        for node in result:
            for toctree in list(node.findall(addnodes.toctree)):
                deferred = _DeferredToctree()
                deferred.toctree = toctree
                toctree.replace_self(deferred)
        return result

    def get_table(self, items: list[tuple[str, str, str, str]]) -> list[nodes.Node]:
        table = next(iter(super().get_table(items)[1].findall(nodes.table)))
        table.insert(0, nodes.title("", self.options.get("table-caption", "")))
        next(iter(table.findall(nodes.colspec)))["stub"] = 1
        for row, (_, _, _, real_name) in zip(table.findall(nodes.row), items, strict=True):
            obj, (module, _, name) = _import(real_name), real_name.rpartition(".")
            for ref in row[1].findall(pending_xref):
                ref["py:module"] = real_name if inspect.ismodule(obj) else module
                ref["py:class"] = name if inspect.isclass(obj) else None
        return [table]


def _defined_in(module: ModuleType, name: str) -> bool:
    """Whether a name of ``module`` is described on its page: a class or function defined there, a
    constant with its ``#:`` comment there (a constant does not know its module); or a module."""
    obj = getattr(module, name)
    if inspect.isclass(obj) or inspect.isroutine(obj):
        return bool(obj.__module__ == module.__name__)
    documented = ModuleAnalyzer.for_module(module.__name__).find_attr_docs()
    return inspect.ismodule(obj) or ("", name) in documented


class Reexports(SphinxDirective):
    """The names a package re-exports (in its ``__all__``, defined elsewhere), as links to them."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        module = importlib.import_module(self.arguments[0])
        names = [name for name in getattr(module, "__all__", ()) if not _defined_in(module, name)]
        if not names:
            return []
        links = ", ".join(f":py:obj:`~{module.__name__}.{name}`" for name in names)
        return self.parse_text_to_nodes(f"``{module.__name__}`` re-exports: {links}.")


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx.ext.autosummary")
    app.connect("config-inited", _set_up, priority=800)  # before sphinx-external-toc reads the tree
    app.add_post_transform(CanonicalTargets)
    app.add_autodocumenter(DataDocumenter, override=True)
    app.connect("autodoc-process-bases", _no_object_base)
    app.connect("autodoc-process-signature", _no_enum_signature)
    app.add_directive("autosummary", ApiSummary, override=True)
    app.add_directive("ombre-reexports", Reexports)
    app.add_transform(_InsertDeferredToctrees)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
