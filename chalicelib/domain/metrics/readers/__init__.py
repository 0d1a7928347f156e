"""One module per output family; importing this package registers every reader (see
`chalicelib/domain/metrics/engine.py`). The registry orders them by `order`; the generic
`name: value` reader runs last."""

from chalicelib.domain.metrics.readers import (  # noqa: F401 - imported to register
    beir,
    bleu,
    coco,
    config,
    dgl,
    gbdt,
    generic,
    hf_trainer,
    json_results,
    keras,
    lightning,
    mmdetection,
    model_index,
    ogb,
    pyg,
    python_dicts,
    rl_scores,
    sb3,
    sentence_transformers,
    sklearn,
    spacy,
    tables,
    torchmetrics_misc,
    torchvision,
    yolo,
)
