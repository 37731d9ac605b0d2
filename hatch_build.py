"""The wheel's build hook: the modules listed in ``cardrules/tools/native_build.py``
compiled with mypyc where a C compiler and Python's headers are present, a pure-Python
wheel otherwise (and after any failure to compile, said in the build log),
``CARDRULES_PURE=1`` to ask for the pure one, editable installs always pure.  What to
compile and how is in that module (read here by its path: cardrules itself is not
importable while it is being built).  The compiled wheel keeps every ``.py`` source beside
the extension modules added here: ``CARDRULES_PURE=1`` at run time imports those sources
instead (the pure build from a compiled install, which the bench measures beside it)."""

from __future__ import annotations

import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _native_build(root: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "_cardrules_native_build", Path(root) / "cardrules" / "tools" / "native_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class CompiledHotPath(BuildHookInterface):  # type: ignore[misc, type-arg, unused-ignore]
    """Compiles the hot path into the wheel, or says in the log why the wheel is pure."""

    def _pure_reason(self, *, editable: bool) -> str | None:
        build = _native_build(self.root)
        reason: str | None = build.pure_reason(
            environ=os.environ, editable=editable, compiler=build.find_compiler(),
            headers=build.has_python_headers())
        return reason

    def dependencies(self) -> list[str]:
        """mypy, setuptools, stubs and cardrules' own dependencies, when compiling."""
        if self._pure_reason(editable=False) is not None:
            return []
        build = _native_build(self.root)
        return [*build.BUILD_REQUIRES, *self.metadata.core.dependencies]

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile in a scratch copy of the sources and add the extension files."""
        reason = self._pure_reason(editable=version == "editable")
        if reason is not None:
            self.app.display_info(f"cardrules: pure-Python wheel ({reason})")
            return
        build = _native_build(self.root)
        scratch = Path(tempfile.mkdtemp(prefix="cardrules-mypyc-"))
        self._scratch = scratch
        shutil.copytree(Path(self.root) / "cardrules", scratch / "cardrules",
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        self.app.display_info(f"cardrules: compiling {len(build.COMPILED)} modules with "
                              "mypyc (CARDRULES_PURE=1 builds the pure-Python wheel)")
        built = build.compile_modules(scratch, log=self.app.display_warning,
                                      cache=build.cache_dir(scratch, build.COMPILED))
        if built is None:
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        for path in built:
            build_data["force_include"][str(scratch / path)] = path
        self.app.display_info(f"cardrules: compiled {', '.join(build.COMPILED)}")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        """Delete the scratch copy once the wheel is written."""
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
