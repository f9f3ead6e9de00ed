"""What the host CPU offers that tile sizes depend on: vector width, caches, cores."""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class HostCPU:
    """The facts about a CPU that code generation needs; `fingerprint` keys compile caches."""

    vector_bits: int  # widest SIMD register the code may use (512 for AVX-512, 256 for AVX2)
    vector_registers: int  # how many of them (32 with AVX-512, 16 otherwise)
    l1d_bytes: int
    l2_bytes: int
    cores: int  # cores this process may run on (its affinity mask)

    def lanes(self, element_bits: int) -> int:
        """Elements of `element_bits` bits that fit in one vector register."""
        return max(1, self.vector_bits // element_bits)

    @property
    def fingerprint(self) -> str:
        return f"v{self.vector_bits}r{self.vector_registers}l1{self.l1d_bytes}l2{self.l2_bytes}"


def _cpu_flags() -> set[str]:
    try:
        text = Path("/proc/cpuinfo").read_text()
    except OSError:
        return set()
    for line in text.splitlines():
        if line.startswith(("flags", "Features")):
            return set(line.split(":", 1)[1].split())
    return set()


def _cache_bytes(level: int, default: int) -> int:
    # sysfs describes the caches of cpu0; every core of the machines we target is alike.
    root = Path("/sys/devices/system/cpu/cpu0/cache")
    for index in sorted(root.glob("index*")):
        try:
            if int((index / "level").read_text()) != level:
                continue
            if (index / "type").read_text().strip() == "Instruction":
                continue
            size = (index / "size").read_text().strip().upper()
        except (OSError, ValueError):
            continue
        scale = {"K": 1024, "M": 1024 * 1024}.get(size[-1:], 1)
        return int(size.rstrip("KM")) * scale
    return default


@functools.cache
def detect_host() -> HostCPU:
    """The CPU this process runs on (cached: it does not change while we run)."""
    flags = _cpu_flags()
    if "avx512f" in flags:
        bits, regs = 512, 32
    elif "avx2" in flags or "avx" in flags:
        bits, regs = 256, 16
    elif "asimd" in flags or "sse2" in flags:
        bits, regs = 128, 16 if "sse2" in flags else 32
    else:
        bits, regs = 128, 16
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return HostCPU(
        vector_bits=bits,
        vector_registers=regs,
        l1d_bytes=_cache_bytes(1, 32 * 1024),
        l2_bytes=_cache_bytes(2, 512 * 1024),
        cores=cores,
    )
