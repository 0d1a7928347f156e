"""One module per output family; importing this package registers every reader (see
`chalicelib/domain/metrics/engine.py`). The registry orders them by `order`; the generic
`name: value` reader runs last."""

from chalicelib.domain.metrics.readers import (  # noqa: F401 - imported to register
    bleu,
    coco,
    config,
    generic,
    hf_trainer,
    json_results,
    keras,
    lm_eval,
    mmdetection,
    opencompass,
    python_dicts,
    tables,
    torchvision,
    yolo,
)
