"""One module per output family; importing this package registers every reader (see
`chalicelib/domain/metrics/engine.py`). The registry orders them by `order`; the generic
`name: value` reader runs last."""

from chalicelib.domain.metrics.readers import (  # noqa: F401 - imported to register
    bleu,
    coco,
    config,
    espnet,
    fairseq,
    gbdt,
    generic,
    hf_trainer,
    icefall,
    json_results,
    kaldi,
    keras,
    lm_eval,
    megatron,
    mlperf,
    mmdetection,
    opencompass,
    python_dicts,
    rl_scores,
    rouge,
    sb3,
    sklearn,
    speech_other,
    tables,
    torchvision,
    vllm_bench,
    yolo,
)
