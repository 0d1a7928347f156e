"""Hardware spec normalisation, so trivially different strings of one machine compare equal.

SPEC 6 awards +3 to a counted reproduction whose hardware differs from every earlier one
"after normalisation (GPU model and count, memory, OS family)". Free text such as
`8x NVIDIA A100-SXM4-80GB, Ubuntu 22.04` and `A100 80G x8, Linux` must land on the same key.

Decisions where the spec leaves room:
- The first recognised GPU model wins; vendor words (NVIDIA, Tesla, GeForce, ...) and form
  factors (SXM4, PCIe) are ignored. Plurals (`8 V100s`) count as the model. Unknown models give
  `gpu_model=None`, which is also what CPU-only machines get.
- The count is read from the part of the spec that names the GPU (`8x`, `8 x`, `x8`, `*8`,
  `×8`, `8 A100`, `8 GPUs`); a GPU named without one counts 1. For TPUs, `v4-32` reads as a
  count of 32 (the slice size).
- Memory is the GPU's memory per device: a figure in GB next to the model, else one elsewhere
  that is not labelled as RAM/system/host memory. For models sold with one memory size only
  (RTX 4090: 24 GB, T4: 16 GB, ...) the size is filled in when not stated, so `RTX 4090` and
  `GeForce RTX 4090 24GB` share a key; a stated figure always wins. Memory is `None` when no
  GPU model is recognised.
- The OS family comes from the text only (WSL and Colab count as linux); it is never guessed
  from the hardware.
- Never raises: junk gives `HardwareConfig(None, 0, None, None)`.
- Text is NFKC-folded and look-alike letters of other scripts (Cyrillic `А`, Greek `Α`, ...)
  read as their Latin twins, so `Ａ１００` and `А100` (Cyrillic A) are an A100.
- A machine named `CPU` (`CPU only`, `Xeon CPU, no GPU`) has `gpu_model="cpu"`: a different
  machine from any GPU one.
- Two specs are the same machine unless a part that *both* state differs (`same_machine`):
  `1x A100 80GB` and `1x A100 80GB, Ubuntu 22.04` are one machine, since only one states an OS.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from chalicelib.domain.look_alikes import fold_look_alikes

# Specs are at most 500 characters (SPEC 5); longer input is cut before parsing.
_MAX_PARSED_CHARS = 2_000


@dataclass(frozen=True)
class HardwareConfig:
    gpu_model: str | None  # canonical, e.g. "a100", "rtx4090", "mi250x", "tpuv4"
    gpu_count: int  # 1 when a GPU is named without a count; 0 when none
    memory_gb: int | None  # GPU memory per device
    os_family: str | None  # "linux", "macos", "windows" or None


_B = r"(?<![a-z0-9])"  # start of a token
_E = r"(?![a-z0-9])"  # end of a token

_NVIDIA_DATACENTER = (
    "gh200",
    "gb200",
    "b200",
    "b100",
    "h200",
    "h100",
    "h800",
    "a100",
    "a800",
    "a10g",
    "a10",
    "a30",
    "a40",
    "v100",
    "p100",
    "p40",
    "k80",
    "t4",
    "l4",
)


def _joined(prefix: str = "") -> Callable[[re.Match[str]], str]:
    return lambda match: prefix + "".join(group for group in match.groups() if group)


# (pattern, canonical name of its match); when several match, the leftmost one wins.
_GPU_PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(_B + r"l40s" + _E), _joined("l40s")),
    (re.compile(_B + r"l40" + _E), _joined("l40")),
    (re.compile(_B + r"rtx\s*-?\s*a(\d{4})" + _E), _joined("rtxa")),  # RTX A6000
    (re.compile(_B + r"titan\s*-?\s*(rtx|v|xp|x)" + _E), _joined("titan")),
    (re.compile(_B + r"(rtx|gtx)\s*-?\s*(\d{3,4})(?:\s*-?\s*(ti|super))?" + _E), _joined()),
    (re.compile(_B + r"(rx)\s*-?\s*(\d{4})(?:\s*-?\s*(xtx|xt))?" + _E), _joined()),
    (re.compile(_B + r"mi\s*-?\s*(\d{3})(x)?" + _E), _joined("mi")),
    # TPU slices: `TPU v4-32`; the slice size is read as the count.
    (re.compile(_B + r"tpu\s*-?\s*(v\d[a-z]?)(?=\s*-\s*\d|" + _E + ")"), _joined("tpu")),
    (re.compile(_B + r"apple\s+m([1-4])(?:\s*(pro|max|ultra))?" + _E), _joined("m")),
    (re.compile(_B + r"m([1-4])\s*(pro|max|ultra)" + _E), _joined("m")),
    *((re.compile(_B + name + r"s?" + _E), _joined(name)) for name in _NVIDIA_DATACENTER),
)
_TPU_SLICE = re.compile(r"\s*-\s*(\d{1,5})" + _E)

# Models sold with a single memory size (GB per device).
_FIXED_MEMORY_GB = {
    "rtx4090": 24,
    "rtx4080": 16,
    "rtx3090": 24,
    "rtx3090ti": 24,
    "rtx2080ti": 11,
    "gtx1080ti": 11,
    "titanrtx": 24,
    "rtxa6000": 48,
    "rtxa5000": 24,
    "t4": 16,
    "l4": 24,
    "l40": 48,
    "l40s": 48,
    "a10": 24,
    "a10g": 24,
    "a30": 24,
    "a40": 48,
    "h200": 141,
    "mi250x": 128,
    "mi300x": 192,
}

_VENDOR_WORDS = (
    r"(?:nvidia|amd|tesla|geforce|quadro|instinct|radeon|google|cloud|apple|intel|gpus?)"
)
_COUNT_BEFORE_MODEL = (
    re.compile(r"(?<![\d.])(\d{1,5})\s*x\s*(?:" + _VENDOR_WORDS + r"\s*[-:]?\s*)*$"),
    re.compile(r"(?<![\d.])(\d{1,5})\s+(?:" + _VENDOR_WORDS + r"\s*[-:]?\s*)*$"),
)
_COUNT_IN_SEGMENT = (
    re.compile(r"(?<![a-z0-9.])x\s*(\d{1,5})(?![\d.]|\s*(?:gb|gib|g)" + _E + ")" + _E),
    re.compile(r"(?<![a-z0-9.])(\d{1,5})\s*x" + _E),
    re.compile(r"(?<![a-z0-9.])(\d{1,5})\s*-?\s*(?:gpus?|cards?|devices?|accelerators?)" + _E),
)
_MEMORY = re.compile(
    r"(?<![a-z0-9.])(\d{1,4})\s*(?:gb|gib|g)" + _E + r"(?P<label>\s*(?:of\s+)?[a-z]+)?"
)
_NOT_GPU_MEMORY = {"ram", "ddr", "ddr4", "ddr5", "system", "host", "cpu", "disk", "ssd", "nvme"}
_SEGMENT_SPLIT = re.compile(r"[,;/|+\n]")

_OS_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(_B + r"wsl\d?" + _E), "linux"),
    (re.compile(_B + r"(?:mac\s*os|osx|os\s*x|darwin|macbook|sonoma|ventura|sequoia)"), "macos"),
    (re.compile(_B + r"(?:windows|win\s*(?:10|11)|win32|win64)" + _E), "windows"),
    (
        re.compile(
            _B + r"(?:linux|ubuntu|debian|centos|rhel|red\s*hat|rocky|alma(?:linux)?|fedora|"
            r"arch\s*linux|manjaro|suse|opensuse|sles|amazon\s*linux|al2|gentoo|nixos|"
            r"colab|kaggle)" + _E
        ),
        "linux",
    ),
)


def fold(spec: str) -> str:
    """NFKC, then look-alike letters read as Latin ones."""
    return fold_look_alikes(unicodedata.normalize("NFKC", spec))


_CPU_ONLY = re.compile(r"(?<![a-z0-9])(?:cpu|cpus|no\s+gpu|cpu[-\s]only)(?![a-z0-9])")


def _prepare(spec: str) -> str:
    text = fold(spec[:_MAX_PARSED_CHARS]).lower()
    text = text.replace("×", " x ").replace("✕", " x ").replace("*", " x ")
    # `8xA100` -> `8 x a100`; `a100x8` -> `a100 x 8` (but leave `rtx4090` alone).
    text = re.sub(r"(?<![\d.])(\d{1,5})x(?=[a-z])", r"\1 x ", text)
    return re.sub(r"(?<=\d)x(\d{1,5})(?![\d.])", r" x \1", text)


def _find_model(text: str) -> tuple[str, re.Match[str]] | None:
    best: tuple[int, str, re.Match[str]] | None = None
    for pattern, canonical in _GPU_PATTERNS:
        match = pattern.search(text)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), canonical(match), match)
    return None if best is None else (best[1], best[2])


def _segment_bounds(text: str, position: int) -> tuple[int, int]:
    start = 0
    for separator in _SEGMENT_SPLIT.finditer(text):
        if separator.start() >= position:
            return start, separator.start()
        start = separator.end()
    return start, len(text)


def _positive(number: str) -> int | None:
    value = int(number)
    return value if value >= 1 else None


def _find_count(text: str, model: str, match: re.Match[str]) -> int:
    if model.startswith("tpu"):
        slice_size = _TPU_SLICE.match(text, match.end())
        if slice_size and (count := _positive(slice_size.group(1))):
            return count
    seg_start, seg_end = _segment_bounds(text, match.start())
    before = text[seg_start : match.start()]
    for pattern in _COUNT_BEFORE_MODEL:
        found = pattern.search(before)
        if found and (count := _positive(found.group(1))):
            return count
    segment = text[seg_start:seg_end]
    for pattern in _COUNT_IN_SEGMENT:
        for found in pattern.finditer(segment):
            if count := _positive(found.group(1)):
                return count
    for found in _COUNT_IN_SEGMENT[2].finditer(text):
        if count := _positive(found.group(1)):
            return count
    return 1


def _gpu_memory(segment: str) -> int | None:
    for found in _MEMORY.finditer(segment):
        label = (found.group("label") or "").split()
        if label and label[-1] in _NOT_GPU_MEMORY:
            continue
        value = int(found.group(1))
        if value > 0:
            return value
    return None


def _find_memory(text: str, model: str, match: re.Match[str]) -> int | None:
    seg_start, seg_end = _segment_bounds(text, match.start())
    stated = _gpu_memory(text[seg_start:seg_end])
    if stated is None:
        for segment in _SEGMENT_SPLIT.split(text):
            if _find_model(segment) is None:
                stated = _gpu_memory(segment)
                if stated is not None:
                    break
    return stated if stated is not None else _FIXED_MEMORY_GB.get(model)


def _find_os(text: str) -> str | None:
    for pattern, family in _OS_PATTERNS:
        if pattern.search(text):
            return family
    return None


def normalise_hardware(spec: str) -> HardwareConfig:
    """Read GPU model and count, GPU memory and OS family from a free-text hardware spec."""
    if not isinstance(spec, str):
        return HardwareConfig(gpu_model=None, gpu_count=0, memory_gb=None, os_family=None)
    text = _prepare(spec)
    os_family = _find_os(text)
    found = _find_model(text)
    if found is None:
        cpu = "cpu" if _CPU_ONLY.search(text) else None
        return HardwareConfig(gpu_model=cpu, gpu_count=0, memory_gb=None, os_family=os_family)
    model, match = found
    return HardwareConfig(
        gpu_model=model,
        gpu_count=_find_count(text, model, match),
        memory_gb=_find_memory(text, model, match),
        os_family=os_family,
    )


def hardware_key(spec: str) -> str:
    """A stable string of the normalised config, equal for cosmetic variants of one machine.

    Format: `gpu=a100;count=8;mem=80;os=linux`, with `none` for no GPU and `?` for unknown
    memory or OS.
    """
    config = normalise_hardware(spec)
    memory = "?" if config.memory_gb is None else str(config.memory_gb)
    return (
        f"gpu={config.gpu_model or 'none'};count={config.gpu_count};"
        f"mem={memory};os={config.os_family or '?'}"
    )


def same_machine(a: HardwareConfig, b: HardwareConfig) -> bool:
    """The same machine unless a part both specs state differs: GPU model (and, for two GPU
    machines, count and memory) and OS family. A part one spec leaves out is no difference."""
    if a.gpu_model and b.gpu_model and a.gpu_model != b.gpu_model:
        return False
    if a.gpu_model and b.gpu_model and a.gpu_model != "cpu":
        if a.gpu_count != b.gpu_count:
            return False
        if a.memory_gb is not None and b.memory_gb is not None and a.memory_gb != b.memory_gb:
            return False
    return not (a.os_family and b.os_family and a.os_family != b.os_family)
