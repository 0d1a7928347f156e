"""Hardware spec normalisation (SPEC 6: the hardware bonus compares normalised configs)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from chalicelib.domain.hardware import (
    HardwareConfig,
    hardware_key,
    normalise_hardware,
    same_machine,
)


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("8x NVIDIA A100-SXM4-80GB, Ubuntu 22.04", HardwareConfig("a100", 8, 80, "linux")),
        ("8 x a100 80gb / ubuntu 20.04 LTS", HardwareConfig("a100", 8, 80, "linux")),
        ("A100 80G x8, Linux", HardwareConfig("a100", 8, 80, "linux")),
        ("1x A100 80GB", HardwareConfig("a100", 1, 80, None)),
        ("A100 40GB", HardwareConfig("a100", 1, 40, None)),
        ("4 * V100", HardwareConfig("v100", 4, None, None)),
        ("V100 x4", HardwareConfig("v100", 4, None, None)),
        ("4xV100", HardwareConfig("v100", 4, None, None)),
        ("Tesla V100-SXM2-32GB ×4", HardwareConfig("v100", 4, 32, None)),
        ("8 V100s on CentOS 7", HardwareConfig("v100", 8, None, "linux")),
        ("2 A100 GPUs", HardwareConfig("a100", 2, None, None)),
        ("nvidia-smi: 4 GPUs, H100 80GB HBM3", HardwareConfig("h100", 4, 80, None)),
        ("gpu: a100x8 (80 GB)", HardwareConfig("a100", 8, 80, None)),
        ("Ubuntu 22.04 A100", HardwareConfig("a100", 1, None, "linux")),
        (
            "2x Intel Xeon 8380, 8x A100 40GB, 1TB RAM, 512GB DDR4",
            HardwareConfig("a100", 8, 40, None),
        ),
        ("A100, 512 GB RAM", HardwareConfig("a100", 1, None, None)),
        ("RTX 4090", HardwareConfig("rtx4090", 1, 24, None)),
        ("GeForce RTX 4090 24GB, Windows 11", HardwareConfig("rtx4090", 1, 24, "windows")),
        ("2x RTX 3090 Ti, WSL2", HardwareConfig("rtx3090ti", 2, 24, "linux")),
        ("NVIDIA RTX A6000", HardwareConfig("rtxa6000", 1, 48, None)),
        ("T4 (Colab)", HardwareConfig("t4", 1, 16, "linux")),
        ("NVIDIA L4, Debian 12", HardwareConfig("l4", 1, 24, "linux")),
        ("NVIDIA L40S x 2", HardwareConfig("l40s", 2, 48, None)),
        ("AMD Instinct MI250X x 4, Rocky Linux 9", HardwareConfig("mi250x", 4, 128, "linux")),
        ("Google Cloud TPU v4-32", HardwareConfig("tpuv4", 32, None, None)),
        ("TPU v4", HardwareConfig("tpuv4", 1, None, None)),
        ("Apple M2 Max 96GB, macOS 14", HardwareConfig("m2max", 1, 96, "macos")),
        ("CPU only, 64GB RAM, Ubuntu 22.04", HardwareConfig("cpu", 0, None, "linux")),
        ("MacBook Pro, no GPU", HardwareConfig("cpu", 0, None, "macos")),
        ("Xeon Gold CPUs", HardwareConfig("cpu", 0, None, None)),
    ],
)
def test_specs_normalise_to_model_count_memory_and_os(spec: str, expected: HardwareConfig) -> None:
    # Given a free-text hardware spec
    # When it is normalised
    # Then model, count, per-device memory and OS family are read from it
    assert normalise_hardware(spec) == expected


@pytest.mark.parametrize(
    "variants",
    [
        [
            "8x NVIDIA A100-SXM4-80GB, Ubuntu 22.04",
            "8 x a100 80gb / ubuntu 20.04 LTS",
            "A100 80G x8, Linux",
            "8xA100 80GB (Debian)",
        ],
        ["RTX 4090", "GeForce RTX 4090 24GB", "rtx4090", "NVIDIA GeForce RTX-4090"],
        ["4 * V100", "V100 x4", "4xV100", "4 x Tesla V100"],
    ],
)
def test_cosmetic_variants_share_a_key(variants: list[str]) -> None:
    # Given several spellings of the same machine
    # When their keys are computed
    keys = {hardware_key(spec) for spec in variants}
    # Then they are all the same
    assert len(keys) == 1


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("1x A100 80GB", "2x A100 80GB"),
        ("A100 40GB", "A100 80GB"),
        ("8x A100 80GB", "8x H100 80GB"),
        ("RTX 4090, Ubuntu", "RTX 4090, Windows 11"),
        ("V100", "CPU only"),
    ],
)
def test_different_machines_have_different_keys(first: str, second: str) -> None:
    assert hardware_key(first) != hardware_key(second)


def test_key_format_is_stable() -> None:
    assert hardware_key("8x A100 80GB, Ubuntu") == "gpu=a100;count=8;mem=80;os=linux"
    assert hardware_key("") == "gpu=none;count=0;mem=?;os=?"


def test_a_stated_memory_size_overrides_the_known_one() -> None:
    # Given an RTX 4090 with modded 48 GB memory
    # When it is normalised
    # Then the stated figure is used, not the stock 24 GB
    assert normalise_hardware("RTX 4090 48GB").memory_gb == 48


@pytest.mark.parametrize(
    "junk",
    [
        "",
        "   ",
        "???",
        "🚀" * 500,
        "x" * 5_000,
        "1x" * 1_000,
        "\x00\x01\x02",
        "8x",
        "0x A100",
        "a100" * 500,
        "None",
    ],
)
def test_junk_never_raises(junk: str) -> None:
    # Given junk input
    # When it is normalised
    config = normalise_hardware(junk)
    # Then a config comes back, with a sane count
    assert config.gpu_count >= 0
    assert (config.gpu_model is None) == (config.gpu_count == 0)


def test_junk_without_a_gpu_gives_the_empty_config() -> None:
    assert normalise_hardware("lorem ipsum dolor") == HardwareConfig(None, 0, None, None)


def test_a_non_string_gives_the_empty_config() -> None:
    assert normalise_hardware(None) == HardwareConfig(None, 0, None, None)  # type: ignore[arg-type]


@given(st.text(max_size=600))
def test_any_text_normalises_without_raising(spec: str) -> None:
    config = normalise_hardware(spec)
    assert hardware_key(spec).startswith("gpu=")
    assert config.memory_gb is None or config.memory_gb > 0


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("1x A100 80GB", "1x A100 80GB, Ubuntu 22.04"),  # only one states an OS
        ("A100", "A100 80GB"),  # only one states the memory
        ("1x A100 80GB", "1x \u0410100 80GB"),  # a Cyrillic A
        ("1x A100 80GB", "\uff11x \uff21\uff11\uff10\uff10 \uff18\uff10GB"),  # fullwidth
        ("H100 SXM", "\u0397100 SXM"),  # a Greek Eta
        ("asdf", "8x H100"),  # junk states nothing
    ],
)
def test_the_same_machine_unless_a_part_both_state_differs(first: str, second: str) -> None:
    assert same_machine(normalise_hardware(first), normalise_hardware(second))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("1x A100 80GB", "2x A100 80GB"),
        ("A100 40GB", "A100 80GB"),
        ("8x A100", "8x H100"),
        ("RTX 4090, Ubuntu", "RTX 4090, Windows 11"),
        ("V100", "CPU only"),
    ],
)
def test_a_difference_in_a_stated_part_is_another_machine(first: str, second: str) -> None:
    assert not same_machine(normalise_hardware(first), normalise_hardware(second))
