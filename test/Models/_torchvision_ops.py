"""Makes `import torchvision` work where its compiled extension cannot load.

PyPI's Linux torchvision wheels are CUDA builds: their `torchvision/_C.so` links libtorch_cuda.so, which the
CPU build of torch (torch==2.13.0+cpu, this project's) does not ship, so the extension does not load. The
models need none of its ops (nms, roi_align...: detection only), but torchvision 0.28 registers fake kernels
for `torchvision::nms` and `::qnms` at import without checking that the extension loaded, and that import
fails ("operator torchvision::nms does not exist"); transformers imports torchvision when it is installed,
so it fails too. Defining the two schemas (torchvision's own, csrc/ops/nms.cpp) before the import lets those
registrations succeed; the ops have no kernel, so a model that calls them fails loudly instead of running.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

import torch

_SCHEMAS = {
    "nms": "nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
    "qnms": "qnms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor",
}


@functools.cache
def prepare() -> str:
    """Call before importing torchvision or transformers: '' if torchvision's extension loads (or torchvision is
    absent), else why not (the schemas are then defined here)."""
    spec = importlib.util.find_spec("torchvision")
    if spec is None or not spec.submodule_search_locations:
        return ""
    folder = Path(list(spec.submodule_search_locations)[0])
    libraries = sorted(folder.glob("_C*.so"))
    if not libraries:
        return ""
    try:
        torch.ops.load_library(str(libraries[0]))
        return ""
    except OSError as exc:
        why = f"torchvision's extension does not load ({exc.__cause__ or exc})"
    library = torch.library.Library("torchvision", "DEF")  # noqa: TOR901 - the schemas only
    for schema in _SCHEMAS.values():
        library.define(schema)
    prepare.library = library  # kept alive: the definitions live as long as the Library object
    return why
